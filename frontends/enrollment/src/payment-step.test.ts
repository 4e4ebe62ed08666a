import { beforeAll, describe, expect, it } from '@jest/globals';
import { canSubmitPayment, checkBillingEmail, formatExpiration, phaseAfterSetup, REACTIVATION_DECLINED_REDIRECT_MS } from './payment-step.ts';
import { paymentMessages } from './payment/i18n.ts';

// The screens' texts come from the catalogs; these tests read them in English.
beforeAll(() => paymentMessages.load('en-US'));

const setup = { clientSecret: 's', intentType: 'payment', invoiceId: 'in', subscriptionId: 'sub' } as const;

describe('payment step screens', () => {
  it('goes from each create-subscription outcome to its screen', () => {
    expect(phaseAfterSetup({ kind: 'ready', setup }, false)).toEqual({ name: 'card', setup, billingEmailRequired: false });
    expect(phaseAfterSetup({ kind: 'paid', setup }, false)).toEqual({ name: 'already-paid', setup });
    expect(phaseAfterSetup({ kind: 'existing', message: 'm', renewalDate: '2027-01-01', subscriptionId: 'sub' }, false)).toEqual({
      name: 'existing',
      message: 'm',
      renewalDate: '2027-01-01',
    });
    expect(phaseAfterSetup({ kind: 'conflict', title: 'Existing Active Subscription', message: 'x' }, false)).toEqual({
      name: 'stopped',
      title: 'Existing Active Subscription',
      message: 'x',
    });
    expect(phaseAfterSetup({ kind: 'error', title: 'Payment Error', message: 'y' }, true)).toEqual({ name: 'failed', title: 'Payment Error', message: 'y' });
  });

  it('asks a provider-login person without an email for a billing email before setting up', () => {
    const emailRequired = { kind: 'error', title: 'Payment Error', message: 'An email address is required for billing.', emailRequired: true } as const;
    expect(phaseAfterSetup(emailRequired, true)).toEqual({ name: 'card', setup: null, billingEmailRequired: true });
    expect(phaseAfterSetup(emailRequired, false)).toEqual({ name: 'failed', title: 'Payment Error', message: 'An email address is required for billing.' });
  });

  it('waits 1.5 s before the dashboard when reactivation is declined', () => {
    expect(REACTIVATION_DECLINED_REDIRECT_MS).toBe(1500);
  });

  it('formats the current expiration', () => {
    expect(formatExpiration('2027-03-05T00:00:00.000Z')).toBe('March 5, 2027');
    expect(formatExpiration(null)).toBeNull();
    expect(formatExpiration('nope')).toBeNull();
  });
});

describe('Complete Payment button', () => {
  const base = { stripeReady: true, cardComplete: true, processing: false, provider: true, billing: { useDifferentBillingEmail: false, billingEmail: '' } };

  it('is enabled once the card provider is ready and the card complete', () => {
    expect(canSubmitPayment(base)).toBe(true);
    expect(canSubmitPayment({ ...base, stripeReady: false })).toBe(false);
    expect(canSubmitPayment({ ...base, cardComplete: false })).toBe(false);
    expect(canSubmitPayment({ ...base, processing: true })).toBe(false);
  });

  it('stays disabled while the billing email box is checked and the email empty', () => {
    expect(canSubmitPayment({ ...base, billing: { useDifferentBillingEmail: true, billingEmail: ' ' } })).toBe(false);
    expect(canSubmitPayment({ ...base, billing: { useDifferentBillingEmail: true, billingEmail: 'a@b.co' } })).toBe(true);
    expect(canSubmitPayment({ ...base, provider: false, billing: { useDifferentBillingEmail: true, billingEmail: '' } })).toBe(true);
  });
});

describe('billing email', () => {
  it('sends none when unchecked, and none for guests', () => {
    expect(checkBillingEmail(true, { useDifferentBillingEmail: false, billingEmail: 'x@y.co' })).toEqual({ ok: true, billingEmail: null });
    expect(checkBillingEmail(false, { useDifferentBillingEmail: true, billingEmail: 'x@y.co' })).toEqual({ ok: true, billingEmail: null });
  });

  it("requires a valid address when checked, with the contracts' messages", () => {
    expect(checkBillingEmail(true, { useDifferentBillingEmail: true, billingEmail: '' })).toEqual({ ok: false, message: 'Billing email is required' });
    expect(checkBillingEmail(true, { useDifferentBillingEmail: true, billingEmail: 'nope' })).toEqual({ ok: false, message: 'Invalid billing email address' });
    expect(checkBillingEmail(true, { useDifferentBillingEmail: true, billingEmail: ' billing@example.com ' })).toEqual({ ok: true, billingEmail: 'billing@example.com' });
  });
});
