/**
 * /pay/return (enrollment-and-payment §2 'Payment return screen', §4 'Payment return'): the card
 * provider sends the browser back here after 3-D Secure, with the checkout memo in session
 * storage and the intent's client secret in the query.
 * - No memo: 'Payment session expired. Please start over.'; no secret: 'Invalid return from
 *   payment provider.'.
 * - A setup intent: succeeded or processing → pay the invoice with the saved card (confirming the
 *   card payment when the server asks), record the payment, clear the memo, success.
 *   requires_action → confirmed first, then the same. Any other status is an error.
 * - A payment intent: succeeded or processing → record the payment; requires_action → confirmed
 *   first; requires_payment_method or any other status → the card-declined text.
 */
import type { CheckoutMemo } from './checkout-memo.ts';
import { isPaidStatus, payInvoiceWith, recordPaymentWith } from './checkout.ts';
import type { CardProvider, CheckoutApi } from './checkout.ts';
import { paymentMessages } from './payment/i18n.ts';
import { declineMessage, unexpectedMessage } from './payment.ts';
import type { StripeClient, StripeError } from './stripe-js.ts';

const t = paymentMessages.t;

/** How long 'Payment Successful' stays before the dashboard. */
export const PAY_RETURN_REDIRECT_MS = 2000;
/** /billing/return goes back to / after this long. */
export const BILLING_RETURN_REDIRECT_MS = 5000;

export const SETUP_SECRET_PARAM = 'setup_intent_client_secret';
export const PAYMENT_SECRET_PARAM = 'payment_intent_client_secret';

export type PayReturnState =
  | { readonly name: 'processing' }
  | { readonly name: 'success' }
  | { readonly name: 'error'; readonly message: string };

export type ReturnStart =
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'setup' | 'payment'; readonly clientSecret: string; readonly memo: CheckoutMemo };

const param = (params: URLSearchParams, name: string): string | null => {
  const value = params.get(name)?.trim() ?? '';
  return value === '' ? null : value;
};

/** What the return URL asks for, before any call. */
export const returnStart = (memo: CheckoutMemo | null, params: URLSearchParams): ReturnStart => {
  if (!memo) return { kind: 'error', message: t('payReturn.sessionExpired') };
  const setupSecret = param(params, SETUP_SECRET_PARAM);
  if (setupSecret) return { kind: 'setup', clientSecret: setupSecret, memo };
  const paymentSecret = param(params, PAYMENT_SECRET_PARAM);
  if (paymentSecret) return { kind: 'payment', clientSecret: paymentSecret, memo };
  return { kind: 'error', message: t('payReturn.invalidReturn') };
};

export type SetupStatusAction = 'pay-invoice' | 'confirm' | 'error';
export type PaymentStatusAction = 'record' | 'confirm' | 'declined';

/** A setup intent's status: succeeded or processing pays the invoice; requires_action confirms first. */
export const setupStatusAction = (status: string | null | undefined): SetupStatusAction =>
  isPaidStatus(status) ? 'pay-invoice' : status === 'requires_action' ? 'confirm' : 'error';

/** A payment intent's status: succeeded or processing records; requires_action confirms first; else declined. */
export const paymentStatusAction = (status: string | null | undefined): PaymentStatusAction =>
  isPaidStatus(status) ? 'record' : status === 'requires_action' ? 'confirm' : 'declined';

export interface PayReturnDeps {
  readonly stripe: CardProvider & Pick<StripeClient, 'retrieveSetupIntent' | 'retrievePaymentIntent'>;
  readonly api: CheckoutApi;
  readonly clearMemo: () => void;
  readonly returnUrl: string;
}

export type PayReturnResult = { readonly name: 'success' } | { readonly name: 'error'; readonly message: string };

const failure = (message: string): PayReturnResult => ({ name: 'error', message });

const paymentMethodIdOf = (method: string | { readonly id: string } | null | undefined): string | null =>
  typeof method === 'string' ? (method === '' ? null : method) : (method?.id ?? null);

const recordAndFinish = async (deps: PayReturnDeps, memo: CheckoutMemo): Promise<PayReturnResult> => {
  // The return screen records with an empty body (§7).
  const recorded = await recordPaymentWith(deps.api, memo.enrollmentId, null);
  if ('title' in recorded) return failure(recorded.message);
  deps.clearMemo();
  return { name: 'success' };
};

const finishSetup = async (deps: PayReturnDeps, memo: CheckoutMemo, clientSecret: string): Promise<PayReturnResult> => {
  let result = await deps.stripe.retrieveSetupIntent(clientSecret);
  if (result.error) return failure(declineMessage(result.error));
  let action = setupStatusAction(result.setupIntent?.status);
  if (action === 'confirm') {
    result = await deps.stripe.handleNextAction({ clientSecret });
    if (result.error) return failure(declineMessage(result.error));
    action = setupStatusAction(result.setupIntent?.status);
    if (action !== 'pay-invoice') return failure(t('payment.authRequired.text'));
  }
  if (action === 'error') return failure(declineMessage(result.setupIntent?.last_setup_error ?? { message: t('payment.setupFailed') }));
  const paymentMethodId = paymentMethodIdOf(result.setupIntent?.payment_method);
  if (!paymentMethodId) return failure(t('payment.missingInfo'));
  const paid = await payInvoiceWith(deps, { invoiceId: memo.invoiceId, paymentMethodId, subscriptionId: memo.subscriptionId });
  if (paid.kind === 'failed') return failure(paid.notice.message);
  return recordAndFinish(deps, memo);
};

const declinedText = (error: StripeError | null | undefined): string => declineMessage(error ?? {});

const finishPayment = async (deps: PayReturnDeps, memo: CheckoutMemo, clientSecret: string): Promise<PayReturnResult> => {
  let result = await deps.stripe.retrievePaymentIntent(clientSecret);
  if (result.error) return failure(declineMessage(result.error));
  let action = paymentStatusAction(result.paymentIntent?.status);
  if (action === 'confirm') {
    result = await deps.stripe.handleNextAction({ clientSecret });
    if (result.error) return failure(declineMessage(result.error));
    action = paymentStatusAction(result.paymentIntent?.status);
    if (action === 'confirm') return failure(t('payment.authRequired.text'));
  }
  if (action === 'declined') return failure(declinedText(result.paymentIntent?.last_payment_error));
  return recordAndFinish(deps, memo);
};

/** Runs the return from start to its final state. */
export const runPaymentReturn = async (deps: PayReturnDeps, start: ReturnStart): Promise<PayReturnResult> => {
  if (start.kind === 'error') return failure(start.message);
  try {
    return start.kind === 'setup' ? await finishSetup(deps, start.memo, start.clientSecret) : await finishPayment(deps, start.memo, start.clientSecret);
  } catch (error) {
    return failure(unexpectedMessage(error));
  }
};
