/**
 * The payment step's screens (enrollment-and-payment §2 'Payment card', 'Existing-subscription
 * screen', §4 'Payment flow'): which screen a create-subscription outcome shows, when
 * 'Complete Payment' may be pressed, the billing email box, and the expiration date's wording.
 */
import { BillingEmailForm, decodeBody } from '@portal/contracts';
import type { Locale } from '@portal/contracts/locale.ts';
import { formatLongDate } from '@portal/i18n/format.ts';
import type { SetupOutcome, SubscriptionReady } from './payment.ts';
import { paymentMessages } from './payment/i18n.ts';

/** 'No, Contact Front Desk' → the dashboard after 1.5 s (§9). */
export const REACTIVATION_DECLINED_REDIRECT_MS = 1500;
/** 'Subscription Reactivated' → the dashboard after the same wait. */
export const REACTIVATED_REDIRECT_MS = 1500;

export type PaymentPhase =
  /** Reading the enrollment and creating the subscription. */
  | { readonly name: 'loading' }
  /**
   * The card form. `setup` is null when the subscription could not be set up yet because the
   * server needs a billing email first (422 'Email Required'): the billing email box is then
   * checked and required, and the subscription is created on submit after the session is updated.
   */
  | { readonly name: 'card'; readonly setup: SubscriptionReady | null; readonly billingEmailRequired: boolean }
  | { readonly name: 'existing'; readonly message: string; readonly renewalDate: string | null }
  /** 'Existing Active Subscription' / 'Subscription Data Discrepancy': setup stops. */
  | { readonly name: 'stopped'; readonly title: string; readonly message: string }
  /** Anything else that went wrong; 'Try again' starts over. */
  | { readonly name: 'failed'; readonly title: string; readonly message: string }
  /** The invoice was already paid: record it (the server checks with the provider), then Confirmation. */
  | { readonly name: 'already-paid'; readonly setup: SubscriptionReady }
  | { readonly name: 'confirmation' };

export const phaseAfterSetup = (outcome: SetupOutcome, provider: boolean): PaymentPhase => {
  switch (outcome.kind) {
    case 'paid':
      return { name: 'already-paid', setup: outcome.setup };
    case 'ready':
      return { name: 'card', setup: outcome.setup, billingEmailRequired: false };
    case 'existing':
      return { name: 'existing', message: outcome.message, renewalDate: outcome.renewalDate };
    case 'conflict':
      return { name: 'stopped', title: outcome.title, message: outcome.message };
    case 'error':
      return outcome.emailRequired && provider
        ? { name: 'card', setup: null, billingEmailRequired: true }
        : { name: 'failed', title: outcome.title, message: outcome.message };
  }
};

export interface BillingEmailValues {
  readonly useDifferentBillingEmail: boolean;
  readonly billingEmail: string;
}

export type BillingEmailCheck =
  | { readonly ok: true; readonly billingEmail: string | null }
  | { readonly ok: false; readonly message: string };

/**
 * The billing email box (provider-login users only), validated with contracts' BillingEmailForm:
 * unchecked → no billing email; checked → a valid address is required. Guests never send one.
 */
export const checkBillingEmail = (provider: boolean, values: BillingEmailValues): BillingEmailCheck => {
  if (!provider || !values.useDifferentBillingEmail) return { ok: true, billingEmail: null };
  const decoded = decodeBody(BillingEmailForm, { useDifferentBillingEmail: true, billingEmail: values.billingEmail });
  if (decoded._tag === 'Left') {
    // The form's English rule texts are the catalog's English: 'Billing email is required', 'Invalid billing email address'.
    const empty = values.billingEmail.trim() === '';
    return { ok: false, message: paymentMessages.t(empty ? 'payment.billingEmail.required' : 'payment.billingEmail.invalid') };
  }
  const email = decoded.right.billingEmail;
  return { ok: true, billingEmail: typeof email === 'string' && email !== '' ? email : null };
};

/**
 * 'Complete Payment' is disabled while the form is not ready (card provider not loaded, card
 * not complete) or is processing, and — when the billing email box is checked — until the
 * billing email is filled.
 */
export const canSubmitPayment = (state: {
  readonly stripeReady: boolean;
  readonly cardComplete: boolean;
  readonly processing: boolean;
  readonly provider: boolean;
  readonly billing: BillingEmailValues;
}): boolean => {
  if (!state.stripeReady || !state.cardComplete || state.processing) return false;
  if (state.provider && state.billing.useDifferentBillingEmail && state.billing.billingEmail.trim() === '') return false;
  return true;
};

/** The current expiration as people read it ('March 5, 2027', '5 de marzo de 2027'); null or unreadable → null. */
export const formatExpiration = (iso: string | null | undefined, locale: Locale = 'en-US'): string | null => {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  if (locale !== 'en-US') return formatLongDate(date.toISOString().slice(0, 10), locale);
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
};
