/**
 * Cloudflare Turnstile's siteverify (INTEGRATIONS.md §5), form-encoded, server side only.
 * Base URL configurable: the provider sandbox answers the same call on this machine.
 */
import { randomUUID } from 'node:crypto';
import type { HumanCheck } from '@portal/core';

export interface TurnstileOptions {
  readonly enabled: boolean;
  readonly verifyUrl: string;
  readonly secret: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof globalThis.fetch;
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
    try {
      const response = await fetcher(this.#options.verifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 5_000),
      });
      if (!response.ok) return false;
      const answer = (await response.json()) as SiteverifyAnswer;
      return answer.success === true;
    } catch {
      // Fail closed: no answer is no proof.
      return false;
    }
  }
}
