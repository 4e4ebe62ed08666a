/**
 * Guests prove an email (our code) and a phone (Firebase), in that order. Only then does the
 * server issue the guest verification token: 'verified_' + a signed payload binding email,
 * phone and phone-auth user, valid 30 minutes from verification. Nothing the browser composes is
 * accepted: every later use checks the signature.
 */
import type { Context } from 'koa';
import { GUEST_VERIFICATION_VALIDITY_MS, PhoneAuthError, type PhoneAuth } from '@portal/core';
import { HttpError } from '../http/errors.ts';
import type { TokenSigner } from './signed-tokens.ts';

export const EMAIL_SESSION_PREFIX = 'es_';
export const GUEST_TOKEN_PREFIX = 'verified_';

export interface EmailSession {
  readonly typ: 'email_session';
  readonly email: string;
  readonly exp: number;
}

export interface GuestIdentity {
  readonly typ: 'guest';
  readonly email: string;
  readonly phone: string;
  readonly uid: string;
  readonly iat: number;
  readonly exp: number;
}

export class GuestVerification {
  readonly #signer: TokenSigner;
  readonly #phoneAuth: PhoneAuth;

  constructor(signer: TokenSigner, phoneAuth: PhoneAuth) {
    this.#signer = signer;
    this.#phoneAuth = phoneAuth;
  }

  /** What a guest's own rows (enrollments.guestHash, appointments) are keyed by: never the email itself. */
  guestHash(email: string): string {
    return this.#signer.hmac(`guest:${email.trim().toLowerCase()}`);
  }

  /** An opaque key for one guest token (its phone sign-in and issue time), for attempt limits. */
  tokenKey(identity: GuestIdentity): string {
    return this.#signer.hmac(`guest-token:${identity.uid}:${identity.iat}`);
  }

  emailSession(email: string, now: Date): { sessionToken: string; expiresAt: Date } {
    const expiresAt = new Date(now.getTime() + GUEST_VERIFICATION_VALIDITY_MS);
    return { sessionToken: this.#signer.sign(EMAIL_SESSION_PREFIX, { typ: 'email_session', email, exp: expiresAt.getTime() }), expiresAt };
  }

  readEmailSession(token: unknown, now: Date): EmailSession | null {
    return this.#signer.verify<EmailSession>(EMAIL_SESSION_PREFIX, 'email_session', token, now);
  }

  /** Throws PhoneAuthError when the ID token is not a fresh phone sign-in for this number. */
  async issueGuestToken(email: string, phone: string, firebaseIdToken: string, now: Date): Promise<{ token: string; identity: GuestIdentity }> {
    const verified = await this.#phoneAuth.verifyIdToken(firebaseIdToken);
    if (verified.phoneNumber !== phone) throw new PhoneAuthError('the verified phone is not the one entered');
    const identity: GuestIdentity = { typ: 'guest', email, phone, uid: verified.uid, iat: now.getTime(), exp: now.getTime() + GUEST_VERIFICATION_VALIDITY_MS };
    return { token: this.#signer.sign(GUEST_TOKEN_PREFIX, identity), identity };
  }

  /** The guest behind X-Verification-Token, or null. */
  fromRequest(ctx: Context, now: Date): GuestIdentity | null {
    return this.#signer.verify<GuestIdentity>(GUEST_TOKEN_PREFIX, 'guest', ctx.get('X-Verification-Token'), now);
  }
}

/** The verified guest, or the 401 the client maps to 'Verification Expired'. */
export const requireGuest = (ctx: Context, guests: GuestVerification, now: Date): GuestIdentity => {
  const guest = guests.fromRequest(ctx, now);
  if (!guest) throw new HttpError(401, { error: 'Verification Expired', message: 'Both email and phone verification are required. Please complete both steps.' });
  return guest;
};
