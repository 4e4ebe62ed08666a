/**
 * The Firebase Auth emulator's ID tokens: unsigned JWTs (`alg: none`, empty signature) with the
 * claims production tokens carry. firebase-admin's verifyIdToken accepts them when
 * FIREBASE_AUTH_EMULATOR_HOST is set (it then skips the signature but checks aud, iss, sub, exp).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { unsignedJwt } from '../oauth/crypto.ts';
import { FIREBASE_PROJECT_ID } from '../seed/providers.ts';

export const ID_TOKEN_SECONDS = 3600;

export interface FirebaseIdTokenClaims {
  readonly phone_number: string;
  readonly auth_time: number;
  readonly user_id: string;
  readonly firebase: { readonly identities: { readonly phone: readonly string[] }; readonly sign_in_provider: 'phone' };
  readonly iat: number;
  readonly exp: number;
  readonly aud: string;
  readonly iss: string;
  readonly sub: string;
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

export const idTokenClaims = (user: { readonly localId: string; readonly phoneNumber: string; readonly lastLoginAt: Date }, now: Date): FirebaseIdTokenClaims => ({
  phone_number: user.phoneNumber,
  auth_time: seconds(user.lastLoginAt),
  user_id: user.localId,
  firebase: { identities: { phone: [user.phoneNumber] }, sign_in_provider: 'phone' },
  iat: seconds(now),
  exp: seconds(now) + ID_TOKEN_SECONDS,
  aud: FIREBASE_PROJECT_ID,
  iss: `https://securetoken.google.com/${FIREBASE_PROJECT_ID}`,
  sub: user.localId,
});

export const idToken = (claims: FirebaseIdTokenClaims): string => unsignedJwt(claims);

/** The payload of a JWT, unverified (the emulator does not verify either); null when malformed. */
export const decodeJwtPayload = (jwt: string): Record<string, unknown> | null => {
  const parts = jwt.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as unknown;
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 28-character user id, like the emulator's. */
export const newLocalId = (): string => Array.from({ length: 28 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

/** An opaque session for one code (the emulator's are 226 base64url characters). */
export const newSessionInfo = (): string => randomBytes(168).toString('base64url');

export const newRefreshToken = (): string => randomBytes(48).toString('base64url');

export const newSmsCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * E.164: `+`, a country code not starting with 0, 8–15 digits in all; North American numbers
 * (`+1`) have exactly ten digits after the 1.
 */
export const isE164 = (phoneNumber: string): boolean =>
  /^\+[1-9]\d{7,14}$/.test(phoneNumber) && (!phoneNumber.startsWith('+1') || phoneNumber.length === 12);
