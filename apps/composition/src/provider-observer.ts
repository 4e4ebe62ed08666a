/**
 * Provider calls the adapters do not report themselves (mail over SMTP, Firebase's token check):
 * each call of the named port methods is timed and told to the observer as one provider call.
 * No observer: the adapter itself is returned, untouched.
 */
import type { ProviderCall, ProviderObserver } from '@portal/http-support';

/** Errors that mean the provider refused our input (a bad token), not that it is down: reported as a 4xx. */
const REFUSALS = new Set(['PhoneAuthError']);

export const observedCalls = <T extends object>(provider: string, target: T, methods: ReadonlyArray<keyof T & string>, observe: ProviderObserver | undefined): T => {
  if (observe === undefined) return target;
  const timed = new Set<string>(methods);
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof property !== 'string' || !timed.has(property) || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const started = performance.now();
        const report = (status: number | null, failure: ProviderCall['failure']): void =>
          observe({ provider, operation: property, status, failure, durationMs: Math.round(performance.now() - started) });
        try {
          const result: unknown = await (value as (...a: unknown[]) => unknown).apply(object, args);
          report(200, null);
          return result;
        } catch (error) {
          if (REFUSALS.has((error as Error | undefined)?.name ?? '')) report(400, null);
          else report(null, 'error');
          throw error;
        }
      };
    },
  });
};
