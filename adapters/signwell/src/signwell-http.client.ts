/**
 * The one way the adapter talks to SignWell (or the provider sandbox, which speaks the same wire):
 * global fetch with `X-Api-Key`, JSON bodies, per-attempt timeouts, retries with backoff for
 * reads, and an io-ts decode of every answer. Failures carry the method, the path template and
 * the status — never ids, names, emails or SignWell's messages, which may echo them.
 */
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { AttemptFailure, attemptsNote, describeDecodeErrors, isRetryable, retryAfterMs, timedAttempt } from '@portal/http-support';
import { SigningRejectedError, SigningUnavailableError } from '@portal/core';
import { SignwellValidationError } from './signwell.codecs.ts';
import type { SignwellConfig, SignwellRequestEvent } from './signwell.config.ts';

export type SignwellMethod = 'GET' | 'POST' | 'DELETE';

export interface SignwellRequest {
  readonly method: SignwellMethod;
  /** Template with `{name}` placeholders, e.g. `/documents/{id}`. */
  readonly path: string;
  readonly params?: Readonly<Record<string, string>>;
  /** Undefined values are left out. */
  readonly query?: Readonly<Record<string, string | undefined>>;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Retry on 5xx/429/network/timeout. Default: GET and DELETE — a repeated POST could create twice. */
  readonly retrySafe?: boolean;
}

/** An answer that is neither 2xx nor a reason to retry, handed to the caller to interpret. */
export interface SignwellFailure {
  readonly status: number;
  readonly body: unknown;
}

/** What a caller's `onFailure` returns to answer with a value instead of throwing. */
export type Handled<F> = { readonly value: F } | undefined;

export interface Download {
  readonly bytes: Buffer;
  readonly contentType: string;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_DOWNLOAD_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRIES = 2;
export const DEFAULT_RETRY_BASE_DELAY_MS = 250;
/** No single wait between attempts is longer than this, whatever Retry-After says. */
export const MAX_RETRY_DELAY_MS = 4000;

interface RawAnswer {
  readonly status: number;
  readonly bytes: Buffer;
  readonly contentType: string;
  readonly retryAfterMs: number | null;
}

/** SignWell answered 2xx with a body that is not JSON or does not match the codec (travels as a cause). */
export class SignwellDecodeError extends Error {
  override readonly name = 'SignwellDecodeError';
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class SignwellHttpClient {
  readonly baseUrl: string;
  readonly #config: SignwellConfig;
  readonly #fetch: typeof globalThis.fetch;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #random: () => number;
  readonly #retries: number;
  readonly #baseDelayMs: number;

  constructor(config: SignwellConfig) {
    this.#config = config;
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.#fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#sleep = config.sleep ?? realSleep;
    this.#random = config.random ?? Math.random;
    this.#retries = Math.max(0, config.retries ?? DEFAULT_RETRIES);
    this.#baseDelayMs = config.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS;
  }

  /**
   * Sends the request and decodes a 2xx JSON answer with `codec`. `onFailure` may turn a non-2xx,
   * non-retryable answer into a value (404 → null); otherwise it becomes SigningRejectedError.
   */
  async json<A, F = never>(request: SignwellRequest, codec: t.Decoder<unknown, A>, onFailure?: (failure: SignwellFailure) => Handled<F>): Promise<A | F> {
    const answer = await this.#exchange(request, 'application/json', this.#config.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    if (isSuccess(answer.status)) {
      const body = parseJson(answer.bytes);
      if (body === NOT_JSON) throw decodeFailure(request, `answered ${answer.status} with a body that is not JSON`);
      return decodeOrThrow(request, codec, body);
    }
    return this.#failed(request, answer, onFailure);
  }

  /** For answers without a body we read (204 No Content). */
  async empty<F = never>(request: SignwellRequest, onFailure?: (failure: SignwellFailure) => Handled<F>): Promise<void | F> {
    const answer = await this.#exchange(request, 'application/json', this.#config.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    if (isSuccess(answer.status)) return undefined;
    return this.#failed(request, answer, onFailure);
  }

  /** The raw bytes of a 2xx answer (a PDF), with the longer download timeout. */
  async download<F = never>(request: SignwellRequest, accept: string, onFailure?: (failure: SignwellFailure) => Handled<F>): Promise<Download | F> {
    const answer = await this.#exchange(request, accept, this.#config.downloadTimeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS);
    if (isSuccess(answer.status)) return { bytes: answer.bytes, contentType: answer.contentType };
    return this.#failed(request, answer, onFailure);
  }

  #failed<F>(request: SignwellRequest, answer: RawAnswer, onFailure?: (failure: SignwellFailure) => Handled<F>): F {
    const parsed = parseJson(answer.bytes);
    const body = parsed === NOT_JSON ? null : parsed;
    const handled = onFailure?.({ status: answer.status, body });
    if (handled !== undefined) return handled.value;
    const fields = SignwellValidationError.is(body) ? Object.keys(body.errors).slice(0, 20) : [];
    const what = `signwell ${request.method} ${request.path} answered ${answer.status}${fields.length > 0 ? ` (fields: ${fields.join(', ')})` : ''}`;
    throw new SigningRejectedError(what, answer.status, fields);
  }

  /** One logical request: attempts and backoff. 401 (a refused key) and exhausted retries are unavailability. */
  async #exchange(request: SignwellRequest, accept: string, timeoutMs: number): Promise<RawAnswer> {
    const retrySafe = request.retrySafe ?? request.method !== 'POST';
    const maxAttempts = retrySafe ? this.#retries + 1 : 1;
    for (let attempt = 1; ; attempt += 1) {
      let answer: RawAnswer;
      try {
        answer = await this.#attempt(request, accept, attempt, timeoutMs);
      } catch (error) {
        if (!(error instanceof AttemptFailure)) throw error;
        if (attempt < maxAttempts) {
          await this.#sleep(this.#backoff(attempt, null));
          continue;
        }
        const what = error.kind === 'timeout' ? `timed out after ${timeoutMs} ms` : 'failed (network error)';
        throw unavailable(request, `${what}${attemptsNote(attempt)}`, error);
      }
      if (isRetryable(answer.status)) {
        if (attempt < maxAttempts) {
          await this.#sleep(this.#backoff(attempt, answer.retryAfterMs));
          continue;
        }
        throw unavailable(request, `answered ${answer.status}${attemptsNote(attempt)}`);
      }
      if (answer.status === 401) throw unavailable(request, 'answered 401: the API key was refused');
      return answer;
    }
  }

  /** Exponential backoff with jitter: step n waits between half and all of base·2^(n-1), capped. */
  #backoff(attempt: number, retryAfterMs: number | null): number {
    const ceiling = Math.min(MAX_RETRY_DELAY_MS, this.#baseDelayMs * 2 ** (attempt - 1));
    const jittered = Math.round(ceiling / 2 + this.#random() * (ceiling / 2));
    return retryAfterMs === null ? jittered : Math.min(MAX_RETRY_DELAY_MS, Math.max(jittered, retryAfterMs));
  }

  async #attempt(request: SignwellRequest, accept: string, attempt: number, timeoutMs: number): Promise<RawAnswer> {
    const headers: Record<string, string> = { Accept: accept, 'X-Api-Key': this.#config.apiKey };
    let body: string | undefined;
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const url = this.#url(request);
    return timedAttempt(
      timeoutMs,
      async (signal): Promise<RawAnswer> => {
        const response = await this.#fetch(url, { method: request.method, headers, body, signal });
        const bytes = Buffer.from(await response.arrayBuffer());
        return {
          status: response.status,
          bytes,
          contentType: response.headers.get('content-type') ?? '',
          retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
        };
      },
      (status, failure, durationMs) => this.#config.onRequest?.({ method: request.method, path: request.path, attempt, status, failure, durationMs }),
    );
  }

  #url(request: SignwellRequest): string {
    const params = request.params ?? {};
    const path = request.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined || value === '') throw new TypeError(`signwell request ${request.path}: no value for {${name}}`);
      return encodeURIComponent(value);
    });
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(request.query ?? {})) if (value !== undefined) query.append(key, value);
    const search = query.toString();
    return `${this.baseUrl}${path}${search === '' ? '' : `?${search}`}`;
  }
}

const isSuccess = (status: number): boolean => status >= 200 && status < 300;




function unavailable(request: Pick<SignwellRequest, 'method' | 'path'>, what: string, cause?: unknown): SigningUnavailableError {
  return new SigningUnavailableError(`signwell ${request.method} ${request.path} ${what}`, cause === undefined ? undefined : { cause });
}

function decodeFailure(request: Pick<SignwellRequest, 'method' | 'path'>, what: string): SigningUnavailableError {
  return unavailable(request, what, new SignwellDecodeError(what));
}

const NOT_JSON = Symbol('not JSON');

function parseJson(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  if (text.trim() === '') return NOT_JSON;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** Decodes or throws SigningUnavailableError; the message names the failing fields, not their values. */
export function decodeOrThrow<A>(request: Pick<SignwellRequest, 'method' | 'path'>, codec: t.Decoder<unknown, A>, value: unknown): A {
  const result = codec.decode(value);
  if (E.isRight(result)) return result.right;
  throw decodeFailure(request, `answered with an unexpected shape at ${describeDecodeErrors(result.left)}`);
}

/** `recipients.0.id, ...`: where the answer went wrong, without the values (which may be PHI). */

export { describeDecodeErrors };
