/**
 * The staff portal's rules on this side (booking-dashboard-staff §4 'Staff flow', §5, §8, §9):
 * the texts, the date of birth input (MM/DD/YYYY, 10 characters), the duplicate toast, the
 * cached search results (session storage), and the card payment (Stripe.js, 3-D Secure).
 * Pure where it can be: storage and Stripe are passed in.
 */
import { ApiError, apiErrorBody, type StorageLike } from '@portal/client';
import type { StaffPatientRecord } from '@portal/contracts';

export const SEARCH_FAILED = 'Search failed';
export const FAILED_TO_CREATE_SUBSCRIPTION = 'Failed to create subscription';
export const PAYMENT_FAILED = 'Payment Failed';
export const PAYMENT_METHOD_SETUP_FAILED = 'Payment method setup failed';
export const FAILED_TO_PROCESS_PAYMENT = 'Failed to process payment';
export const PAYMENT_BEING_PREPARED = 'Please try again - payment is being prepared';
export const DUPLICATE_SUBSCRIPTION_TITLE = 'Duplicate Subscription Detected';
export const DUPLICATE_TOAST_MS = 10_000;
export const MANUAL_PROCESSING_MS = 1_500;
export const DOB_MAX_LENGTH = 10;
export const STATE_MAX_LENGTH = 2;
export const ZIP_MAX_LENGTH = 10;
export const DEFAULT_STAFF_TIER = '120_annual';
export const PAID_UP_FIELD_ID = '21';
export const OPT_OUT_FIELD_ID = '81';
export const SEARCH_CACHE_KEY = 'staff_search_results';

/** What the date of birth field keeps: digits as MM/DD/YYYY, slashes added while typing, 10 characters at most. */
export const formatDobInput = (value: string): string => {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
};

export interface SearchForm {
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth: string;
}

/** The missing or malformed fields of the search form, by field (all three are required). */
export const searchFormErrors = (form: SearchForm): Partial<Record<keyof SearchForm, string>> => {
  const errors: Partial<Record<keyof SearchForm, string>> = {};
  if (form.firstName.trim() === '') errors.firstName = 'First name is required';
  if (form.lastName.trim() === '') errors.lastName = 'Last name is required';
  if (form.dateOfBirth.trim() === '') errors.dateOfBirth = 'Date of birth is required';
  else if (!/^\d{2}\/\d{2}\/\d{4}$/.test(form.dateOfBirth)) errors.dateOfBirth = 'Date of birth must be in MM/DD/YYYY format';
  return errors;
};

/** A custom field's value on the record ('Yes', 'No'), or null when the record has none. */
/** The patient's language in the portal as staff read it (issue 26; the staff portal stays English). */
export const preferredLanguageName = (locale: StaffPatientRecord['preferredLanguage']): string =>
  locale === 'es-US' ? 'Spanish' : locale === 'en-US' ? 'English' : 'Not known';

export const customFieldValue = (patient: StaffPatientRecord, id: string): string | null => {
  const field = patient.customfields?.find((entry) => entry.customfieldid === id);
  const value = field?.customfieldvalue ?? field?.optionname ?? '';
  return value === '' ? null : value;
};

export interface DuplicateNotice {
  readonly title: string;
  readonly description: string;
}

/** A 409 with existingSubscription → the duplicate toast's text; anything else → null. */
export const duplicateNotice = (error: unknown): DuplicateNotice | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const existing = apiErrorBody(error)?.existingSubscription as { status?: unknown; subscriptionId?: unknown } | undefined;
  if (!existing || typeof existing !== 'object') return null;
  const status = typeof existing.status === 'string' ? existing.status : 'active';
  const id = typeof existing.subscriptionId === 'string' && existing.subscriptionId !== '' ? existing.subscriptionId : 'unknown';
  return {
    title: DUPLICATE_SUBSCRIPTION_TITLE,
    description: `This patient already has a subscription (status: ${status}, ID: ${id}). No new subscription was created. Please review the Stripe dashboard.`,
  };
};

/** The server's message of a failed call, else `fallback`. */
export const failureMessage = (error: unknown, fallback: string): string => {
  const body = apiErrorBody(error);
  const message = body?.message ?? body?.error;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
};

export interface CachedSearch {
  readonly form: SearchForm;
  readonly patients: readonly StaffPatientRecord[];
}

export const readCachedSearch = (storage: StorageLike | null): CachedSearch | null => {
  try {
    const raw = storage?.getItem(SEARCH_CACHE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as CachedSearch;
    return Array.isArray(parsed.patients) && typeof parsed.form === 'object' ? parsed : null;
  } catch {
    return null;
  }
};

export const saveCachedSearch = (storage: StorageLike | null, search: CachedSearch): void => {
  try {
    storage?.setItem(SEARCH_CACHE_KEY, JSON.stringify(search));
  } catch {
    // A full or closed storage only loses the cache.
  }
};

export const clearCachedSearch = (storage: StorageLike | null): void => {
  try {
    storage?.removeItem(SEARCH_CACHE_KEY);
  } catch {
    // Nothing to clear.
  }
};

// ---- the card (Stripe.js) ------------------------------------------------------------------------

export interface StripeErrorLike {
  readonly code?: string;
  readonly decline_code?: string;
  readonly message?: string;
}

export interface CardElementLike {
  mount(target: HTMLElement): void;
  destroy?(): void;
  on?(event: 'change', handler: (event: { complete: boolean; error?: StripeErrorLike | null }) => void): void;
}

export interface StaffStripe {
  elements(): { create(type: 'card', options?: Record<string, unknown>): CardElementLike };
  createPaymentMethod(data: { type: 'card'; card: CardElementLike; billing_details?: Record<string, unknown> }): Promise<{ paymentMethod?: { id: string }; error?: StripeErrorLike }>;
  confirmCardPayment(clientSecret: string, data?: Record<string, unknown>): Promise<{ paymentIntent?: { status: string }; error?: StripeErrorLike }>;
}

export type CardPaymentResult = { readonly kind: 'paid' } | { readonly kind: 'failed'; readonly title: string; readonly message: string };

const declined = (error: StripeErrorLike | undefined): string => {
  const message = error?.message ?? 'Your card was declined. Please try a different card.';
  const code = error?.decline_code ?? error?.code;
  return code ? `${message} (${code})` : message;
};

/**
 * The staff card payment: Stripe.js makes the payment method from the card element; the API pays
 * the invoice with it (pay-invoice, staff bearer); when the bank asks for 3-D Secure, Stripe.js
 * confirms the payment with the secret the API answers.
 */
export const payWithCard = async (
  stripe: Pick<StaffStripe, 'createPaymentMethod' | 'confirmCardPayment'>,
  card: CardElementLike,
  pay: (paymentMethodId: string) => Promise<unknown>,
  billingEmail: string,
  /** Called just before the bank's challenge opens (the page moves its own modal out of the way). */
  onChallenge: () => void = () => undefined,
): Promise<CardPaymentResult> => {
  const created = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { email: billingEmail } });
  if (created.error || !created.paymentMethod) return { kind: 'failed', title: PAYMENT_METHOD_SETUP_FAILED, message: declined(created.error) };
  let answer: unknown;
  try {
    answer = await pay(created.paymentMethod.id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) return { kind: 'failed', title: PAYMENT_FAILED, message: failureMessage(error, declined(undefined)) };
    return { kind: 'failed', title: FAILED_TO_PROCESS_PAYMENT, message: failureMessage(error, FAILED_TO_PROCESS_PAYMENT) };
  }
  const value = (answer ?? {}) as { success?: unknown; action?: unknown; clientSecret?: unknown };
  if (value.success === true) return { kind: 'paid' };
  if (value.action === 'confirm_payment' && typeof value.clientSecret === 'string' && value.clientSecret !== '') {
    onChallenge();
    const confirmed = await stripe.confirmCardPayment(value.clientSecret, { payment_method: created.paymentMethod.id });
    if (confirmed.error) return { kind: 'failed', title: PAYMENT_FAILED, message: declined(confirmed.error) };
    const status = confirmed.paymentIntent?.status;
    return status === 'succeeded' || status === 'processing' ? { kind: 'paid' } : { kind: 'failed', title: PAYMENT_FAILED, message: declined(undefined) };
  }
  return { kind: 'failed', title: FAILED_TO_PROCESS_PAYMENT, message: FAILED_TO_PROCESS_PAYMENT };
};
