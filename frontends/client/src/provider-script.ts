/**
 * Loads a provider's browser script once (Stripe.js, SignWell's embedded.js, Turnstile's api.js)
 * and answers the global it defines. The URL comes from /api/config, so the same code loads the
 * real script or the provider sandbox's look-alike. A failed or timed-out load can be tried again.
 */
const loads = new Map<string, Promise<unknown>>();

export interface ProviderScript<T> {
  readonly url: string;
  /** What the script defines on window once loaded (undefined before). */
  readonly global: () => T | undefined;
  /** Its name in messages and in `data-portal-script`. */
  readonly name: string;
  readonly timeoutMs?: number;
  /** Message when the load times out (default 'Timed out loading {url}'). */
  readonly timeoutMessage?: string;
  readonly defer?: boolean;
}

export const loadProviderScript = <T>(options: ProviderScript<T>): Promise<T> => {
  const { url, global, name } = options;
  const ready = global();
  if (ready !== undefined) return Promise.resolve(ready);
  const cached = loads.get(url) as Promise<T> | undefined;
  if (cached) return cached;
  const loading = new Promise<T>((resolve, reject) => {
    const script = document.createElement('script');
    const timer = window.setTimeout(() => fail(new Error(options.timeoutMessage ?? `Timed out loading ${url}`)), options.timeoutMs ?? 20_000);
    const fail = (error: Error): void => {
      window.clearTimeout(timer);
      script.remove();
      reject(error);
    };
    script.src = url;
    script.async = true;
    if (options.defer) script.defer = true;
    script.dataset.portalScript = name;
    script.onload = () => {
      window.clearTimeout(timer);
      const defined = global();
      if (defined !== undefined) resolve(defined);
      else fail(new Error(`${url} did not define window.${name}`));
    };
    script.onerror = () => fail(new Error(`Could not load ${url}`));
    document.head.append(script);
  });
  loads.set(url, loading);
  loading.catch(() => loads.delete(url));
  return loading;
};
