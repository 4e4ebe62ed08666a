/**
 * Client-side navigation that works inside single-spa (which patches history and re-routes
 * between micro-frontends) and without it (standalone pages, tests).
 */
import { useMemo, useSyncExternalStore } from 'react';

declare global {
  interface Window {
    /** Defined by single-spa when it is on the page. */
    singleSpaNavigate?: (url: string) => void;
  }
}

const ROUTING_EVENTS = ['popstate', 'single-spa:routing-event'] as const;

const subscribe = (onChange: () => void): (() => void) => {
  for (const name of ROUTING_EVENTS) window.addEventListener(name, onChange);
  return () => {
    for (const name of ROUTING_EVENTS) window.removeEventListener(name, onChange);
  };
};

/** Where in history.state a portal navigation leaves its key (decision 0050). */
export const NAVIGATION_KEY_FIELD = 'portalNavigationKey';

/** The navigation key a history entry's state holds; '' for an entry no portal navigation made. */
export const navigationKeyOf = (state: unknown): string => {
  if (typeof state !== 'object' || state === null) return '';
  const key = (state as Record<string, unknown>)[NAVIGATION_KEY_FIELD];
  return typeof key === 'string' ? key : '';
};

/** `state` (an object, else none) with `key` as its navigation key, every other field kept. */
export const stateWithNavigationKey = (state: unknown, key: string): Record<string, unknown> => ({
  ...(typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {}),
  [NAVIGATION_KEY_FIELD]: key,
});

let keysMade = 0;
/** A key no other navigation of this page has (unique enough across the bundles' copies of this module). */
const newNavigationKey = (): string => `${Date.now().toString(36)}-${(keysMade += 1).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** The current history entry's navigation key ('' where there is no history: a server render). */
export const currentNavigationKey = (): string => navigationKeyOf(typeof window.history === 'object' ? window.history.state : null);

const snapshot = (): string => `${window.location.pathname}${window.location.search}#${currentNavigationKey()}`;

export interface PortalLocation {
  readonly pathname: string;
  readonly search: string;
  readonly searchParams: URLSearchParams;
  /**
   * Changes with every navigation, to the same address too (a menu item or link to the page
   * already shown): a screen that keys its state on it starts again (`<Page key={key} />`).
   */
  readonly key: string;
}

/** The current location; re-renders on every navigation. */
export const useLocation = (): PortalLocation => {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return useMemo(() => {
    const split = current.lastIndexOf('#');
    const url = new URL(current.slice(0, split), window.location.origin);
    return { pathname: url.pathname, search: url.search, searchParams: url.searchParams, key: current.slice(split + 1) };
  }, [current]);
};

/** '/login/' → '/login'; '/' stays '/'. */
export const normalizePath = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;

/**
 * How a navigation from `current` to `target` goes: 'again' to the address already shown (the
 * screen starts again, like a browser's link to its own page, which replaces the entry), 'hash'
 * to an anchor of this page (the browser scrolls to it), else 'push' (or 'replace' if asked).
 */
export const navigationKind = (current: URL, target: URL, replace: boolean): 'again' | 'hash' | 'push' | 'replace' => {
  const samePage = normalizePath(current.pathname) === normalizePath(target.pathname) && current.search === target.search;
  if (samePage && current.hash === target.hash) return 'again';
  if (samePage && target.hash !== '' && !replace) return 'hash';
  return replace ? 'replace' : 'push';
};

/**
 * Navigates inside the portal without reloading the page. Each navigation gets a new key in
 * history.state (`useLocation().key`); a navigation to the address already shown replaces the
 * entry with a new key and tells the router, so the screen starts again instead of nothing
 * happening.
 */
export const navigate = (href: string, options: { replace?: boolean } = {}): void => {
  const target = new URL(href, window.location.href);
  const kind = navigationKind(new URL(window.location.href), target, options.replace ?? false);
  if (kind === 'hash') {
    window.location.hash = target.hash;
    return;
  }
  const state = stateWithNavigationKey(window.history.state, newNavigationKey());
  if (kind === 'push') window.history.pushState(state, '', href);
  else window.history.replaceState(state, '', href);
  // single-spa re-routes on its patched history methods when the address changes; the same
  // address again, or a page without single-spa, needs telling (single-spa re-routes on it too).
  if (kind === 'again' || typeof window.singleSpaNavigate !== 'function') {
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  }
};

/**
 * The `return` query value when it is a path on this site ('/enrollment'), else null, so a
 * crafted link cannot send a user to another origin after sign-in.
 */
export const safeReturnPath = (value: string | null | undefined): string | null => {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
};

/** '/guest-login' plus `?return=...` when a safe return path is given. */
export const withReturn = (path: string, returnPath: string | null | undefined): string => {
  const safe = safeReturnPath(returnPath);
  return safe ? `${path}?${new URLSearchParams({ return: safe }).toString()}` : path;
};
