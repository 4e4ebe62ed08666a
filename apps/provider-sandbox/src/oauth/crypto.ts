/** Opaque tokens, PKCE S256, client secrets, and the unsigned JWTs of the Firebase Auth emulator stand-in. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))) == code_challenge. */
export const verifyPkce = (verifier: string, challenge: string): boolean => {
  if (!VERIFIER.test(verifier)) return false;
  const expected = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const given = Buffer.from(challenge);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

export const s256 = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/**
 * `base64url(header).base64url(payload).` with `{"alg":"none","typ":"JWT"}`: the Firebase Auth
 * emulator's ID tokens (the athena stand-in signs its id_tokens: oauth/id-tokens.ts; this shape is
 * also its `alg-none` forgery).
 */
export const unsignedJwt = (claims: object): string => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
};

/** Constant-time string comparison for client secrets. */
export const sameSecret = (a: string, b: string): boolean => {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
};
