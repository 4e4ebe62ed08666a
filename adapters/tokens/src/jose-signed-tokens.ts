/**
 * Core's SignedTokens as JWTs (jose): HS256 only (the verifier's algorithm list is fixed, so
 * 'none' or a public-key algorithm chosen by whoever made the token is refused), the token's type
 * in the protected header (`typ: portal-<type>+jwt`), our issuer and audience, and a `kid` naming
 * the key. Keys rotate: the first key signs, every key listed verifies, so tokens issued before a
 * rotation stay valid for their (at most 30-minute) life while both keys are configured.
 */
import { createHash, hkdfSync } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload, type ProtectedHeaderParameters } from 'jose';
import type { SignedTokens, TokenClaims, VerifiedToken } from '@portal/core';

export interface SigningKey {
  readonly kid: string;
  readonly secret: Uint8Array;
}

const ALGORITHM = 'HS256';
const ISSUER = 'member-portal';
/** Claims the JWT itself uses; a caller's claims may not shadow them. */
const REGISTERED = new Set(['iss', 'aud', 'iat', 'exp', 'nbf', 'jti', 'sub']);
export const MIN_SIGNING_SECRET_BYTES = 32;

const typeHeader = (type: string): string => `portal-${type}+jwt`;

/** A key's id: derived from the key, so the same secret has the same kid on every instance. */
export const keyId = (secret: Uint8Array): string => createHash('sha256').update(secret).digest('base64url').slice(0, 8);

/** The signing key derived (HKDF) from the server secret, for when no signing keys are configured. */
export const derivedSigningKey = (serverSecret: string): SigningKey => {
  const secret = new Uint8Array(hkdfSync('sha256', Buffer.from(serverSecret, 'utf8'), Buffer.alloc(0), 'portal token signing', 32));
  return { kid: keyId(secret), secret };
};

/**
 * TOKEN_SIGNING_KEYS: comma-separated secrets (base64url or plain text, at least 32 bytes each),
 * the current one first. Throws on a short or repeated key.
 */
export const parseSigningKeys = (value: string): SigningKey[] => {
  const keys = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const secret = new Uint8Array(Buffer.from(part, 'utf8'));
      if (secret.length < MIN_SIGNING_SECRET_BYTES) throw new Error(`TOKEN_SIGNING_KEYS: each key must be at least ${MIN_SIGNING_SECRET_BYTES} characters`);
      return { kid: keyId(secret), secret };
    });
  if (keys.length === 0) throw new Error('TOKEN_SIGNING_KEYS is set but lists no key');
  if (new Set(keys.map((key) => key.kid)).size !== keys.length) throw new Error('TOKEN_SIGNING_KEYS lists a key twice');
  return keys;
};

/** The keys a process signs and verifies with: TOKEN_SIGNING_KEYS when set, else one derived from the server secret. */
export const signingKeysFor = (tokenSigningKeys: string | null, serverSecret: string): SigningKey[] =>
  tokenSigningKeys === null ? [derivedSigningKey(serverSecret)] : parseSigningKeys(tokenSigningKeys);

export class JoseSignedTokens implements SignedTokens {
  readonly #current: SigningKey;
  readonly #byKid: ReadonlyMap<string, Uint8Array>;

  /** `keys[0]` signs; all of them verify. */
  constructor(keys: readonly SigningKey[]) {
    const [current] = keys;
    if (!current) throw new Error('JoseSignedTokens needs at least one key');
    this.#current = current;
    this.#byKid = new Map(keys.map((key) => [key.kid, key.secret]));
  }

  async sign(type: string, claims: TokenClaims, issuedAt: Date, expiresAt: Date): Promise<string> {
    const own = Object.keys(claims).filter((name) => REGISTERED.has(name));
    if (own.length > 0) throw new Error(`claims may not set ${own.join(', ')}`);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: ALGORITHM, kid: this.#current.kid, typ: typeHeader(type) })
      .setIssuer(ISSUER)
      .setAudience(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.#current.secret);
  }

  async verify(type: string, token: unknown, now: Date): Promise<VerifiedToken | null> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return null;
    try {
      const { payload } = await jwtVerify(token, (header: ProtectedHeaderParameters) => this.#key(header), {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: ISSUER,
        typ: typeHeader(type),
        currentDate: now,
        requiredClaims: ['iat', 'exp'],
      });
      return this.#verified(payload, now);
    } catch {
      return null;
    }
  }

  #key(header: ProtectedHeaderParameters): Uint8Array {
    const key = header.kid === undefined ? undefined : this.#byKid.get(header.kid);
    if (!key) throw new Error('unknown key');
    return key;
  }

  #verified(payload: JWTPayload, now: Date): VerifiedToken | null {
    const { iat, exp } = payload;
    // A token issued in the future cannot come from a real verification (it would stretch the window).
    if (typeof iat !== 'number' || typeof exp !== 'number' || iat * 1000 > now.getTime()) return null;
    const claims: Record<string, string> = {};
    for (const [name, value] of Object.entries(payload)) {
      if (REGISTERED.has(name)) continue;
      if (typeof value !== 'string') return null;
      claims[name] = value;
    }
    return { claims, issuedAt: new Date(iat * 1000), expiresAt: new Date(exp * 1000) };
  }
}
