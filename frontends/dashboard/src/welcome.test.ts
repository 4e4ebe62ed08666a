import { beforeAll, describe, expect, it } from '@jest/globals';
import { welcomeFor } from './welcome.ts';
import { messages } from './i18n.ts';

// The screens' words come from the catalog: these read the English one.
const t = messages.t;
beforeAll(() => messages.load('en-US'));

describe('welcomeFor', () => {
  it('greets a provider-login patient by name, with email and the athenahealth badge', () => {
    expect(
      welcomeFor(t, { kind: 'provider', patientId: 'p1', patientName: 'Jane Doe', caregiverName: null, email: 'jane@example.org' }),
    ).toEqual({ title: 'Welcome, Jane Doe', email: 'jane@example.org', badge: 'athenahealth', caregiverName: null, actingFor: null });
  });

  it('greets a caregiver by their own name and says whom they act for', () => {
    const welcome = welcomeFor(t, { kind: 'provider', patientId: 'p2', patientName: 'Sam Doe', caregiverName: 'Jane Doe', email: null });
    expect(welcome.title).toBe('Welcome, Jane Doe');
    expect(welcome.actingFor).toBe('Sam Doe');
    expect(welcome.caregiverName).toBe('Jane Doe');
  });

  it('greets a guest with their verified email and the Guest badge', () => {
    expect(welcomeFor(t, { kind: 'guest', email: 'guest@example.org', phone: '4015550199' })).toEqual({
      title: 'Welcome!',
      email: 'guest@example.org',
      badge: 'Guest',
      caregiverName: null,
      actingFor: null,
    });
  });
});
