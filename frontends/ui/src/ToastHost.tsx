/**
 * Shows the toasts raised with toast() anywhere on the page, on Radix Toast
 * (docs/decisions/0020-ui-primitives-radix.md). Radix keeps each on screen for its duration
 * (paused while the region is hovered or focused, or the window is in the background), closes it
 * on its close button, Escape or a swipe to the right past the threshold, moves focus to the
 * region on the hotkey (F8), and announces each toast in a live region (a destructive one
 * assertively). Our part: one toast at a time (the spec's limit), the look (ui-toast classes),
 * and the window events that carry toasts between micro-frontends (toast.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import * as Toast from '@radix-ui/react-toast';
import { cx } from './cx.ts';
import { CloseIcon } from './Icons.tsx';
import { useUiT } from './i18n.ts';
import {
  TOAST_DEFAULT_DURATION_MS,
  TOAST_DISMISS_EVENT,
  TOAST_EVENT,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD_PX,
  isToastMessage,
} from '@portal/client/toast.ts';
import type { ToastMessage } from '@portal/client/toast.ts';

interface ShownToast extends ToastMessage {
  readonly open: boolean;
}

export function ToastHost() {
  const t = useUiT();
  const [toasts, setToasts] = useState<readonly ShownToast[]>([]);
  const removals = useRef(new Set<number>());

  const dismiss = useCallback((id?: string) => {
    setToasts((current) => current.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
    // Radix plays the exit and unmounts a closed toast; its entry goes after the spec's delay.
    const timer = window.setTimeout(() => {
      removals.current.delete(timer);
      setToasts((current) => current.filter((item) => item.open || (id !== undefined && item.id !== id)));
    }, TOAST_REMOVE_DELAY_MS);
    removals.current.add(timer);
  }, []);

  useEffect(() => {
    const onToast = (event: Event): void => {
      const detail: unknown = (event as CustomEvent<unknown>).detail;
      if (!isToastMessage(detail)) return;
      // Newest first; older ones beyond the limit are dropped at once.
      setToasts((current) => [{ ...detail, open: true }, ...current.filter((item) => item.id !== detail.id)].slice(0, TOAST_LIMIT));
    };
    const onDismiss = (event: Event): void => {
      const detail = (event as CustomEvent<{ id?: unknown }>).detail;
      dismiss(typeof detail?.id === 'string' ? detail.id : undefined);
    };
    const timers = removals.current;
    window.addEventListener(TOAST_EVENT, onToast);
    window.addEventListener(TOAST_DISMISS_EVENT, onDismiss);
    return () => {
      window.removeEventListener(TOAST_EVENT, onToast);
      window.removeEventListener(TOAST_DISMISS_EVENT, onDismiss);
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [dismiss]);

  return (
    <Toast.Provider
      label={t('toast.region')}
      duration={TOAST_DEFAULT_DURATION_MS}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          duration={item.duration}
          // Foreground toasts are announced assertively (as role="alert" was), others politely.
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={cx('ui-toast', `ui-toast--${item.variant}`)}
        >
          <div className="ui-toast__body">
            <Toast.Title className="ui-toast__title">{item.title}</Toast.Title>
            {/* Radix announces the toast's text nodes one after another: a space between title and description. */}{' '}
            {item.description ? <Toast.Description className="ui-toast__description">{item.description}</Toast.Description> : null}
          </div>
          <Toast.Close className="ui-toast__close" aria-label={t('toast.close')}>
            <CloseIcon size={18} />
          </Toast.Close>
        </Toast.Root>
      ))}
      <div className="ui-toast-region">
        <Toast.Viewport className="ui-toast-list" hotkey={[TOAST_HOTKEY]} label={t('toast.viewport', { hotkey: '{hotkey}' })} />
      </div>
    </Toast.Provider>
  );
}
