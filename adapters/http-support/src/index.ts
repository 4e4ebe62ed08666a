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
