import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiError } from '@portal/client';
import type { CheckoutMemo } from './checkout-memo.ts';
import { paymentStatusAction, returnStart, runPaymentReturn, setupStatusAction } from './pay-return.ts';
import type { PayReturnDeps } from './pay-return.ts';
import type { PaymentIntentResult, SetupIntentResult } from './stripe-js.ts';
import { paymentMessages } from './payment/i18n.ts';

// The screens' texts come from the catalogs; these tests read them in English.
beforeAll(() => paymentMessages.load('en-US'));

const memo: CheckoutMemo = { enrollmentId: 'enr_1', subscriptionId: 'sub_1', invoiceId: 'in_1', intentType: 'setup' };
const params = (query: string): URLSearchParams => new URLSearchParams(query);

describe('return start', () => {
  it('needs the memo first', () => {
    expect(returnStart(null, params('payment_intent_client_secret=pi_secret'))).toEqual({ kind: 'error', message: 'Payment session expired. Please start over.' });
  });

  it('needs a client secret', () => {
    expect(returnStart(memo, params('redirect_status=succeeded'))).toEqual({ kind: 'error', message: 'Invalid return from payment provider.' });
    expect(returnStart(memo, params('payment_intent_client_secret='))).toEqual({ kind: 'error', message: 'Invalid return from payment provider.' });
  });

  it('picks the setup or payment intent from the query', () => {
    expect(returnStart(memo, params('setup_intent=seti_1&setup_intent_client_secret=seti_1_secret&redirect_status=succeeded'))).toEqual({
      kind: 'setup',
      clientSecret: 'seti_1_secret',
      memo,
    });
    expect(returnStart(memo, params('payment_intent=pi_1&payment_intent_client_secret=pi_1_secret'))).toEqual({ kind: 'payment', clientSecret: 'pi_1_secret', memo });
  });
});

describe('intent status', () => {
  it('pays the invoice for a succeeded or processing setup, confirms one needing action, else fails', () => {
    expect(setupStatusAction('succeeded')).toBe('pay-invoice');
    expect(setupStatusAction('processing')).toBe('pay-invoice');
    expect(setupStatusAction('requires_action')).toBe('confirm');
    expect(setupStatusAction('requires_payment_method')).toBe('error');
    expect(setupStatusAction('canceled')).toBe('error');
    expect(setupStatusAction(undefined)).toBe('error');
  });

  it('records a succeeded or processing payment, confirms one needing action, else declined', () => {
    expect(paymentStatusAction('succeeded')).toBe('record');
    expect(paymentStatusAction('processing')).toBe('record');
    expect(paymentStatusAction('requires_action')).toBe('confirm');
    expect(paymentStatusAction('requires_payment_method')).toBe('declined');
    expect(paymentStatusAction('canceled')).toBe('declined');
  });
});

const fakeDeps = (options: {
  setupIntent?: SetupIntentResult;
  paymentIntent?: PaymentIntentResult;
  next?: PaymentIntentResult & SetupIntentResult;
  payInvoice?: () => Promise<unknown>;
  recordPayment?: () => Promise<unknown>;
}) => {
  const log: string[] = [];
  const deps: PayReturnDeps = {
    stripe: {
      retrieveSetupIntent: async (secret) => {
        log.push(`retrieveSetupIntent ${secret}`);
        return options.setupIntent ?? { setupIntent: { id: 'seti', status: 'succeeded', payment_method: 'pm_1' } };
      },
      retrievePaymentIntent: async (secret) => {
        log.push(`retrievePaymentIntent ${secret}`);
        return options.paymentIntent ?? { paymentIntent: { id: 'pi', status: 'succeeded' } };
      },
      handleNextAction: async ({ clientSecret }) => {
        log.push(`handleNextAction ${clientSecret}`);
        return options.next ?? {};
      },
      confirmCardPayment: async (secret) => {
        log.push(`confirmCardPayment ${secret}`);
        return { paymentIntent: { id: 'pi', status: 'succeeded' } };
      },
      confirmCardSetup: async () => ({}),
      createPaymentMethod: async () => ({}),
    },
    api: {
      payInvoice: async (body) => {
        log.push(`payInvoice ${body.invoiceId} ${body.paymentMethodId} ${body.subscriptionId}`);
        return options.payInvoice ? options.payInvoice() : { success: true };
      },
      recordPayment: async (id, billingEmail) => {
        log.push(`recordPayment ${id} ${billingEmail ?? 'empty'}`);
        return options.recordPayment ? options.recordPayment() : { success: true };
      },
    },
    clearMemo: () => log.push('clearMemo'),
    returnUrl: 'https://portal.example/pay/return',
  };
  return { deps, log };
};

describe('payment return', () => {
  it('with a setup secret: pays the invoice with the saved card, records with an empty body, clears the memo', async () => {
    const { deps, log } = fakeDeps({});
    const result = await runPaymentReturn(deps, returnStart(memo, params('setup_intent_client_secret=seti_s')));
    expect(result).toEqual({ name: 'success' });
    expect(log).toEqual(['retrieveSetupIntent seti_s', 'payInvoice in_1 pm_1 sub_1', 'recordPayment enr_1 empty', 'clearMemo']);
  });

  it('confirms the card payment when pay-invoice asks', async () => {
    const { deps, log } = fakeDeps({ payInvoice: async () => ({ action: 'confirm_payment', clientSecret: 'pi_7_secret' }) });
    expect(await runPaymentReturn(deps, returnStart(memo, params('setup_intent_client_secret=seti_s')))).toEqual({ name: 'success' });
    expect(log).toContain('confirmCardPayment pi_7_secret');
  });

  it('confirms a setup needing action first, then continues', async () => {
    const { deps, log } = fakeDeps({
      setupIntent: { setupIntent: { id: 'seti', status: 'requires_action' } },
      next: { setupIntent: { id: 'seti', status: 'succeeded', payment_method: { id: 'pm_3' } } },
    });
    expect(await runPaymentReturn(deps, returnStart(memo, params('setup_intent_client_secret=seti_s')))).toEqual({ name: 'success' });
    expect(log).toContain('handleNextAction seti_s');
    expect(log).toContain('payInvoice in_1 pm_3 sub_1');
  });

  it('fails any other setup status without paying', async () => {
    const { deps, log } = fakeDeps({ setupIntent: { setupIntent: { id: 'seti', status: 'requires_payment_method' } } });
    expect(await runPaymentReturn(deps, returnStart(memo, params('setup_intent_client_secret=seti_s')))).toEqual({ name: 'error', message: 'Setup failed' });
    expect(log.some((line) => line.startsWith('payInvoice'))).toBe(false);
  });

  it('shows a pay-invoice decline with its code', async () => {
    const { deps } = fakeDeps({
      payInvoice: () => Promise.reject(new ApiError(402, JSON.stringify({ error: 'Your card was declined.', declineCode: 'generic_decline' }), 'Payment Required')),
    });
    expect(await runPaymentReturn(deps, returnStart(memo, params('setup_intent_client_secret=seti_s')))).toEqual({
      name: 'error',
      message: 'Your card was declined. (code: generic_decline)',
    });
  });

  it('with a payment secret: records a succeeded or processing payment', async () => {
    for (const status of ['succeeded', 'processing']) {
      const { deps, log } = fakeDeps({ paymentIntent: { paymentIntent: { id: 'pi', status } } });
      expect(await runPaymentReturn(deps, returnStart(memo, params('payment_intent_client_secret=pi_s')))).toEqual({ name: 'success' });
      expect(log).toEqual(['retrievePaymentIntent pi_s', 'recordPayment enr_1 empty', 'clearMemo']);
    }
  });

  it('confirms a payment needing action first', async () => {
    const { deps, log } = fakeDeps({
      paymentIntent: { paymentIntent: { id: 'pi', status: 'requires_action' } },
      next: { paymentIntent: { id: 'pi', status: 'succeeded' } },
    });
    expect(await runPaymentReturn(deps, returnStart(memo, params('payment_intent_client_secret=pi_s')))).toEqual({ name: 'success' });
    expect(log).toContain('handleNextAction pi_s');
  });

  it('gives the card-declined text for requires_payment_method and other statuses', async () => {
    const { deps, log } = fakeDeps({ paymentIntent: { paymentIntent: { id: 'pi', status: 'requires_payment_method' } } });
    expect(await runPaymentReturn(deps, returnStart(memo, params('payment_intent_client_secret=pi_s')))).toEqual({
      name: 'error',
      message: 'Your card was declined. Please try a different card.',
    });
    expect(log).not.toContain('clearMemo');
    const coded = fakeDeps({
      paymentIntent: { paymentIntent: { id: 'pi', status: 'requires_payment_method', last_payment_error: { message: 'Authentication failed.', decline_code: 'authentication_required' } } },
    });
    expect(await runPaymentReturn(coded.deps, returnStart(memo, params('payment_intent_client_secret=pi_s')))).toEqual({
      name: 'error',
      message: 'Authentication failed. (code: authentication_required)',
    });
  });

  it("reports a failed recording as 'Payment failed - Please try again'", async () => {
    const { deps } = fakeDeps({ recordPayment: () => Promise.reject(new ApiError(402, '{"error":"Payment failed - Please try again"}', 'Payment Required')) });
    expect(await runPaymentReturn(deps, returnStart(memo, params('payment_intent_client_secret=pi_s')))).toEqual({
      name: 'error',
      message: 'Payment failed - Please try again',
    });
  });

  it('passes start errors through and calls nothing', async () => {
    const { deps, log } = fakeDeps({});
    expect(await runPaymentReturn(deps, returnStart(null, params('')))).toEqual({ name: 'error', message: 'Payment session expired. Please start over.' });
    expect(log).toEqual([]);
  });
});
