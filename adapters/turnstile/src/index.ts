/**
 * Cloudflare Turnstile's siteverify (INTEGRATIONS.md §5), form-encoded, server side only.
 * Base URL configurable: the provider sandbox answers the same call on this machine.
 */
import { randomUUID } from 'node:crypto';
import type { HumanCheck } from '@portal/core';
import type { ProviderObserver } from '@portal/http-support';

/** The provider sandbox's own key pair (it issues real, single-use tokens for this site key). */
export const SANDBOX_TURNSTILE_SITE_KEY = 'sandbox-turnstile-sitekey';
export const SANDBOX_TURNSTILE_SECRET_KEY = 'sandbox-turnstile-secret';

/**
 * Cloudflare's published dummy keys (`1x00000000000000000000AA`, `2x0000000000000000000000000000000AA`,
 * …): their answers are fixed (always pass, always fail), so they prove nothing about a human.
 */
export const isTurnstileTestKey = (key: string): boolean => /^[1-3]x0{20,}[A-F]{2}$/.test(key);

export interface TurnstileOptions {
  readonly enabled: boolean;
  readonly verifyUrl: string;
  readonly secret: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof globalThis.fetch;
  /** Hears each siteverify call (status, duration): metrics. */
  readonly onCall?: ProviderObserver;
}

interface SiteverifyAnswer {
  readonly success?: unknown;
}

export class TurnstileHumanCheck implements HumanCheck {
  readonly enabled: boolean;
  readonly #options: TurnstileOptions;

  constructor(options: TurnstileOptions) {
    this.enabled = options.enabled;
    this.#options = options;
  }

  async verify(token: string, remoteIp: string | null): Promise<boolean> {
    if (!this.enabled) return true;
    if (!token || token.length > 2048) return false;
    const body = new URLSearchParams({ secret: this.#options.secret, response: token, idempotency_key: randomUUID() });
    if (remoteIp) body.set('remoteip', remoteIp);
    const fetcher = this.#options.fetch ?? globalThis.fetch;
    const started = performance.now();
    const observe = (status: number | null, failure: 'timeout' | 'network' | null): void =>
      this.#options.onCall?.({ provider: 'turnstile', operation: 'POST /siteverify', status, failure, durationMs: Math.round(performance.now() - started) });
    try {
      let response: Response;
      try {
        response = await fetcher(this.#options.verifyUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(this.#options.timeoutMs ?? 5_000),
        });
      } catch (error) {
        observe(null, (error as Error | undefined)?.name === 'TimeoutError' ? 'timeout' : 'network');
        throw error;
      }
      observe(response.status, null);
      if (!response.ok) return false;
      const answer = (await response.json()) as SiteverifyAnswer;
      return answer.success === true;
    } catch {
      // Fail closed: no answer is no proof.
      return false;
    }
  }
}
