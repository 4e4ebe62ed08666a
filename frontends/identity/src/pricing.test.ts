import { describe, expect, it } from '@jest/globals';
import { messages } from './i18n.ts';
import { pricingPlans } from './pricing.ts';

// The cards' words come from the catalogs: English first (the spec's texts), Spanish below.
await messages.load('en-US');

describe('login pricing cards', () => {
  const [enhanced, concierge, decline] = pricingPlans();

  it('shows Enhanced at $120 per year or $70 per 6 months with its benefits', () => {
    expect(enhanced?.title).toBe('Enhanced');
    expect(enhanced?.priceSummary).toBe('$120 per year or $70 per 6 months');
    expect(enhanced?.badge).toBe('Save $20!');
    expect(enhanced?.features).toEqual(
      expect.arrayContaining(['Online scheduling and rescheduling', '1 free telemedicine visit a year']),
    );
  });

  it('shows Concierge at $500 per year or $300 per 6 months, for select providers', () => {
    expect(concierge?.title).toBe('Concierge');
    expect(concierge?.priceSummary).toBe('$500 per year or $300 per 6 months');
    expect(concierge?.badge).toBe('Save $100!');
    expect(concierge?.subtitle).toBe('For select providers only');
    expect(concierge?.features).toContain('4 free telemedicine visits a year');
  });

  it('shows Decline (Opt Out) as Basic, free', () => {
    expect(decline?.title).toBe('Decline (Opt Out)');
    expect(decline?.subtitle).toBe('Basic');
    expect(decline?.price).toBe('$0');
    expect(decline?.features).toContain('Membership is optional and does not affect access to medically necessary care.');
  });
});

describe('login pricing cards in Spanish', () => {
  it("shows '$120.00 al año' and the telemedicine visits as a plural", async () => {
    await messages.load('es-US');
    try {
      const [enhanced, concierge, decline] = pricingPlans();
      expect(enhanced?.title).toBe('Enhanced');
      expect(`${enhanced?.price} ${enhanced?.priceUnit}`).toBe('$120.00 al año');
      expect(enhanced?.priceAlternative).toBe('o $70.00 cada 6 meses');
      expect(enhanced?.priceSummary).toBe('$120.00 al año o $70.00 cada 6 meses');
      expect(enhanced?.badge).toBe('¡Ahorre $20.00!');
      expect(enhanced?.features).toContain('1 consulta de telemedicina gratis al año');
      expect(concierge?.features).toContain('4 consultas de telemedicina gratis al año');
      expect(concierge?.badge).toBe('¡Ahorre $100.00!');
      expect(decline?.price).toBe('$0.00');
      expect(decline?.priceSummary).toBe('Básico: gratis ($0.00)');
    } finally {
      await messages.load('en-US');
    }
  });
});
