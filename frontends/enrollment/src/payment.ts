/**
 * The payment step's rules (enrollment-and-payment §4 'Payment flow', §8 'Payment', §9): the
 * decline text, what a create-subscription answer means, which 409s stop setup and which are
 * retried (1, 2 and 3 s), and the memo-free parts of the pay-invoice answer.
 */
import { ApiError, apiErrorBody, apiErrorField } from '@portal/client';
import { isPatientErrorCode, apiErrorText } from '@portal/client/api-error-text.ts';
import { paymentMessages } from './payment/i18n.ts';

// The server's words this step compares with (not shown as they are in Spanish).
const ALREADY_PAID = 'Already paid';
const EXISTING_ACTIVE_SUBSCRIPTION = 'Existing Active Subscription';
const SUBSCRIPTION_DATA_DISCREPANCY = 'Subscription Data Discrepancy';

const t = paymentMessages.t;
/** The page is not in English: the server's English messages give way to ours. */
const translated = (): boolean => paymentMessages.locale() !== 'en-US';

/** 'Payment Error' in the page's language. */
export const paymentErrorTitle = (): string => t('payment.error.title');

// ---------------------------------------------------------------------------------------------
// The decline text

export interface ProviderError {
  readonly message?: string | null | undefined;
  readonly decline_code?: string | null | undefined;
  /** The API's pay-invoice 402 spells it declineCode. */
  readonly declineCode?: string | null | undefined;
}

/**
 * The provider message, with ' (code: X)' appended when a decline code exists; the fallback
 * 'Your card was declined. Please try a different card.'; a null error 'Something went wrong.'.
 * In Spanish a decline with a code is told in our words for that code (a generic decline for a
 * code we do not word), with ' (código: X)'; without a code, Stripe.js's own message (it speaks
 * the page's language, see stripe-js.ts) or our fallback.
 */
export const declineMessage = (error: ProviderError | null | undefined): string => {
  if (error === null || error === undefined) return t('payment.nullError');
  const given = typeof error.message === 'string' && error.message.trim() !== '' ? error.message.trim() : null;
  const raw = error.decline_code ?? error.declineCode ?? null;
  const code = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
  const message = code !== null && translated() ? t('payment.decline.byCode', { code }) : (given ?? t('payment.declinedFallback'));
  return code !== null ? t('payment.decline.withCode', { message, code }) : message;
};

/** The pay-invoice 402 body {error: message, code, declineCode} as a provider error (its English message only on an English page). */
export const payInvoiceDecline = (error: unknown): ProviderError => {
  const body = apiErrorBody(error);
  const message = typeof body?.error === 'string' ? body.error : typeof body?.message === 'string' ? body.message : null;
  return {
    message: translated() ? null : message,
    declineCode: typeof body?.declineCode === 'string' ? body.declineCode : null,
  };
};

/** A stopping conflict's heading and text: the server's in English, ours in Spanish. */
export const conflictNotice = (title: string, message: string): { readonly title: string; readonly message: string } => {
  if (!translated()) return { title, message };
  const error = title === EXISTING_ACTIVE_SUBSCRIPTION ? 'existing' : 'discrepancy';
  return { title: t('payment.conflict.title', { error }), message: t('payment.conflict.text', { error }) };
};

export const statusOf = (error: unknown): number | null => (error instanceof ApiError ? error.status : null);

/**
 * An answer the page could not decode (ApiContractError, already reported by the client). Checked
 * by name: a query's error may come from another bundle's copy of @portal/client.
 */
export const isContractMismatch = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ApiContractError';

/**
 * 'Payment Error' text: the server's message (or the error's own), else 'An unexpected error
 * occurred.' — also for an answer in a shape the page does not know (its text names fields, not
 * something to show).
 */
export const unexpectedMessage = (error: unknown): string => {
  // In Spanish the server's and the browser's English give way to the API error's text by its code, else ours.
  if (translated()) {
    const code = apiErrorField(error, 'code');
    const message = apiErrorField(error, 'message') ?? apiErrorField(error, 'error') ?? '';
    return isPatientErrorCode(code) ? apiErrorText({ code, message }) : t('payment.unexpected');
  }
  const fromServer = apiErrorField(error, 'message') ?? apiErrorField(error, 'error');
  if (fromServer) return fromServer;
  if (error instanceof ApiError || isContractMismatch(error)) return t('payment.unexpected');
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return t('payment.unexpected');
};

// ---------------------------------------------------------------------------------------------
// create-subscription

/** Waits before the 1st, 2nd and 3rd retry of a conflicting subscription creation (§9). */
export const CONFLICT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 3000];

/** The two server conflicts that stop setup (shown as destructive toasts with the server message). */
export const STOPPING_CONFLICTS: readonly string[] = [EXISTING_ACTIVE_SUBSCRIPTION, SUBSCRIPTION_DATA_DISCREPANCY];

export interface SubscriptionReady {
  readonly clientSecret: string;
  readonly intentType: 'payment' | 'setup';
  readonly invoiceId: string;
  readonly subscriptionId: string;
  readonly message?: string;
}

export type SetupOutcome =
  /** The invoice is already paid: go to confirmation. */
  | { readonly kind: 'paid'; readonly setup: SubscriptionReady }
  /** A client secret: the card form. An empty secret is kept; submit then says 'Almost there'. */
  | { readonly kind: 'ready'; readonly setup: SubscriptionReady }
  /** 'Existing Subscription Found'. */
  | { readonly kind: 'existing'; readonly message: string; readonly renewalDate: string | null; readonly subscriptionId: string | null }
  /** 'Existing Active Subscription' / 'Subscription Data Discrepancy': a destructive toast, setup stops. */
  | { readonly kind: 'conflict'; readonly title: string; readonly message: string }
  | { readonly kind: 'error'; readonly title: string; readonly message: string; readonly emailRequired?: true };

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** What a 200 answer of create-subscription means. */
export const setupOutcomeOf = (body: unknown): SetupOutcome => {
  if (typeof body !== 'object' || body === null) return { kind: 'error', title: paymentErrorTitle(), message: t('payment.unexpected') };
  const value = body as Record<string, unknown>;
  if (value.requiresConfirmation === true) {
    const data = value.subscriptionData as { renewalDate?: unknown } | undefined;
    return {
      kind: 'existing',
      message: text(value.message) ?? '',
      renewalDate: text(data?.renewalDate),
      subscriptionId: text(value.subscriptionId),
    };
  }
  const error = text(value.error);
  if (error) {
    return STOPPING_CONFLICTS.includes(error)
      ? { kind: 'conflict', ...conflictNotice(error, text(value.message) ?? error) }
      : { kind: 'error', title: paymentErrorTitle(), message: translated() ? t('payment.unexpected') : (text(value.message) ?? error) };
  }
  const setup: SubscriptionReady = {
    clientSecret: typeof value.clientSecret === 'string' ? value.clientSecret : '',
    intentType: value.intentType === 'setup' ? 'setup' : 'payment',
    invoiceId: typeof value.invoiceId === 'string' ? value.invoiceId : '',
    subscriptionId: typeof value.subscriptionId === 'string' ? value.subscriptionId : '',
    ...(text(value.message) ? { message: text(value.message)! } : {}),
  };
  if (setup.message === ALREADY_PAID) return { kind: 'paid', setup };
  return { kind: 'ready', setup };
};

export type SetupFailure =
  | { readonly kind: 'conflict'; readonly title: string; readonly message: string }
  /** Any other 409: try again after the next wait. */
  | { readonly kind: 'retry'; readonly title: string; readonly message: string }
  | { readonly kind: 'error'; readonly title: string; readonly message: string; readonly emailRequired?: true };

/** The server needs an email for billing (a provider-login person without one): 422 'Email Required'. */
export const EMAIL_REQUIRED_ERROR = 'Email Required';

/** What a failed create-subscription call means. */
export const setupFailureOf = (error: unknown): SetupFailure => {
  const title = apiErrorField(error, 'error');
  const message = apiErrorField(error, 'message');
  if (statusOf(error) === 409) {
    if (title && STOPPING_CONFLICTS.includes(title)) return { kind: 'conflict', ...conflictNotice(title, message ?? title) };
    return { kind: 'retry', title: title ?? paymentErrorTitle(), message: translated() ? t('payment.unexpected') : (message ?? title ?? t('payment.unexpected')) };
  }
  if (statusOf(error) === 422 && title === EMAIL_REQUIRED_ERROR) {
    return { kind: 'error', title: paymentErrorTitle(), message: translated() ? t('payment.billingEmail.required') : (message ?? title), emailRequired: true };
  }
  return { kind: 'error', title: paymentErrorTitle(), message: unexpectedMessage(error) };
};

/**
 * Calls create-subscription; a 409 other than the two stopping conflicts is retried up to 3
 * times, waiting 1, 2 and 3 s. After the last try the 409's own title and message are the error.
 */
export const createSubscriptionWithRetry = async (
  call: () => Promise<unknown>,
  sleep: (ms: number) => Promise<void>,
  delays: readonly number[] = CONFLICT_RETRY_DELAYS_MS,
): Promise<SetupOutcome> => {
  for (let attempt = 0; ; attempt += 1) {
    let body: unknown;
    try {
      body = await call();
    } catch (error) {
      const failure = setupFailureOf(error);
      const wait = delays[attempt];
      if (failure.kind === 'retry' && wait !== undefined) {
        await sleep(wait);
        continue;
      }
      if (failure.kind === 'conflict') return { kind: 'conflict', title: failure.title, message: failure.message };
      if (failure.kind === 'retry') return { kind: 'error', title: paymentErrorTitle(), message: failure.message };
      return failure;
    }
    return setupOutcomeOf(body);
  }
};

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** 'INV-' and the last 8 characters of the enrollment id (the server sends the same). */
export const invoiceNumberOf = (enrollmentId: string): string => `INV-${enrollmentId.slice(-8)}`;
