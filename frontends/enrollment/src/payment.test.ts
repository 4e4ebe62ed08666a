import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiError } from '@portal/client';
import {
  CONFLICT_RETRY_DELAYS_MS,
  createSubscriptionWithRetry,
  declineMessage,
  invoiceNumberOf,
  payInvoiceDecline,
  setupFailureOf,
  setupOutcomeOf,
  unexpectedMessage,
} from './payment.ts';
import { paymentMessages } from './payment/i18n.ts';

// The screens' texts come from the catalogs; these tests read them in English.
beforeAll(() => paymentMessages.load('en-US'));

const apiError = (status: number, body: unknown): ApiError => new ApiError(status, JSON.stringify(body), 'Error');

describe('decline message', () => {
  it('appends the decline code to the provider message', () => {
    expect(declineMessage({ message: 'Your card was declined.', decline_code: 'generic_decline' })).toBe('Your card was declined. (code: generic_decline)');
    expect(declineMessage({ message: 'Your card has insufficient funds.', declineCode: 'insufficient_funds' })).toBe(
      'Your card has insufficient funds. (code: insufficient_funds)',
    );
  });

  it('shows the message alone without a decline code', () => {
    expect(declineMessage({ message: 'Your card number is incorrect.' })).toBe('Your card number is incorrect.');
    expect(declineMessage({ message: 'Expired', decline_code: '' })).toBe('Expired');
  });

  it('falls back to the card-declined text, and reads a null error as something went wrong', () => {
    expect(declineMessage({})).toBe('Your card was declined. Please try a different card.');
    expect(declineMessage({ message: '  ', decline_code: 'do_not_honor' })).toBe('Your card was declined. Please try a different card. (code: do_not_honor)');
    expect(declineMessage(null)).toBe('Something went wrong.');
    expect(declineMessage(undefined)).toBe('Something went wrong.');
  });

  it("reads pay-invoice's 402 body {error, code, declineCode}", () => {
    const error = apiError(402, { error: 'Your card was declined.', code: 'card_declined', declineCode: 'generic_decline' });
    expect(declineMessage(payInvoiceDecline(error))).toBe('Your card was declined. (code: generic_decline)');
    expect(declineMessage(payInvoiceDecline(new ApiError(402, '', 'Payment Required')))).toBe('Your card was declined. Please try a different card.');
  });

  it("gives 'Payment Error' the server message, else 'An unexpected error occurred.'", () => {
    expect(unexpectedMessage(apiError(500, { error: 'Internal Server Error', requestId: 'r' }))).toBe('Internal Server Error');
    expect(unexpectedMessage(apiError(422, { error: 'Email Required', message: 'An email address is required for billing.' }))).toBe(
      'An email address is required for billing.',
    );
    expect(unexpectedMessage(new ApiError(502, '', 'Bad Gateway'))).toBe('An unexpected error occurred.');
    expect(unexpectedMessage(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(unexpectedMessage('nope')).toBe('An unexpected error occurred.');
  });
});

describe('create-subscription answers', () => {
  it('reads a payment intent, a setup intent and an already paid invoice', () => {
    expect(setupOutcomeOf({ clientSecret: 'pi_1_secret', intentType: 'payment', invoiceId: 'in_1', subscriptionId: 'sub_1' })).toEqual({
      kind: 'ready',
      setup: { clientSecret: 'pi_1_secret', intentType: 'payment', invoiceId: 'in_1', subscriptionId: 'sub_1' },
    });
    expect(setupOutcomeOf({ clientSecret: 'seti_1_secret', intentType: 'setup', invoiceId: 'in_1', subscriptionId: 'sub_1' })).toMatchObject({
      kind: 'ready',
      setup: { intentType: 'setup' },
    });
    expect(setupOutcomeOf({ clientSecret: '', intentType: 'payment', invoiceId: 'in_1', subscriptionId: 'sub_1', message: 'Already paid' })).toMatchObject({
      kind: 'paid',
    });
  });

  it('keeps an empty client secret (submit then says Almost there)', () => {
    expect(setupOutcomeOf({ clientSecret: '', intentType: 'payment', invoiceId: 'in_1', subscriptionId: 'sub_1' })).toMatchObject({
      kind: 'ready',
      setup: { clientSecret: '' },
    });
  });

  it('sends requiresConfirmation to the existing-subscription screen', () => {
    expect(
      setupOutcomeOf({ requiresConfirmation: true, message: 'Your membership ends soon', subscriptionId: 'sub_9', subscriptionData: { renewalDate: '2027-03-05T00:00:00.000Z' } }),
    ).toEqual({ kind: 'existing', message: 'Your membership ends soon', renewalDate: '2027-03-05T00:00:00.000Z', subscriptionId: 'sub_9' });
  });

  it('stops on the two conflicts, in a 200 body or a 409', () => {
    expect(setupOutcomeOf({ error: 'Existing Active Subscription', message: 'You already have an active membership.' })).toEqual({
      kind: 'conflict',
      title: 'Existing Active Subscription',
      message: 'You already have an active membership.',
    });
    expect(setupFailureOf(apiError(409, { error: 'Subscription Data Discrepancy', message: 'Please call us.' }))).toEqual({
      kind: 'conflict',
      title: 'Subscription Data Discrepancy',
      message: 'Please call us.',
    });
  });

  it('retries any other 409, and not other failures', () => {
    expect(setupFailureOf(apiError(409, { error: 'Payment Not Available', message: 'Please sign the membership documents before paying.' })).kind).toBe('retry');
    expect(setupFailureOf(new ApiError(409, '', 'Conflict')).kind).toBe('retry');
    expect(setupFailureOf(apiError(422, { error: 'Email Required', message: 'An email address is required for billing.' }))).toEqual({
      kind: 'error',
      title: 'Payment Error',
      message: 'An email address is required for billing.',
      emailRequired: true,
    });
    expect(setupFailureOf(apiError(500, { error: 'Internal Server Error' }))).toEqual({ kind: 'error', title: 'Payment Error', message: 'Internal Server Error' });
  });
});

describe('409 retry schedule', () => {
  const conflict = (): Promise<unknown> => Promise.reject(apiError(409, { error: 'Conflict', message: 'Busy' }));

  it('waits 1, 2 and 3 seconds', () => {
    expect(CONFLICT_RETRY_DELAYS_MS).toEqual([1000, 2000, 3000]);
  });

  it('tries 4 times in all, then reports the conflict as a Payment Error', async () => {
    const waits: number[] = [];
    let calls = 0;
    const outcome = await createSubscriptionWithRetry(
      () => {
        calls += 1;
        return conflict();
      },
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(calls).toBe(4);
    expect(waits).toEqual([1000, 2000, 3000]);
    expect(outcome).toEqual({ kind: 'error', title: 'Payment Error', message: 'Busy' });
  });

  it('stops retrying as soon as an answer comes', async () => {
    const waits: number[] = [];
    let calls = 0;
    const outcome = await createSubscriptionWithRetry(
      () => {
        calls += 1;
        return calls < 3 ? conflict() : Promise.resolve({ clientSecret: 's', intentType: 'payment', invoiceId: 'in', subscriptionId: 'sub' });
      },
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(waits).toEqual([1000, 2000]);
    expect(outcome.kind).toBe('ready');
  });

  it('never retries the stopping conflicts or other errors', async () => {
    const waits: number[] = [];
    const stop = await createSubscriptionWithRetry(
      () => Promise.reject(apiError(409, { error: 'Existing Active Subscription', message: 'Already a member.' })),
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(stop).toEqual({ kind: 'conflict', title: 'Existing Active Subscription', message: 'Already a member.' });
    const error = await createSubscriptionWithRetry(
      () => Promise.reject(apiError(404, { error: 'Not Found' })),
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(error.kind).toBe('error');
    expect(waits).toEqual([]);
  });
});

describe('invoice number', () => {
  it('is INV- and the last 8 characters of the enrollment id', () => {
    expect(invoiceNumberOf('3f2a9c1e-7b4d-4e0a-9c2b-12345678abcd')).toBe('INV-5678abcd');
  });
});

describe('decline message in Spanish', () => {
  beforeAll(() => paymentMessages.load('es-US'));
  afterAll(() => paymentMessages.load('en-US'));

  it('words the decline by its code, in the page language', () => {
    expect(declineMessage({ message: 'Your card has insufficient funds.', decline_code: 'insufficient_funds' })).toBe(
      'Su tarjeta no tiene fondos suficientes. Por favor, intente con otra tarjeta. (código: insufficient_funds)',
    );
    expect(declineMessage({ message: 'Your card was declined.', declineCode: 'do_not_honor' })).toBe(
      'Su tarjeta fue rechazada. Por favor, intente con otra tarjeta. (código: do_not_honor)',
    );
    expect(declineMessage(payInvoiceDecline(apiError(402, { error: 'Your card was declined.', declineCode: 'expired_card' })))).toBe(
      'Su tarjeta está vencida. Por favor, intente con otra tarjeta. (código: expired_card)',
    );
    expect(declineMessage(null)).toBe('Algo salió mal.');
    expect(unexpectedMessage(apiError(500, { error: 'Internal Server Error' }))).toBe('Ocurrió un error inesperado.');
  });
});
