import { describe, expect, it } from '@jest/globals';
import { behaviourOf, brandOf, luhnValid, testPaymentMethodCard } from './cards.ts';

describe('Stripe test cards', () => {
  it('checks numbers with Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('4000002500003155')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
  });

  it('knows what each test card does', () => {
    expect(behaviourOf('4242424242424242')).toEqual({ kind: 'success' });
    expect(behaviourOf('4000000000009995')).toMatchObject({ kind: 'decline', code: 'card_declined', declineCode: 'insufficient_funds' });
    expect(behaviourOf('4000000000000069')).toMatchObject({ kind: 'decline', code: 'expired_card' });
    expect(behaviourOf('4000000000000341')).toEqual({ kind: 'charge_fails' });
    expect(behaviourOf('4000002760003184')).toEqual({ kind: 'three_d_secure', offSession: 'requires_action' });
    expect(behaviourOf('4000002500003155')).toEqual({ kind: 'three_d_secure', offSession: 'succeeds' });
    expect(brandOf('5555555555554444')).toBe('mastercard');
    expect(brandOf('4242424242424242')).toBe('visa');
  });

  it("knows Stripe's test PaymentMethod ids", () => {
    expect(testPaymentMethodCard('pm_card_visa')).toBe('4242424242424242');
    expect(brandOf(testPaymentMethodCard('pm_card_visa') as string)).toBe('visa');
    expect(behaviourOf(testPaymentMethodCard('pm_card_visa') as string)).toEqual({ kind: 'success' });
    expect(behaviourOf(testPaymentMethodCard('pm_card_chargeDeclined') as string)).toEqual({
      kind: 'decline',
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(behaviourOf(testPaymentMethodCard('pm_card_chargeCustomerFail') as string)).toEqual({ kind: 'charge_fails' });
    expect(testPaymentMethodCard('pm_card_nonsense')).toBeNull();
    expect(testPaymentMethodCard('toString')).toBeNull();
    expect(testPaymentMethodCard('pm_1AbCdEf')).toBeNull();
  });
});
