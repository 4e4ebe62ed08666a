/**
 * The server's secret-keyed primitives (an adapter holds the key): keyed hashes, so that what is
 * stored or counted about a person (an address, a code, a device) cannot be read back or guessed
 * offline; one-time codes and opaque tokens from a secure random source; and the digest under
 * which a bearer token is stored.
 */
export interface Secrets {
  /** A keyed hash (hex) of `value`: stable while the key is, useless without it. */
  keyedHash(value: string): string;
  /** Constant-time comparison of two keyed hashes. */
  sameKeyedHash(a: string, b: string): boolean;
  /** Six decimal digits. */
  oneTimeCode(): string;
  /** 256 random bits, URL-safe. */
  opaqueToken(): string;
  /** What a bearer token is stored and looked up by (an unkeyed SHA-256, hex). */
  tokenDigest(token: string): string;
}
