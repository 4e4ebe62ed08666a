import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { groupProviders, isAnnualPhysical } from './providers.ts';
import { messages } from './i18n.ts';

// The screens' words come from the catalog: these read the English one.
const t = messages.t;
beforeAll(() => messages.load('en-US'));

describe('providers for the provider step', () => {
  it("put 'No Preference' first, then providers by specialty ('Provider' when none), by name", () => {
    const groups = groupProviders(t, [
      { id: '3', name: 'Zoe Young', displayName: 'Dr. Zoe Young', specialty: 'Internal Medicine' },
      { id: '1', name: 'Ann Able', displayName: 'Dr. Ann Able', specialty: 'Family Medicine' },
      { id: '2', name: 'Ben Bell', displayName: 'Ben Bell, NP', specialty: null },
      { id: '4', name: 'Amy Ash', displayName: 'Dr. Amy Ash', specialty: 'Internal Medicine' },
      { id: '5', name: 'Cal Cole', displayName: 'Cal Cole, PA' },
    ]);
    expect(groups.map((group) => [group.specialty, group.providers.map((provider) => provider.displayName)])).toEqual([
      ['No Preference', ['No Preference']],
      ['Family Medicine', ['Dr. Ann Able']],
      ['Internal Medicine', ['Dr. Amy Ash', 'Dr. Zoe Young']],
      ['Provider', ['Ben Bell, NP', 'Cal Cole, PA']],
    ]);
    expect(groups[0]?.providers[0]?.id).toBe('any');
  });

  it('give no groups when there are no providers (No providers available)', () => {
    expect(groupProviders(t, [])).toEqual([]);
    expect(groupProviders(t, [{ id: 'any', name: 'No Preference', displayName: 'No Preference' }])).toEqual([]);
  });

  it('does not list No Preference twice when the API sends one', () => {
    const groups = groupProviders(t, [
      { id: 'any', name: 'No Preference', displayName: 'No Preference' },
      { id: '1', name: 'Ann Able', displayName: 'Dr. Ann Able', specialty: 'Family Medicine' },
    ]);
    expect(groups.flatMap((group) => group.providers).filter((provider) => provider.id === 'any')).toHaveLength(1);
  });
});

describe('specialties in Spanish', () => {
  afterAll(() => messages.load('en-US'));

  it('are the catalog\'s for the common ones, as the health record sends them otherwise, in Spanish order', async () => {
    await messages.load('es-US');
    const groups = groupProviders(messages.t, [
      { id: '1', name: 'Ann Able', displayName: 'Dr. Ann Able', specialty: 'Pediatrics' },
      { id: '2', name: 'Ben Bell', displayName: 'Dr. Ben Bell', specialty: ' Family Medicine ' },
      { id: '3', name: 'Cy Cole', displayName: 'Dr. Cy Cole', specialty: 'Internal Medicine' },
      { id: '4', name: 'Di Dunn', displayName: 'Dr. Di Dunn', specialty: 'Sports Medicine' },
      { id: '5', name: 'Ed Eck', displayName: 'Ed Eck, NP', specialty: null },
    ]);
    expect(groups.map((group) => group.specialty)).toEqual(['Sin preferencia', 'Medicina familiar', 'Medicina interna', 'Pediatría', 'Proveedor', 'Sports Medicine']);
  });
});

describe('annual physicals', () => {
  it('are types 5 and 12', () => {
    expect(['5', '12', '1', '51', null].map((id) => isAnnualPhysical(id))).toEqual([true, true, false, false, false]);
  });
});
