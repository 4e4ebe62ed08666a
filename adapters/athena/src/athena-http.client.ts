/**
 * The one way the adapters talk to athenahealth (or the provider sandbox, which speaks the same
 * wire): global fetch, a cached backend token, per-attempt timeouts, retries for safe requests,
 * and an io-ts decode of every answer. Failures carry the method, the path template and the
 * status — never ids, names or query values, which may be PHI.
 */
import { randomUUID } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { AttemptFailure, attemptsNote, describeDecodeErrors, isRetryable, retryAfterMs, timedAttempt } from '@portal/http-support';
import { HealthRecordUnavailableError } from '@portal/core';
import type { Clock } from '@portal/core';
import type { AthenaConfig, AthenaRequestEvent } from './athena.config.ts';
import { AthenaErrorBody, BackendTokenResponse } from './athena.codecs.ts';
import { AthenaDecodeError, AthenaRejectedError } from './athena.errors.ts';

export type AthenaMethod = 'GET' | 'PUT' | 'POST';
export type Fields = Readonly<Record<string, string | undefined>>;

export interface AthenaRequest {
  readonly method: AthenaMethod;
  /** Template with `{name}` placeholders, e.g. `/v1/{practiceid}/patients/{patientid}`; `{practiceid}` is filled in. */
  readonly path: string;
  readonly params?: Readonly<Record<string, string>>;
  /** Undefined values are left out. */
  readonly query?: Fields;
  /** Sent form-encoded; undefined values are left out. */
  readonly form?: Fields;
  /** 'bearer' (default): the backend token. 'basic': the backend client's credentials. 'none': public client. */
  readonly auth?: 'bearer' | 'basic' | 'none';
  /** Retry on 5xx/429/network/timeout. Default: GET only — a repeated PUT/POST could book or file twice. */
  readonly retrySafe?: boolean;
  readonly accept?: string;
  /** An absolute URL to call instead of the base URL and `path` (then `path` only names the call in events and errors). */
  readonly url?: string;
  /** Extra headers (a library's own Accept, Content-Type); never Authorization. */
  readonly headers?: Readonly<Record<string, string>>;
  /** A body already encoded (with its Content-Type in `headers`), instead of `form`. */
  readonly body?: string;
}

/** An answer that is neither 2xx nor a reason to retry, handed to the caller to interpret. */
export interface AthenaFailure {
  readonly status: number;
  readonly body: unknown;
}

export const DEFAULT_TIMEOUT_MS = 8000;
export const DEFAULT_RETRIES = 2;
export const DEFAULT_RETRY_BASE_DELAY_MS = 250;
/** No single wait between attempts is longer than this, whatever Retry-After says. */
export const MAX_RETRY_DELAY_MS = 4000;
/** The backend token is replaced this long before athena says it expires. */
export const TOKEN_EARLY_REFRESH_MS = 60_000;
export const DEFAULT_BACKEND_SCOPE = 'athena/service/Athenanet.MDP.*';

const TOKEN_PATH = '/oauth2/v1/token';

interface CachedToken {
  readonly accessToken: string;
  /** Epoch ms after which the token is not used any more. */
  readonly refreshAt: number;
}

interface RawAnswer {
  readonly status: number;
  readonly text: string;
  readonly headers: Headers;
  readonly retryAfterMs: number | null;
}

/** Statuses whose Response may not have a body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

const systemClock: Clock = { now: () => new Date() };
const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class AthenaHttpClient {
  readonly baseUrl: string;
  readonly practiceId: string;
  readonly #config: AthenaConfig;
  readonly #fetch: typeof globalThis.fetch;
  readonly #clock: Clock;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #random: () => number;
  readonly #timeoutMs: number;
  readonly #retries: number;
  readonly #baseDelayMs: number;
  #token: CachedToken | undefined;
  #pendingToken: Promise<string> | undefined;

  constructor(config: AthenaConfig) {
    this.#config = config;
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.practiceId = config.practiceId;
    this.#fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#clock = config.clock ?? systemClock;
    this.#sleep = config.sleep ?? realSleep;
    this.#random = config.random ?? Math.random;
    this.#timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#retries = Math.max(0, config.retries ?? DEFAULT_RETRIES);
    this.#baseDelayMs = config.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS;
  }

  /**
   * Sends the request and decodes a 2xx answer with `codec`. `onFailure` may turn a non-2xx,
   * non-retryable answer into a value (404 → null); otherwise it becomes AthenaRejectedError.
   * Throws HealthRecordUnavailableError after retries, on a 401 that a fresh token did not cure,
   * and when the answer does not decode.
   */
  async send<A, F = never>(
    request: AthenaRequest,
    codec: t.Decoder<unknown, A>,
    onFailure?: (failure: AthenaFailure) => { readonly value: F } | undefined,
  ): Promise<A | F> {
    const answer = await this.#exchange(request);
    const body = parseJson(answer.text);
    if (answer.status >= 200 && answer.status < 300) {
      if (body === NOT_JSON) {
        const what = `answered ${answer.status} with a body that is not JSON`;
        throw unavailable(request, what, new AthenaDecodeError(what));
      }
      return decodeOrThrow(request, codec, body);
    }
    const handled = onFailure?.({ status: answer.status, body: body === NOT_JSON ? null : body });
    if (handled !== undefined) return handled.value;
    const error = body !== NOT_JSON && AthenaErrorBody.is(body) ? (body.error ?? null) : null;
    throw new AthenaRejectedError(request.method, request.path, answer.status, error);
  }

  /**
   * One logical request answered as a Response whatever its status, for a library that reads the
   * answer itself (oauth4webapi's `[customFetch]`): the same timeouts, retries (safe requests
   * only), events and X-Request-Id as `send`. A retryable status after the last attempt, a timeout
   * or a network error is still HealthRecordUnavailableError.
   */
  async respond(request: AthenaRequest): Promise<Response> {
    const answer = await this.#exchange(request);
    return new Response(NULL_BODY_STATUSES.has(answer.status) ? null : answer.text, { status: answer.status, headers: answer.headers });
  }

  /** The backend access token, from the cache while it has more than a minute left. Single-flight. */
  async backendToken(): Promise<string> {
    const cached = this.#token;
    if (cached !== undefined && this.#clock.now().getTime() < cached.refreshAt) return cached.accessToken;
    this.#pendingToken ??= this.#fetchToken().finally(() => {
      this.#pendingToken = undefined;
    });
    return this.#pendingToken;
  }

  /** Forgets `token` if it is still the cached one (another caller may already have replaced it). */
  invalidateToken(token: string): void {
    if (this.#token?.accessToken === token) this.#token = undefined;
  }

  async #fetchToken(): Promise<string> {
    const startedAt = this.#clock.now().getTime();
    const request: AthenaRequest = {
      method: 'POST',
      path: TOKEN_PATH,
      auth: 'basic',
      retrySafe: true,
      form: { grant_type: 'client_credentials', scope: this.#config.backendScope ?? DEFAULT_BACKEND_SCOPE },
    };
    const response = await this.send(request, BackendTokenResponse, (failure) => {
      throw unavailable(request, `answered ${failure.status}`);
    });
    const expiresInSeconds = Number(response.expires_in);
    if (!Number.isFinite(expiresInSeconds) || expiresInSeconds <= 0) {
      throw unavailable(request, 'answered with an unusable expires_in');
    }
    this.#token = {
      accessToken: response.access_token,
      refreshAt: startedAt + expiresInSeconds * 1000 - TOKEN_EARLY_REFRESH_MS,
    };
    return response.access_token;
  }

  /** One logical request: attempts, backoff, and the single retry after a 401. */
  async #exchange(request: AthenaRequest): Promise<RawAnswer> {
    const auth = request.auth ?? 'bearer';
    const retrySafe = request.retrySafe ?? request.method === 'GET';
    const maxAttempts = retrySafe ? this.#retries + 1 : 1;
    let attempt = 0;
    let renewedToken = false;
    for (;;) {
      attempt += 1;
      const token = auth === 'bearer' ? await this.backendToken() : undefined;
      let answer: RawAnswer;
      try {
        answer = await this.#attempt(request, attempt, token);
      } catch (error) {
        if (!(error instanceof AttemptFailure)) throw error;
        if (attempt < maxAttempts) {
          await this.#sleep(this.#backoff(attempt, null));
          continue;
        }
        const what = error.kind === 'timeout' ? `timed out after ${this.#timeoutMs} ms` : 'failed (network error)';
        throw unavailable(request, `${what}${attemptsNote(attempt)}`, error);
      }
      if (answer.status === 401 && token !== undefined && !renewedToken) {
        // A token athena revoked early: one retry with a fresh one, which does not count as a retry.
        renewedToken = true;
        this.invalidateToken(token);
        attempt -= 1;
        continue;
      }
      if (isRetryable(answer.status)) {
        if (attempt < maxAttempts) {
          await this.#sleep(this.#backoff(attempt, answer.retryAfterMs));
          continue;
        }
        throw unavailable(request, `answered ${answer.status}${attemptsNote(attempt)}`);
      }
      if (answer.status === 401 && auth !== 'none') throw unavailable(request, 'answered 401');
      return answer;
    }
  }

  /** Exponential backoff with jitter: step n waits between half and all of base·2^(n-1), capped. */
  #backoff(attempt: number, retryAfterMs: number | null): number {
    const ceiling = Math.min(MAX_RETRY_DELAY_MS, this.#baseDelayMs * 2 ** (attempt - 1));
    const jittered = Math.round(ceiling / 2 + this.#random() * (ceiling / 2));
    return retryAfterMs === null ? jittered : Math.min(MAX_RETRY_DELAY_MS, Math.max(jittered, retryAfterMs));
  }

  async #attempt(request: AthenaRequest, attempt: number, token: string | undefined): Promise<RawAnswer> {
    const requestId = randomUUID();
    const headers: Record<string, string> = {
      Accept: request.accept ?? 'application/json',
      'X-Request-Id': requestId,
    };
    // A library's headers come lower-case: they replace ours of the same name rather than doubling them.
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      const lower = name.toLowerCase();
      if (lower === 'x-request-id' || lower === 'authorization') continue;
      for (const key of Object.keys(headers)) if (key.toLowerCase() === lower) delete headers[key];
      headers[name] = value;
    }
    if (token !== undefined) headers['Authorization'] = `Bearer ${token}`;
    if (request.auth === 'basic') {
      const credentials = `${this.#config.clientId}:${this.#config.clientSecret}`;
      headers['Authorization'] = `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;
    }
    let body = request.body;
    if (request.form !== undefined) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = toSearchParams(request.form).toString();
    }
    const url = request.url ?? this.#url(request);
    return timedAttempt(
      this.#timeoutMs,
      async (signal): Promise<RawAnswer> => {
        const response = await this.#fetch(url, { method: request.method, headers, body, signal });
        const text = await response.text();
        return { status: response.status, text, headers: response.headers, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
      },
      (status, failure, durationMs) =>
        this.#config.onRequest?.({ method: request.method, path: request.path, requestId, attempt, status, failure, durationMs }),
    );
  }

  #url(request: AthenaRequest): string {
    const params: Record<string, string> = { practiceid: this.practiceId, ...request.params };
    const path = request.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined || value === '') throw new TypeError(`athena request ${request.path}: no value for {${name}}`);
      return encodeURIComponent(value);
    });
    const query = request.query === undefined ? '' : toSearchParams(request.query).toString();
    return `${this.baseUrl}${path}${query === '' ? '' : `?${query}`}`;
  }
}

function toSearchParams(fields: Fields): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) params.append(key, value);
  return params;
}




function unavailable(request: Pick<AthenaRequest, 'method' | 'path'>, what: string, cause?: unknown): HealthRecordUnavailableError {
  return new HealthRecordUnavailableError(`athena ${request.method} ${request.path} ${what}`, cause === undefined ? undefined : { cause });
}

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  if (text.trim() === '') return NOT_JSON;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** Decodes or throws; the message names the failing fields, not their values. */
export function decodeOrThrow<A>(request: Pick<AthenaRequest, 'method' | 'path'>, codec: t.Decoder<unknown, A>, value: unknown): A {
  const result = codec.decode(value);
  if (E.isRight(result)) return result.right;
  const what = `answered with an unexpected shape at ${describeDecodeErrors(result.left)}`;
  throw unavailable(request, what, new AthenaDecodeError(what));
}

/** `patients.0.dob, ...`: where the answer went wrong, without the values (which may be PHI). */

export { describeDecodeErrors };
