/**
 * The portal's HTTP client (enrollment-and-payment §7 and §8 'Shared'), used by every
 * micro-frontend:
 * - same origin only, credentials always sent;
 * - a JSON content type only when a body is present;
 * - X-Verification-Token when the stored dualVerificationToken is a verified one ('verified_...'),
 *   from localStorage ('Remember me') or else sessionStorage;
 * - a non-OK answer throws `${status}: ${body text || status text}`;
 * - a 401 { error: 'Session expired', redirect, clearClientData } runs the client cleanup and
 *   sends the browser to `redirect`; the call then never settles (the page is leaving), so no
 *   error is thrown.
 * The pure parts are exported for tests; `createApiClient` takes its fetch, storage and
 * session-expired handler so it runs in Node as well.
 */
import type { QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import type * as t from 'io-ts';
import { safeReturnPath } from './navigation.ts';
import { runClientCleanup } from './storage.ts';

export const VERIFICATION_TOKEN_HEADER = 'X-Verification-Token';
/** localStorage key of the guest's composite verification token. */
export const DUAL_VERIFICATION_TOKEN_KEY = 'dualVerificationToken';
export const VERIFIED_TOKEN_PREFIX = 'verified_';
export const SESSION_EXPIRED_ERROR = 'Session expired';
/** Where a 'Session expired' answer goes when its redirect is not a path on this site. */
export const SESSION_EXPIRED_FALLBACK_REDIRECT = '/login?logout=expired';

/** A non-OK answer. Its message is the spec's `${status}: ${body text || status text}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText: string) {
    super(apiErrorMessage(status, body, statusText));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export const apiErrorMessage = (status: number, bodyText: string, statusText: string): string =>
  `${status}: ${bodyText || statusText}`;

/** The token to send: only a stored token that starts with 'verified_'. */
export const verificationTokenFrom = (stored: string | null | undefined): string | null =>
  typeof stored === 'string' && stored.startsWith(VERIFIED_TOKEN_PREFIX) ? stored : null;

/** Request headers: JSON accepted always, JSON sent only with a body, the verification token when there is one. */
export const requestHeaders = ({ hasBody, verificationToken }: { hasBody: boolean; verificationToken: string | null }): Record<string, string> => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (verificationToken) headers[VERIFICATION_TOKEN_HEADER] = verificationToken;
  return headers;
};

export interface SessionExpiredBody {
  readonly error: typeof SESSION_EXPIRED_ERROR;
  readonly redirect: string;
  readonly clearClientData: boolean;
}

/** The 'Session expired' answer of a 401, or null for any other answer (which is thrown as usual). */
export const sessionExpiredBody = (status: number, bodyText: string): SessionExpiredBody | null => {
  if (status !== 401 || bodyText === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const body = parsed as Record<string, unknown>;
  if (body.error !== SESSION_EXPIRED_ERROR || typeof body.redirect !== 'string') return null;
  return { error: SESSION_EXPIRED_ERROR, redirect: body.redirect, clearClientData: body.clearClientData === true };
};

/** The redirect of a 'Session expired' answer when it is a path on this site, else the login page. */
export const sessionExpiredRedirect = (redirect: string): string => safeReturnPath(redirect) ?? SESSION_EXPIRED_FALLBACK_REDIRECT;

/**
 * The path of the default query: the key's parts joined with '/'
 * (['/api/enrollments', id] → '/api/enrollments/<id>'). An empty key, a key that is only a
 * slash, or a part that is not a string or number gives 'Invalid query key' and the key.
 */
export const queryKeyPath = (queryKey: QueryKey): string => {
  const parts = queryKey.map((part) => (typeof part === 'string' || typeof part === 'number' ? String(part) : null));
  const path = parts.includes(null) ? '' : parts.join('/');
  if (path === '' || path === '/') throw new Error(`Invalid query key: ${JSON.stringify(queryKey)}`);
  return path;
};

/** A same-origin path ('/api/...'); anything that could reach another origin is refused. */
const assertSameOriginPath = (path: string): void => {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) {
    throw new Error(`API calls go to this site only; got '${path}'`);
  }
};

const parseJson = <T>(text: string, method: string, path: string): T => {
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`${method} ${path} answered with something that is not JSON`);
  }
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** JSON body; when given, Content-Type: application/json is sent. */
  readonly body?: unknown;
  /** Extra headers for this call (a bearer token, X-Email-Session). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
  /** 'no-store' for calls that must never come from a cache (session, auth status). */
  readonly cache?: RequestCache;
  /**
   * The answer's codec from @portal/contracts. An answer that does not decode is reported to the
   * API (field names only) and thrown as ApiContractError: the page shows its generic error.
   */
  readonly decode?: Decode;
}

/**
 * A codec, or a function that loads one: `() => import('./startup-codecs.ts').then((m) => m.X)`.
 * A loaded one keeps io-ts out of a bundle's first load (the shell decodes its startup reads so,
 * docs/decisions/0034-bundle-splitting-and-first-paint.md); it is asked for when the request
 * starts, so the codec downloads while the request is out.
 */
export type Decode = t.Decoder<unknown, unknown> | (() => Promise<t.Decoder<unknown, unknown>>);

/** An answer that does not have the shape this frontend was built for (an API changed under it). */
export class ApiContractError extends Error {
  readonly fields: readonly string[];

  constructor(method: string, path: string, fields: readonly string[]) {
    super(`${method} ${path} answered in a shape this page does not know (${fields.join(', ')})`);
    this.name = 'ApiContractError';
    this.fields = fields;
  }
}

/** Where a frontend reports an answer it could not decode. */
export const CLIENT_ERRORS_PATH = '/api/client-errors';

/**
 * The fields an io-ts decode failed on, as dotted names without array indexes or values
 * ('subscriptions.status'), at most 20: what may leave the browser about a mismatch.
 */
export const mismatchedFields = (errors: t.Errors): string[] => {
  const names = errors.map((error) =>
    error.context
      .slice(1)
      .map((entry) => entry.key)
      .filter((key) => key !== '' && !/^\d+$/.test(key))
      .join('.'),
  );
  return [...new Set(names.map((name) => (name === '' ? '(body)' : name)))].slice(0, 20);
};

/** The path without its query and with ids replaced, so a report carries no values. */
export const reportedPath = (path: string): string =>
  path
    .split('?')[0]!
    .split('/')
    .map((part) => (/\d/.test(part) && part.length > 6 ? ':id' : part))
    .join('/');

export interface StorageReader {
  getItem(key: string): string | null;
}

export interface ApiClientOptions {
  readonly fetch?: typeof fetch;
  /** Where the verification token is read from (localStorage in the browser). */
  readonly storage?: () => StorageReader | null;
  /** Runs for a 401 'Session expired' answer; the browser default cleans up and redirects. */
  readonly onSessionExpired?: (body: SessionExpiredBody) => void;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  /** The default query function: GET on the joined query key; undefined data is an error. */
  queryFn<T>(context: Pick<QueryFunctionContext, 'queryKey' | 'signal'>): Promise<T>;
}

const storeNamed = (name: 'localStorage' | 'sessionStorage'): StorageReader | null => {
  try {
    return ((globalThis as Record<string, unknown>)[name] as StorageReader | undefined) ?? null;
  } catch {
    // Storage can be blocked (privacy settings); the call then goes without a token.
    return null;
  }
};

/**
 * The guest token lives in localStorage when the guest chose 'Remember me', else in
 * sessionStorage: read the first verified one.
 */
const browserStorage = (): StorageReader | null => ({
  getItem: (key) => {
    let fallback: string | null = null;
    for (const store of [storeNamed('localStorage'), storeNamed('sessionStorage')]) {
      let value: string | null = null;
      try {
        value = store?.getItem(key) ?? null;
      } catch {
        value = null;
      }
      if (verificationTokenFrom(value)) return value;
      fallback ??= value;
    }
    return fallback;
  },
});

/** The verified guest's token this browser holds (local or session storage), or null. */
export const storedVerificationToken = (): string | null => verificationTokenFrom(browserStorage()?.getItem(DUAL_VERIFICATION_TOKEN_KEY));

let redirecting = false;

/** The browser's answer to 'Session expired': log it, clean up if asked, leave for `redirect`. */
const redirectOnSessionExpired = (body: SessionExpiredBody): void => {
  const target = sessionExpiredRedirect(body.redirect);
  console.warn(`Session expired: redirecting to ${target}`);
  if (redirecting) return;
  if (body.clearClientData) runClientCleanup('expired');
  // Already there (a server that keeps answering 'Session expired'): do not reload in a loop.
  if (`${window.location.pathname}${window.location.search}` === target) return;
  redirecting = true;
  window.location.assign(target);
};

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

export const createApiClient = ({
  fetch: fetchImpl,
  storage = browserStorage,
  onSessionExpired = redirectOnSessionExpired,
}: ApiClientOptions = {}): ApiClient => {
  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  const reportMismatch = (method: string, path: string, fields: readonly string[]): void => {
    void doFetch(CLIENT_ERRORS_PATH, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ kind: 'contract-mismatch', method, path: reportedPath(path), fields }),
    }).catch(() => undefined);
  };

  const request = async <T>(method: HttpMethod, path: string, { body, signal, cache, headers, decode }: RequestOptions = {}): Promise<T> => {
    assertSameOriginPath(path);
    const hasBody = body !== undefined;
    let stored: string | null = null;
    try {
      stored = storage()?.getItem(DUAL_VERIFICATION_TOKEN_KEY) ?? null;
    } catch {
      stored = null;
    }
    const init: RequestInit = {
      method,
      credentials: 'include',
      headers: { ...requestHeaders({ hasBody, verificationToken: verificationTokenFrom(stored) }), ...headers },
    };
    if (hasBody) init.body = JSON.stringify(body);
    if (signal) init.signal = signal;
    if (cache) init.cache = cache;
    const decoder = typeof decode === 'function' ? decode() : decode;
    // A codec that fails to load must not be an unhandled rejection when the request fails first.
    if (decoder instanceof Promise) decoder.catch(() => undefined);
    const response = await doFetch(path, init);
    const text = await response.text();
    if (!response.ok) {
      const expired = sessionExpiredBody(response.status, text);
      if (expired) {
        onSessionExpired(expired);
        return never<T>();
      }
      throw new ApiError(response.status, text, response.statusText);
    }
    const parsed = parseJson<T>(text, method, path);
    if (!decoder) return parsed;
    const decoded = (await decoder).decode(parsed);
    // Either's tag, read directly: fp-ts's isLeft would bring fp-ts into every first load.
    if (decoded._tag === 'Left') {
      const fields = mismatchedFields(decoded.left);
      reportMismatch(method, path, fields);
      throw new ApiContractError(method, reportedPath(path), fields);
    }
    return decoded.right as T;
  };

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    queryFn: async <T>({ queryKey, signal }: Pick<QueryFunctionContext, 'queryKey' | 'signal'>): Promise<T> => {
      const path = queryKeyPath(queryKey);
      const data = await request<T>('GET', path, { signal });
      if (data === undefined) throw new Error(`Query data is undefined for ${path}`);
      return data;
    },
  };
};


/** The page's client. */
export const api: ApiClient = createApiClient();

/** The QueryClient's default query function (`queryFn` of every query that names none). */
export const defaultQueryFn = <T = unknown>(context: Pick<QueryFunctionContext, 'queryKey' | 'signal'>): Promise<T> => api.queryFn<T>(context);
