/**
 * Shows the toasts raised with toast() anywhere on the page: one at a time, for its duration
 * (paused while hovered or focused), dismissed by its close button or by a swipe to the right of
 * 50 px. F8 moves focus to the notification region; the region is an aria-live area so toasts
 * are announced.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { cx } from './cx.ts';
import { CloseIcon } from './Icons.tsx';
import {
  TOAST_DISMISS_EVENT,
  TOAST_EVENT,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_SWIPE_THRESHOLD_PX,
  isToastMessage,
} from './toast.ts';
import type { ToastMessage } from './toast.ts';

/** Length of the exit animation; the toast leaves the DOM after it. */
const EXIT_MS = 200;

interface ShownToast extends ToastMessage {
  readonly open: boolean;
}

export function ToastHost() {
  const [toasts, setToasts] = useState<readonly ShownToast[]>([]);
  const regionRef = useRef<HTMLDivElement>(null);

  const dismiss = useCallback((id?: string) => {
    setToasts((current) => current.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
    window.setTimeout(() => {
      setToasts((current) => current.filter((item) => item.open || (id !== undefined && item.id !== id)));
    }, EXIT_MS);
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
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key === TOAST_HOTKEY && !event.altKey && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener(TOAST_EVENT, onToast);
    window.addEventListener(TOAST_DISMISS_EVENT, onDismiss);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener(TOAST_EVENT, onToast);
      window.removeEventListener(TOAST_DISMISS_EVENT, onDismiss);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [dismiss]);

  return (
    <div ref={regionRef} className="ui-toast-region" role="region" aria-label={`Notifications (${TOAST_HOTKEY})`} tabIndex={-1}>
      <ol className="ui-toast-list" aria-live="polite" aria-relevant="additions text">
        {toasts.map((item) => (
          <ToastItem key={item.id} toast={item} onDismiss={dismiss} />
        ))}
      </ol>
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: ShownToast; onDismiss: (id: string) => void }) {
  const [offset, setOffset] = useState(0);
  const [swipedOut, setSwipedOut] = useState(false);
  const swipe = useRef<{ pointerId: number; startX: number; startY: number; active: boolean } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const remaining = useRef(toast.duration);
  const startedAt = useRef(0);

  const pause = useCallback(() => {
    if (timer.current === undefined) return;
    window.clearTimeout(timer.current);
    timer.current = undefined;
    remaining.current -= Date.now() - startedAt.current;
  }, []);

  const resume = useCallback(() => {
    if (timer.current !== undefined || !toast.open || !Number.isFinite(toast.duration)) return;
    startedAt.current = Date.now();
    timer.current = window.setTimeout(() => onDismiss(toast.id), Math.max(0, remaining.current));
  }, [onDismiss, toast.id, toast.open, toast.duration]);

  useEffect(() => {
    resume();
    return pause;
  }, [resume, pause]);

  const onPointerDown = (event: ReactPointerEvent<HTMLLIElement>): void => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    swipe.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, active: false };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLLIElement>): void => {
    const state = swipe.current;
    if (!state || state.pointerId !== event.pointerId) return;
    const dx = event.clientX - state.startX;
    const dy = event.clientY - state.startY;
    if (!state.active) {
      // Start swiping only on a clear horizontal move, so taps on the close button still work.
      if (Math.abs(dx) < 6 || Math.abs(dx) < Math.abs(dy)) return;
      state.active = true;
      event.currentTarget.setPointerCapture(event.pointerId);
      pause();
    }
    setOffset(Math.max(0, dx));
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLLIElement>): void => {
    const state = swipe.current;
    swipe.current = null;
    if (!state?.active) return;
    const dx = Math.max(0, event.clientX - state.startX);
    if (dx >= TOAST_SWIPE_THRESHOLD_PX) {
      setSwipedOut(true);
      onDismiss(toast.id);
    } else {
      setOffset(0);
      resume();
    }
  };

  return (
    <li
      className={cx(
        'ui-toast',
        `ui-toast--${toast.variant}`,
        toast.open ? 'ui-toast--open' : 'ui-toast--closed',
        offset > 0 && 'ui-toast--swiping',
        swipedOut && 'ui-toast--swiped',
      )}
      style={offset > 0 || swipedOut ? { transform: `translateX(${swipedOut ? '110%' : `${offset}px`})` } : undefined}
      role={toast.variant === 'destructive' ? 'alert' : undefined}
      aria-atomic="true"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
    >
      <div className="ui-toast__body">
        <p className="ui-toast__title">{toast.title}</p>
        {toast.description ? <p className="ui-toast__description">{toast.description}</p> : null}
      </div>
      <button type="button" className="ui-toast__close" aria-label="Close notification" onClick={() => onDismiss(toast.id)}>
        <CloseIcon size={18} />
      </button>
    </li>
  );
}
