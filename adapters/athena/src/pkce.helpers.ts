/**
 * PKCE (RFC 7636, S256) and random tokens for `state` and `nonce`, on node:crypto.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface PkcePair {
  /** 43 base64url characters (32 random bytes); kept on the server until the code exchange. */
  readonly codeVerifier: string;
  /** base64url(SHA-256(codeVerifier)), sent with the authorize request. */
  readonly codeChallenge: string;
}

/** `bytes` random bytes as base64url without padding (32 bytes → 43 characters). */
export function randomToken(bytes = 32): string {
  if (!Number.isInteger(bytes) || bytes < 16) throw new RangeError('randomToken: at least 16 bytes');
  return randomBytes(bytes).toString('base64url');
}

export function pkceChallenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}

export function createPkcePair(): PkcePair {
  const codeVerifier = randomToken(32);
  return { codeVerifier, codeChallenge: pkceChallenge(codeVerifier) };
}
