/** Core's Secrets with node:crypto: HMAC-SHA256 under the server secret, secure random codes and tokens. */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Secrets } from '@portal/core';

export class HmacSecrets implements Secrets {
  readonly #key: Buffer;

  constructor(serverSecret: string) {
    this.#key = Buffer.from(serverSecret, 'utf8');
  }

  keyedHash(value: string): string {
    return createHmac('sha256', this.#key).update(value).digest('hex');
  }

  sameKeyedHash(a: string, b: string): boolean {
    const left = Buffer.from(a, 'hex');
    const right = Buffer.from(b, 'hex');
    return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
  }

  oneTimeCode(): string {
    return String(randomInt(0, 1_000_000)).padStart(6, '0');
  }

  opaqueToken(): string {
    return randomBytes(32).toString('base64url');
  }

  tokenDigest(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }
}
