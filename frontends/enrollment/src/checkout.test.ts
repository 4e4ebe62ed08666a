import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiError } from '@portal/client';
import { runCheckout } from './checkout.ts';
import type { CardProvider, CheckoutApi, CheckoutDeps, PayInvoiceBody } from './checkout.ts';
import type { CheckoutMemo } from './checkout-memo.ts';
import type { SubscriptionReady } from './payment.ts';
import type { PaymentIntentResult, SetupIntentResult, StripeCardElement } from './stripe-js.ts';
import { paymentMessages } from './payment/i18n.ts';

// The screens' texts come from the catalogs; these tests read them in English.
beforeAll(() => paymentMessages.load('en-US'));

const card: StripeCardElement = { mount: () => undefined, on: () => undefined };

interface FakeOptions {
  payment?: PaymentIntentResult[];
  setup?: SetupIntentResult[];
  next?: (PaymentIntentResult & SetupIntentResult)[];
  created?: { paymentMethod?: { id: string }; error?: { message: string } };
  payInvoice?: (body: PayInvoiceBody) => Promise<unknown>;
  recordPayment?: () => Promise<unknown>;
}

const fake = (options: FakeOptions) => {
  const log: string[] = [];
  const memos: CheckoutMemo[] = [];
  let cleared = 0;
  const payment = [...(options.payment ?? [])];
  const setup = [...(options.setup ?? [])];
  const next = [...(options.next ?? [])];
  const stripe: CardProvider = {
    confirmCardPayment: async (secret, data) => {
      log.push(`confirmCardPayment ${secret} ${data?.payment_method ? 'card' : 'saved'} ${data?.return_url ?? ''}`);
      return payment.shift() ?? { paymentIntent: { id: 'pi', status: 'succeeded' } };
    },
    confirmCardSetup: async (secret) => {
      log.push(`confirmCardSetup ${secret} memo=${memos.length}`);
      return setup.shift() ?? { setupIntent: { id: 'seti', status: 'succeeded', payment_method: 'pm_1' } };
    },
    createPaymentMethod: async () => {
      log.push('createPaymentMethod');
      return options.created ?? { paymentMethod: { id: 'pm_2' } };
    },
    handleNextAction: async ({ clientSecret }) => {
      log.push(`handleNextAction ${clientSecret}`);
      return next.shift() ?? { paymentIntent: { id: 'pi', status: 'succeeded' } };
    },
  };
  const api: CheckoutApi = {
    payInvoice: async (body) => {
      log.push(`payInvoice ${body.invoiceId} ${body.paymentMethodId} ${body.subscriptionId}`);
      return options.payInvoice ? options.payInvoice(body) : { success: true };
    },
    recordPayment: async (id, billingEmail) => {
      log.push(`recordPayment ${id} ${billingEmail ?? '-'}`);
      return options.recordPayment ? options.recordPayment() : { success: true, status: 'active', receiptUrl: 'https://receipt.example/r1' };
    },
  };
  const deps: CheckoutDeps = {
    stripe,
    card,
    api,
    saveMemo: (memo) => {
      log.push('saveMemo');
      memos.push(memo);
    },
    clearMemo: () => {
      cleared += 1;
      log.push('clearMemo');
    },
    returnUrl: 'https://portal.example/pay/return',
  };
  return { deps, log, memos, cleared: () => cleared };
};

const paymentSetup: SubscriptionReady = { clientSecret: 'pi_1_secret_x', intentType: 'payment', invoiceId: 'in_1', subscriptionId: 'sub_1' };
const setupSetup: SubscriptionReady = { clientSecret: 'seti_1_secret_x', intentType: 'setup', invoiceId: 'in_1', subscriptionId: 'sub_1' };
const input = (setup: SubscriptionReady, extra: Partial<{ billingEmail: string | null; setupConfirmed: boolean }> = {}) => ({
  enrollmentId: 'enr_1',
  setup,
  billingEmail: null,
  setupConfirmed: false,
  ...extra,
});

describe('checkout with a payment intent', () => {
  it('saves the memo, confirms the card payment with the return URL, records the payment and clears the memo', async () => {
    const { deps, log, memos } = fake({});
    const result = await runCheckout(deps, input(paymentSetup, { billingEmail: 'billing@example.com' }));
    expect(result).toEqual({ kind: 'paid', receiptUrl: 'https://receipt.example/r1' });
    expect(log).toEqual([
      'saveMemo',
      'confirmCardPayment pi_1_secret_x card https://portal.example/pay/return',
      'recordPayment enr_1 billing@example.com',
      'clearMemo',
    ]);
    expect(memos).toEqual([{ enrollmentId: 'enr_1', subscriptionId: 'sub_1', invoiceId: 'in_1', intentType: 'payment' }]);
  });

  it('shows the decline with its code and keeps the memo', async () => {
    const { deps, log } = fake({ payment: [{ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } }] });
    const result = await runCheckout(deps, input(paymentSetup));
    expect(result).toEqual({ kind: 'failed', notice: { title: 'Payment Failed', message: 'Your card was declined. (code: generic_decline)' }, setupConfirmed: false });
    expect(log).not.toContain('clearMemo');
    expect(log.some((line) => line.startsWith('recordPayment'))).toBe(false);
  });

  it('handles a next action once and asks for authentication when it is still needed', async () => {
    const { deps } = fake({
      payment: [{ paymentIntent: { id: 'pi', status: 'requires_action' } }],
      next: [{ paymentIntent: { id: 'pi', status: 'requires_action' } }],
    });
    expect(await runCheckout(deps, input(paymentSetup))).toMatchObject({
      kind: 'failed',
      notice: { title: 'Authentication Required', message: 'Authentication required to complete payment/setup.' },
    });
  });

  it('reads a failed 3-D Secure as Authentication Required', async () => {
    const { deps } = fake({ payment: [{ error: { code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method.' } }] });
    expect(await runCheckout(deps, input(paymentSetup))).toMatchObject({
      notice: { title: 'Authentication Required', message: 'We are unable to authenticate your payment method.' },
    });
  });

  it("says 'Almost there' without a client secret and touches nothing", async () => {
    const { deps, log } = fake({});
    expect(await runCheckout(deps, input({ ...paymentSetup, clientSecret: '' }))).toMatchObject({
      notice: { title: 'Almost there', message: "We're waiting for your bank to prepare authentication. Please try again." },
    });
    expect(log).toEqual([]);
  });

  it("reads a 402 from /payment as 'Payment failed - Please try again'", async () => {
    const { deps } = fake({ recordPayment: () => Promise.reject(new ApiError(402, JSON.stringify({ error: 'Payment failed - Please try again' }), 'Payment Required')) });
    expect(await runCheckout(deps, input(paymentSetup))).toMatchObject({ notice: { title: 'Payment Failed', message: 'Payment failed - Please try again' } });
  });

  it("turns anything thrown into 'Payment Error'", async () => {
    const { deps } = fake({});
    deps.stripe.confirmCardPayment = () => Promise.reject(new Error('Network down'));
    expect(await runCheckout(deps, input(paymentSetup))).toMatchObject({ notice: { title: 'Payment Error', message: 'Network down' } });
  });
});

describe('checkout with a setup intent', () => {
  it('confirms the setup, pays the invoice with the saved card, then records the payment', async () => {
    const { deps, log } = fake({});
    expect(await runCheckout(deps, input(setupSetup))).toMatchObject({ kind: 'paid' });
    expect(log).toEqual(['saveMemo', 'confirmCardSetup seti_1_secret_x memo=1', 'payInvoice in_1 pm_1 sub_1', 'recordPayment enr_1 -', 'clearMemo']);
  });

  it('confirms the card payment when the server asks', async () => {
    const { deps, log } = fake({ payInvoice: async () => ({ action: 'confirm_payment', clientSecret: 'pi_9_secret' }) });
    expect(await runCheckout(deps, input(setupSetup))).toMatchObject({ kind: 'paid' });
    expect(log).toContain('confirmCardPayment pi_9_secret saved https://portal.example/pay/return');
  });

  it('asks to try again when the server wants authentication without a secret', async () => {
    const { deps } = fake({ payInvoice: async () => ({ action: 'confirm_payment', clientSecret: '' }) });
    expect(await runCheckout(deps, input(setupSetup))).toMatchObject({
      notice: { title: 'Authentication Required', message: 'Authentication required but payment details not yet available. Please try again.' },
    });
  });

  it('shows a pay-invoice decline with its code; the next card is saved with createPaymentMethod on the same invoice', async () => {
    let calls = 0;
    const { deps, log } = fake({
      payInvoice: async () => {
        calls += 1;
        if (calls === 1) {
          throw new ApiError(402, JSON.stringify({ error: 'Your card has insufficient funds.', code: 'card_declined', declineCode: 'insufficient_funds' }), 'Payment Required');
        }
        return { success: true };
      },
    });
    const first = await runCheckout(deps, input(setupSetup));
    expect(first).toEqual({
      kind: 'failed',
      notice: { title: 'Payment Failed', message: 'Your card has insufficient funds. (code: insufficient_funds)' },
      setupConfirmed: true,
    });
    const second = await runCheckout(deps, input(setupSetup, { setupConfirmed: true }));
    expect(second.kind).toBe('paid');
    expect(log.filter((line) => line.startsWith('confirmCardSetup'))).toHaveLength(1);
    expect(log).toContain('createPaymentMethod');
    expect(log).toContain('payInvoice in_1 pm_2 sub_1');
  });

  it("reports a failed setup as 'Payment Method Setup Failed'", async () => {
    const { deps } = fake({ setup: [{ error: { code: 'card_declined', decline_code: 'stolen_card', message: 'Your card was declined.' } }] });
    expect(await runCheckout(deps, input(setupSetup))).toMatchObject({
      notice: { title: 'Payment Method Setup Failed', message: 'Your card was declined. (code: stolen_card)' },
      setupConfirmed: false,
    });
    const other = fake({ setup: [{ setupIntent: { id: 'seti', status: 'canceled' } }] });
    expect(await runCheckout(other.deps, input(setupSetup))).toMatchObject({ notice: { title: 'Payment Method Setup Failed', message: 'Setup failed' } });
  });
});
