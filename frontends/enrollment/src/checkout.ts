/**
 * 'Complete Payment' (enrollment-and-payment §4 'Payment flow'): the card is confirmed with the
 * card provider, then the payment is recorded on the enrollment.
 * - A payment-type intent: confirm the card payment, then record the payment.
 * - A setup-type intent: confirm the card setup, pay the invoice with the saved card (confirming
 *   authentication if the server asks), then record the payment. After a decline on the invoice
 *   the setup is already done, so the next card is made with createPaymentMethod instead; it
 *   belongs to no customer yet, and the API attaches it to the invoice's customer before paying
 *   (Stripe pays an invoice only with its customer's card; decision 0051).
 * The checkout memo is saved BEFORE confirming: 3-D Secure may take the page to the bank and
 * back to /pay/return. Every provider and API call is injected so this runs in tests.
 */
import type { CheckoutMemo } from './checkout-memo.ts';
import { paymentMessages } from './payment/i18n.ts';
import { declineMessage, payInvoiceDecline, statusOf, unexpectedMessage } from './payment.ts';
import type { SubscriptionReady } from './payment.ts';
import type { PaymentIntentResult, SetupIntentResult, StripeCardElement, StripeClient, StripeError } from './stripe-js.ts';

const t = paymentMessages.t;

export type CardProvider = Pick<StripeClient, 'confirmCardPayment' | 'confirmCardSetup' | 'createPaymentMethod' | 'handleNextAction'>;

export interface PayInvoiceBody {
  readonly invoiceId: string;
  readonly paymentMethodId: string;
  readonly subscriptionId: string;
}

export interface CheckoutApi {
  /** POST /api/stripe/pay-invoice → {success:true} | {action:'confirm_payment', clientSecret}; 402 on a decline. */
  payInvoice(body: PayInvoiceBody): Promise<unknown>;
  /** POST /api/enrollments/{id}/payment (with billingEmail when given) → {success, status, receiptUrl}. */
  recordPayment(enrollmentId: string, billingEmail: string | null): Promise<unknown>;
}

export interface CheckoutDeps {
  readonly stripe: CardProvider;
  readonly card: StripeCardElement;
  readonly api: CheckoutApi;
  readonly saveMemo: (memo: CheckoutMemo) => void;
  readonly clearMemo: () => void;
  /** origin + '/pay/return'. */
  readonly returnUrl: string;
}

export interface CheckoutInput {
  readonly enrollmentId: string;
  readonly setup: SubscriptionReady;
  readonly billingEmail: string | null;
  /** A setup-type intent already confirmed by an earlier try (its invoice payment was declined). */
  readonly setupConfirmed: boolean;
}

export interface Notice {
  readonly title: string;
  readonly message: string;
}

export type CheckoutResult =
  | { readonly kind: 'paid'; readonly receiptUrl: string | null }
  /** A toast and the card form again; `setupConfirmed` carries over to the next try. */
  | { readonly kind: 'failed'; readonly notice: Notice; readonly setupConfirmed: boolean };

const PAID_STATUSES = ['succeeded', 'processing'];
export const isPaidStatus = (status: string | null | undefined): boolean => typeof status === 'string' && PAID_STATUSES.includes(status);

const isAuthenticationFailure = (error: StripeError): boolean =>
  error.code === 'payment_intent_authentication_failure' || error.code === 'setup_intent_authentication_failure';

/** Confirms a payment intent's card payment (handling a next action once), as a notice or null when paid. */
export const confirmPayment = async (
  deps: { readonly stripe: Pick<CardProvider, 'confirmCardPayment' | 'handleNextAction'>; readonly returnUrl: string; readonly card?: StripeCardElement },
  clientSecret: string,
): Promise<Notice | null> => {
  let result: PaymentIntentResult = await deps.stripe.confirmCardPayment(
    clientSecret,
    deps.card ? { payment_method: { card: deps.card }, return_url: deps.returnUrl } : { return_url: deps.returnUrl },
  );
  if (!result.error && result.paymentIntent?.status === 'requires_action') {
    result = await deps.stripe.handleNextAction({ clientSecret });
  }
  if (result.error) {
    return isAuthenticationFailure(result.error)
      ? { title: t('payment.authRequired.title'), message: declineMessage(result.error) }
      : { title: t('payment.failed.title'), message: declineMessage(result.error) };
  }
  const status = result.paymentIntent?.status;
  if (isPaidStatus(status)) return null;
  if (status === 'requires_action') return { title: t('payment.authRequired.title'), message: t('payment.authRequired.text') };
  if (status === 'requires_payment_method') return { title: t('payment.failed.title'), message: declineMessage(result.paymentIntent?.last_payment_error ?? {}) };
  return { title: t('payment.failed.title'), message: t('payment.failed') };
};

const paymentMethodIdOf = (setup: SetupIntentResult['setupIntent']): string | null => {
  const method = setup?.payment_method;
  if (typeof method === 'string') return method === '' ? null : method;
  return method?.id ?? null;
};

/** Saves the card for a setup-type intent: the payment method id, or a notice. */
const saveCard = async (deps: CheckoutDeps, clientSecret: string, setupConfirmed: boolean): Promise<{ id: string } | Notice> => {
  if (setupConfirmed) {
    const created = await deps.stripe.createPaymentMethod({ type: 'card', card: deps.card });
    if (created.error || !created.paymentMethod?.id) {
      return { title: t('payment.methodSetupFailed.title'), message: created.error ? declineMessage(created.error) : t('payment.setupFailed') };
    }
    return { id: created.paymentMethod.id };
  }
  let result: SetupIntentResult = await deps.stripe.confirmCardSetup(clientSecret, { payment_method: { card: deps.card }, return_url: deps.returnUrl });
  if (!result.error && result.setupIntent?.status === 'requires_action') {
    result = await deps.stripe.handleNextAction({ clientSecret });
  }
  if (result.error) {
    return {
      title: isAuthenticationFailure(result.error) ? t('payment.authRequired.title') : t('payment.methodSetupFailed.title'),
      message: declineMessage(result.error),
    };
  }
  const status = result.setupIntent?.status;
  if (status === 'requires_action') return { title: t('payment.authRequired.title'), message: t('payment.authRequired.text') };
  if (!isPaidStatus(status)) return { title: t('payment.methodSetupFailed.title'), message: t('payment.setupFailed') };
  const id = paymentMethodIdOf(result.setupIntent);
  return id ? { id } : { title: t('payment.methodSetupFailed.title'), message: t('payment.missingInfo') };
};

export type InvoicePayment =
  | { readonly kind: 'paid' }
  | { readonly kind: 'failed'; readonly notice: Notice; readonly declined: boolean };

/**
 * Pays the invoice with a saved card: {success} → paid; {action:'confirm_payment'} → the card
 * payment is confirmed (authentication); 402 → the decline text with its code.
 */
export const payInvoiceWith = async (
  deps: { readonly stripe: Pick<CardProvider, 'confirmCardPayment' | 'handleNextAction'>; readonly api: Pick<CheckoutApi, 'payInvoice'>; readonly returnUrl: string },
  body: PayInvoiceBody,
): Promise<InvoicePayment> => {
  if (!body.invoiceId || !body.paymentMethodId || !body.subscriptionId) {
    return { kind: 'failed', notice: { title: t('payment.error.title'), message: t('payment.missingInfo') }, declined: false };
  }
  let answer: unknown;
  try {
    answer = await deps.api.payInvoice(body);
  } catch (error) {
    if (statusOf(error) === 402) return { kind: 'failed', notice: { title: t('payment.failed.title'), message: declineMessage(payInvoiceDecline(error)) }, declined: true };
    return { kind: 'failed', notice: { title: t('payment.error.title'), message: unexpectedMessage(error) }, declined: false };
  }
  const value = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  if (value.action === 'confirm_payment') {
    const clientSecret = typeof value.clientSecret === 'string' ? value.clientSecret : '';
    if (clientSecret === '') return { kind: 'failed', notice: { title: t('payment.authRequired.title'), message: t('payment.authNotReady.text') }, declined: false };
    const notice = await confirmPayment({ stripe: deps.stripe, returnUrl: deps.returnUrl }, clientSecret);
    return notice ? { kind: 'failed', notice, declined: notice.title === t('payment.failed.title') } : { kind: 'paid' };
  }
  if (value.success === true) return { kind: 'paid' };
  // The server's English reason only on an English page.
  const message = typeof value.error === 'string' && paymentMessages.locale() === 'en-US' ? value.error : null;
  return { kind: 'failed', notice: { title: t('payment.failed.title'), message: message ?? t('payment.failed') }, declined: false };
};

/** POST /payment: the receipt URL, or the notice ('Payment failed - Please try again' on a 402). */
export const recordPaymentWith = async (
  api: Pick<CheckoutApi, 'recordPayment'>,
  enrollmentId: string,
  billingEmail: string | null,
): Promise<{ readonly receiptUrl: string | null } | Notice> => {
  try {
    const answer = (await api.recordPayment(enrollmentId, billingEmail)) as { receiptUrl?: unknown } | undefined;
    return { receiptUrl: typeof answer?.receiptUrl === 'string' ? answer.receiptUrl : null };
  } catch (error) {
    if (statusOf(error) === 402) return { title: t('payment.failed.title'), message: t('payment.recordFailed') };
    return { title: t('payment.error.title'), message: unexpectedMessage(error) };
  }
};

const isNotice = (value: object): value is Notice => 'title' in value;

export const runCheckout = async (deps: CheckoutDeps, input: CheckoutInput): Promise<CheckoutResult> => {
  const { setup } = input;
  let setupConfirmed = input.setupConfirmed;
  const failed = (notice: Notice): CheckoutResult => ({ kind: 'failed', notice, setupConfirmed });
  if (setup.clientSecret === '') return failed({ title: t('payment.almostThere.title'), message: t('payment.almostThere.text') });
  try {
    deps.saveMemo({ enrollmentId: input.enrollmentId, subscriptionId: setup.subscriptionId, invoiceId: setup.invoiceId, intentType: setup.intentType });
    if (setup.intentType === 'payment') {
      const notice = await confirmPayment(deps, setup.clientSecret);
      if (notice) return failed(notice);
    } else {
      const saved = await saveCard(deps, setup.clientSecret, setupConfirmed);
      if (isNotice(saved)) return failed(saved);
      setupConfirmed = true;
      const paid = await payInvoiceWith(deps, { invoiceId: setup.invoiceId, paymentMethodId: saved.id, subscriptionId: setup.subscriptionId });
      if (paid.kind === 'failed') return failed(paid.notice);
    }
    const recorded = await recordPaymentWith(deps.api, input.enrollmentId, input.billingEmail);
    if (isNotice(recorded)) return failed(recorded);
    deps.clearMemo();
    return { kind: 'paid', receiptUrl: recorded.receiptUrl };
  } catch (error) {
    return failed({ title: t('payment.error.title'), message: unexpectedMessage(error) });
  }
};
