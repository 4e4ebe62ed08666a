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

const snapshot = (): string => `${window.location.pathname}${window.location.search}`;

export interface PortalLocation {
  readonly pathname: string;
  readonly search: string;
  readonly searchParams: URLSearchParams;
}

/** The current location; re-renders on every navigation. */
export const useLocation = (): PortalLocation => {
  const href = useSyncExternalStore(subscribe, snapshot, snapshot);
  return useMemo(() => {
    const url = new URL(href, window.location.origin);
    return { pathname: url.pathname, search: url.search, searchParams: url.searchParams };
  }, [href]);
};

/** '/login/' → '/login'; '/' stays '/'. */
export const normalizePath = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;

/** Navigates inside the portal without reloading the page. */
export const navigate = (href: string, options: { replace?: boolean } = {}): void => {
  if (!options.replace && typeof window.singleSpaNavigate === 'function') {
    window.singleSpaNavigate(href);
    return;
  }
  if (options.replace) window.history.replaceState(window.history.state, '', href);
  else window.history.pushState(window.history.state, '', href);
  // single-spa re-routes on its patched history methods; without it, tell listeners ourselves.
  if (typeof window.singleSpaNavigate !== 'function') {
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
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
