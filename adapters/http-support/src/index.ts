/**
 * What every provider client shares: which answers to retry, how long a server asks us to wait,
 * and how to name the fields of a response that failed its codec without quoting any value.
 */
import type * as t from 'io-ts';

/** 429 and 5xx are worth another try (for idempotent calls). */
export function isRetryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** ' after 3 attempts' for error messages; nothing for a first try. */
export function attemptsNote(attempts: number): string {
  return attempts > 1 ? ` after ${attempts} attempts` : '';
}

/** A Retry-After header in seconds, as milliseconds; null when absent or not a number. */
export function retryAfterMs(header: string | null): number | null {
  if (header === null) return null;
  const seconds = Number(header.trim());
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

/** The paths of the fields that failed (at most five), never their values: safe to log. */
export function describeDecodeErrors(errors: t.Errors): string {
  const paths = new Set<string>();
  for (const error of errors) {
    const keys: string[] = [];
    error.context.forEach((entry, index) => {
      const parent = index > 0 ? (error.context[index - 1]?.type as { readonly _tag?: string } | undefined) : undefined;
      const structural = parent?._tag === 'UnionType' || parent?._tag === 'IntersectionType';
      if (entry.key !== '' && !structural) keys.push(entry.key);
    });
    paths.add(keys.length === 0 ? '(root)' : keys.join('.'));
  }
  const list = [...paths];
  return list.slice(0, 5).join(', ') + (list.length > 5 ? ` and ${list.length - 5} more` : '');
}

/** An attempt that got no answer: none in time, or none at all (a network error). Worth a retry for idempotent calls. */
export class AttemptFailure extends Error {
  override readonly name = 'AttemptFailure';
  readonly kind: 'timeout' | 'network';
  constructor(kind: 'timeout' | 'network', cause?: unknown) {
    super(kind, { cause });
    this.kind = kind;
  }
}

/**
 * One HTTP exchange with a time limit: `exchange` gets the abort signal, and the race also covers
 * an injected fetch that ignores it. `report` hears the status (or the failure) and the duration;
 * a failure is thrown as AttemptFailure.
 */
export async function timedAttempt<A extends { readonly status: number }>(
  timeoutMs: number,
  exchange: (signal: AbortSignal) => Promise<A>,
  report: (status: number | null, failure: AttemptFailure['kind'] | null, durationMs: number) => void,
): Promise<A> {
  const controller = new AbortController();
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const failure = new AttemptFailure('timeout');
      controller.abort(failure);
      reject(failure);
    }, timeoutMs);
  });
  try {
    const answer = await Promise.race([exchange(controller.signal), timeout]);
    report(answer.status, null, elapsed());
    return answer;
  } catch (error) {
    const failure = error instanceof AttemptFailure ? error : new AttemptFailure('network', error);
    report(null, failure.kind, elapsed());
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}

// ---- Provider settings from the environment ----

/** A setting's value, trimmed; undefined when unset or blank. */
export function envText(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

/** `true`/`1` or `false`/`0`; undefined when unset; anything else is a configuration error naming the setting. */
export function envFlag(value: string | undefined, name: string): boolean | undefined {
  const text = envText(value)?.toLowerCase();
  if (text === undefined) return undefined;
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new Error(`${name} must be true or false`);
}

/** A time limit in milliseconds; undefined when unset; anything but a positive whole number is an error. */
export function envMilliseconds(value: string | undefined, name: string): number | undefined {
  const text = envText(value);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number of milliseconds`);
  return n;
}

/** Where the provider sandbox answers: PROVIDER_SANDBOX_URL, else 127.0.0.1 on SANDBOX_PORT (4010). */
export function providerSandboxUrl(env: Readonly<Record<string, string | undefined>>): string {
  return (envText(env['PROVIDER_SANDBOX_URL']) ?? `http://127.0.0.1:${envText(env['SANDBOX_PORT']) ?? '4010'}`).replace(/\/+$/, '');
}

// ---- Observing provider calls (metrics) ----

/**
 * One call to a provider as an observer hears it: which provider, which call (method and path
 * template, or the port method: never an id, a query or a body), the HTTP status (null when none
 * came), why no answer came, and how long it took. Adapters take an optional `ProviderObserver`;
 * the composition root turns what it hears into metrics, so no adapter knows the metrics library.
 */
export interface ProviderCall {
  readonly provider: string;
  readonly operation: string;
  readonly status: number | null;
  /** 'timeout' / 'network': no answer; 'error': the call threw without a status. */
  readonly failure: 'timeout' | 'network' | 'error' | null;
  readonly durationMs: number;
}

export type ProviderObserver = (call: ProviderCall) => void;

/** A call the provider failed: no answer, a 5xx or a 429. A 4xx is our request refused, not an outage. */
export function providerFailed(call: Pick<ProviderCall, 'status' | 'failure'>): boolean {
  return call.failure !== null || call.status === null || isRetryable(call.status);
}
