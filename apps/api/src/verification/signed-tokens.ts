/**
 * Tokens the server signs and the browser carries: `<prefix><payload>.<signature>`, payload
 * base64url JSON, signature HMAC-SHA256 over prefix and payload. The browser can read them but
 * not make or change one; every use checks signature, type and expiry.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export interface TokenPayload {
  readonly typ: string;
  /** Expiry, epoch ms. */
  readonly exp: number;
}

export class TokenSigner {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = Buffer.from(secret, 'utf8');
  }

  hmac(value: string): string {
    return createHmac('sha256', this.#key).update(value).digest('hex');
  }

  /** Constant-time comparison of two HMAC hex strings. */
  sameHmac(a: string, b: string): boolean {
    const left = Buffer.from(a, 'hex');
    const right = Buffer.from(b, 'hex');
    return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
  }

  sign<P extends TokenPayload>(prefix: string, payload: P): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${prefix}${body}.${createHmac('sha256', this.#key).update(`${prefix}${body}`).digest('base64url')}`;
  }

  /** The payload when the token is ours, of this type, and not expired; otherwise null. */
  verify<P extends TokenPayload>(prefix: string, typ: string, token: unknown, now: Date): P | null {
    if (typeof token !== 'string' || !token.startsWith(prefix) || token.length > 4096) return null;
    const dot = token.lastIndexOf('.');
    if (dot <= prefix.length) return null;
    const body = token.slice(prefix.length, dot);
    const expected = createHmac('sha256', this.#key).update(`${prefix}${body}`).digest();
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as P;
      return payload.typ === typ && typeof payload.exp === 'number' && payload.exp > now.getTime() ? payload : null;
    } catch {
      return null;
    }
  }
}

/** Six digits from the system's secure random source. */
export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
