/**
 * The checkout memo in session storage (enrollment-and-payment §3 'Checkout memo'): enrollmentId,
 * subscriptionId, invoiceId and intentType, saved BEFORE the card is confirmed so /pay/return
 * can finish the payment after the bank's 3-D Secure redirect. The key starts with 'portal:' so
 * the logout cleanup removes it.
 */
import type { StorageLike } from '@portal/client';

export const CHECKOUT_MEMO_KEY = 'portal:checkoutMemo';

export interface CheckoutMemo {
  readonly enrollmentId: string;
  readonly subscriptionId: string;
  readonly invoiceId: string;
  readonly intentType: 'payment' | 'setup';
}

type Store = Pick<StorageLike, 'getItem' | 'setItem' | 'removeItem'>;

const sessionStore = (): Store | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

export const saveCheckoutMemo = (memo: CheckoutMemo, store: Store | null = sessionStore()): void => {
  try {
    store?.setItem(CHECKOUT_MEMO_KEY, JSON.stringify(memo));
  } catch {
    // Storage full or blocked: the return page then says the session expired.
  }
};

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The stored memo, or null when there is none or it is not a complete memo. */
export const readCheckoutMemo = (store: Store | null = sessionStore()): CheckoutMemo | null => {
  let raw: string | null = null;
  try {
    raw = store?.getItem(CHECKOUT_MEMO_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const value = parsed as Record<string, unknown>;
  if (!nonEmpty(value.enrollmentId) || !nonEmpty(value.subscriptionId) || !nonEmpty(value.invoiceId)) return null;
  return {
    enrollmentId: value.enrollmentId,
    subscriptionId: value.subscriptionId,
    invoiceId: value.invoiceId,
    intentType: value.intentType === 'setup' ? 'setup' : 'payment',
  };
};

export const clearCheckoutMemo = (store: Store | null = sessionStore()): void => {
  try {
    store?.removeItem(CHECKOUT_MEMO_KEY);
  } catch {
    // Nothing to do.
  }
};
