/**
 * Guests prove an email (our code) and a phone (phone auth), in that order
 * (enrollment-and-payment §4, §7). After the email, the server issues an email session; after the
 * phone, the guest verification token binding email, phone and phone-auth user, valid 30 minutes
 * from verification (§9). Both are signed by the server: nothing the browser composes is
 * accepted, every use checks signature, type and expiry.
 */
import { PhoneAuthError, type PhoneAuth } from '../ports/phone-auth.port.ts';
import type { Secrets } from '../ports/secrets.port.ts';
import type { SignedTokens, TokenClaims } from '../ports/signed-tokens.port.ts';
import { GUEST_VERIFICATION_VALIDITY_MS } from '../policies/verification.policy.ts';

export const EMAIL_SESSION_TOKEN_TYPE = 'email_session';
export const GUEST_TOKEN_TYPE = 'guest';
/** The spec's guest token ('dualVerificationToken') starts 'verified_'; email sessions 'es_'. */
export const GUEST_TOKEN_PREFIX = 'verified_';
export const EMAIL_SESSION_PREFIX = 'es_';

const unprefixed = (prefix: string, token: unknown): string | null =>
  typeof token === 'string' && token.startsWith(prefix) ? token.slice(prefix.length) : null;

export interface EmailSession {
  readonly email: string;
  readonly expiresAt: Date;
}

export interface GuestIdentity {
  readonly email: string;
  readonly phone: string;
  /** The phone-auth user. */
  readonly uid: string;
  readonly verifiedAt: Date;
  readonly expiresAt: Date;
}

const text = (claims: TokenClaims, name: string): string | null => {
  const value = claims[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** Signed tokens carry whole seconds: the times we report are the ones the token holds. */
const wholeSeconds = (date: Date): Date => new Date(Math.floor(date.getTime() / 1000) * 1000);

export class GuestVerification {
  readonly #tokens: SignedTokens;
  readonly #secrets: Secrets;
  readonly #phoneAuth: PhoneAuth;

  constructor(deps: { tokens: SignedTokens; secrets: Secrets; phoneAuth: PhoneAuth }) {
    this.#tokens = deps.tokens;
    this.#secrets = deps.secrets;
    this.#phoneAuth = deps.phoneAuth;
  }

  /** What a guest's own rows (enrollments.guestHash, appointments) are keyed by: never the email itself. */
  guestHash(email: string): string {
    return this.#secrets.keyedHash(`guest:${email.trim().toLowerCase()}`);
  }

  /** An opaque key for one guest token (its phone sign-in and verification time), for attempt limits. */
  tokenKey(guest: GuestIdentity): string {
    return this.#secrets.keyedHash(`guest-token:${guest.uid}:${guest.verifiedAt.getTime()}`);
  }

  /** After the emailed code: proof of the address for the phone step, valid as long as a verification. */
  async emailSession(email: string, now: Date): Promise<{ sessionToken: string; expiresAt: Date }> {
    const issuedAt = wholeSeconds(now);
    const expiresAt = new Date(issuedAt.getTime() + GUEST_VERIFICATION_VALIDITY_MS);
    return { sessionToken: EMAIL_SESSION_PREFIX + (await this.#tokens.sign(EMAIL_SESSION_TOKEN_TYPE, { email }, issuedAt, expiresAt)), expiresAt };
  }

  async readEmailSession(token: unknown, now: Date): Promise<EmailSession | null> {
    const verified = await this.#tokens.verify(EMAIL_SESSION_TOKEN_TYPE, unprefixed(EMAIL_SESSION_PREFIX, token), now);
    const email = verified && text(verified.claims, 'email');
    return verified && email ? { email, expiresAt: verified.expiresAt } : null;
  }

  /** Throws PhoneAuthError when the phone-auth ID token is not a fresh sign-in for this number. */
  async issueGuestToken(email: string, phone: string, phoneAuthIdToken: string, now: Date): Promise<{ token: string; guest: GuestIdentity }> {
    const verified = await this.#phoneAuth.verifyIdToken(phoneAuthIdToken);
    if (verified.phoneNumber !== phone) throw new PhoneAuthError('the verified phone is not the one entered');
    const verifiedAt = wholeSeconds(now);
    const guest: GuestIdentity = { email, phone, uid: verified.uid, verifiedAt, expiresAt: new Date(verifiedAt.getTime() + GUEST_VERIFICATION_VALIDITY_MS) };
    const token = GUEST_TOKEN_PREFIX + (await this.#tokens.sign(GUEST_TOKEN_TYPE, { email, phone, uid: verified.uid }, guest.verifiedAt, guest.expiresAt));
    return { token, guest };
  }

  /** The verified guest behind a guest token, or null. */
  async identify(token: unknown, now: Date): Promise<GuestIdentity | null> {
    const verified = await this.#tokens.verify(GUEST_TOKEN_TYPE, unprefixed(GUEST_TOKEN_PREFIX, token), now);
    if (!verified) return null;
    const [email, phone, uid] = [text(verified.claims, 'email'), text(verified.claims, 'phone'), text(verified.claims, 'uid')];
    return email && phone && uid ? { email, phone, uid, verifiedAt: verified.issuedAt, expiresAt: verified.expiresAt } : null;
  }
}
