/**
 * Tokens the server signs and the browser carries (guest verification, email sessions). The
 * browser can read one but neither make nor change it. `verify` answers only for a token of this
 * type, signed by a current key, and not expired at `now`; otherwise null. Times have whole-second
 * resolution (as in a JWT).
 */
export type TokenClaims = Readonly<Record<string, string>>;

export interface VerifiedToken {
  readonly claims: TokenClaims;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

export interface SignedTokens {
  sign(type: string, claims: TokenClaims, issuedAt: Date, expiresAt: Date): Promise<string>;
  verify(type: string, token: unknown, now: Date): Promise<VerifiedToken | null>;
}
