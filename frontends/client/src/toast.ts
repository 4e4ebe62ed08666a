/**
 * Toasts for every micro-frontend. A toast is a window CustomEvent ('portal:toast'), so a
 * micro-frontend raises one without sharing state or React context with the shell; the shell's
 * ToastHost shows it. Constants are the spec's (enrollment-and-payment §9).
 */

export { TOAST_DISMISS_EVENT, TOAST_EVENT } from './toast-events.ts';
import { TOAST_DISMISS_EVENT, TOAST_EVENT } from './toast-events.ts';

/** Only one toast at a time: a new one replaces the one on screen. */
export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;
/** How long a dismissed toast is kept before it is removed for good. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_DIRECTION = 'right';
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; 5000 by default. */
  duration?: number;
}

/** The detail of a 'portal:toast' event. */
export interface ToastMessage {
  readonly id: string;
  readonly title: string;
  readonly description: string | undefined;
  readonly variant: ToastVariant;
  readonly duration: number;
}

export interface ToastHandle {
  readonly id: string;
  dismiss: () => void;
}

let counter = 0;
const nextId = (): string => {
  counter += 1;
  return `toast-${Date.now().toString(36)}-${counter}`;
};

/** Dismisses the toast with this id, or whichever toast is showing. */
export const dismissToast = (id?: string): void => {
  window.dispatchEvent(new CustomEvent<{ id?: string }>(TOAST_DISMISS_EVENT, { detail: id ? { id } : {} }));
};

/** Shows a toast: `toast({ title: 'Payment Successful', description: 'Your membership is now active!' })`. */
export const toast = ({ title, description, variant = 'default', duration = TOAST_DEFAULT_DURATION_MS }: ToastOptions): ToastHandle => {
  const message: ToastMessage = { id: nextId(), title, description, variant, duration };
  window.dispatchEvent(new CustomEvent<ToastMessage>(TOAST_EVENT, { detail: message }));
  return { id: message.id, dismiss: () => dismissToast(message.id) };
};

/** Narrows an event's detail to a toast message (events may come from other bundles). */
export const isToastMessage = (value: unknown): value is ToastMessage => {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.title === 'string' &&
    (candidate.description === undefined || typeof candidate.description === 'string') &&
    (candidate.variant === 'default' || candidate.variant === 'destructive') &&
    typeof candidate.duration === 'number'
  );
};
