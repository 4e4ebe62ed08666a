import { beforeAll, describe, expect, it } from '@jest/globals';
import { TIERS, TIER_CODES } from '@portal/client';
import { messages } from './i18n.ts';
import { isDeclineTier, membershipDescription, needsConciergeAcknowledgment, selectLabel, submitLabel, tierName, tierPlan, tierPlans } from './tiers.ts';

beforeAll(() => messages.load('en-US'));

describe('tier plans', () => {
  it('has the six cards of the tier table in order', () => {
    expect(tierPlans().map((plan) => plan.code)).toEqual([
      '120_annual',
      '70_biannual',
      '300_concierge_biannual',
      '500_concierge_annual',
      'decline',
      'decline_hardship',
    ]);
  });

  it('marks Best Value and Premium Annual with their savings', () => {
    expect(tierPlan('120_annual')).toMatchObject({ name: 'Enhanced Annual', price: '$120', priceUnit: 'per year', badge: 'Best Value', savings: 'Save $20!' });
    expect(tierPlan('500_concierge_annual')).toMatchObject({ price: '$500', badge: 'Premium Annual', savings: 'Save $100!' });
    expect(tierPlan('70_biannual')).toMatchObject({ price: '$70', priceUnit: 'per 6 months', badge: null, savings: null });
    expect(tierPlan('decline')).toMatchObject({ name: 'Basic', price: '$0', priceUnit: 'no cost', decline: true });
  });

  it('asks for the concierge acknowledgment only for concierge plans', () => {
    expect(tierPlans().filter((plan) => needsConciergeAcknowledgment(plan.code)).map((plan) => plan.code)).toEqual([
      '300_concierge_biannual',
      '500_concierge_annual',
    ]);
  });

  it('labels the submit button Decline for the decline options, Continue otherwise', () => {
    expect(submitLabel('decline')).toBe('Decline');
    expect(submitLabel('decline_hardship')).toBe('Decline');
    expect(submitLabel('120_annual')).toBe('Continue');
    expect(submitLabel(null)).toBe('Continue');
    expect(isDeclineTier('300_concierge_biannual')).toBe(false);
  });

  it('names each select control after its plan', () => {
    expect(selectLabel(tierPlan('70_biannual'))).toBe('Select Enhanced 6 Month');
  });
});

describe('membershipDescription', () => {
  it('describes the 6-month or annual membership', () => {
    expect(membershipDescription('120_annual')).toBe('Enhanced Annual membership: $120 per year');
    expect(membershipDescription('70_biannual')).toBe('Enhanced 6 Month membership: $70 per 6 months');
  });
});

describe('tier plans in Spanish', () => {
  it('keeps the names the practice gives in English, and reads prices with Intl in Spanish', async () => {
    for (const code of TIER_CODES) expect(tierName(code)).toBe(TIERS[code].name);
    await messages.load('es-US');
    try {
      const texts = { t: messages.t, locale: 'es-US' as const };
      expect(tierPlan('120_annual', texts)).toMatchObject({ price: '$120.00', priceUnit: 'al año', badge: 'Mejor precio', savings: '¡Ahorre $20.00!' });
      expect(tierPlan('70_biannual', texts)).toMatchObject({ price: '$70.00', priceUnit: 'cada 6 meses' });
      expect(tierPlan('500_concierge_annual', texts).savings).toBe('¡Ahorre $100.00!');
      expect(membershipDescription('70_biannual', texts)).toBe('Membresía Enhanced 6 meses: $70.00 cada 6 meses');
    } finally {
      await messages.load('en-US');
    }
  });
});
