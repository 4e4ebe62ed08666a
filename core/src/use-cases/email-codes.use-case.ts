/**
 * One-time codes sent by email, for guests and staff (enrollment-and-payment §9; issue 10).
 * Six digits, stored only as a keyed hash filed under a keyed hash of the address (and of the
 * device that asked, when there is one: a code can then be tried only from that device, and a
 * stranger's request replaces only the stranger's own code). Valid 15 minutes, single use, at most
 * 5 wrong tries; a new code for the same subject ends the earlier ones; the resend lock is 2 minutes.
 */
import { DEFAULT_LOCALE, type Locale } from '../domain/locale.ts';
import { VERIFICATION_CODE_EMAILS, type EmailText } from '../domain/notice-texts.ts';
import type { Secrets } from '../ports/secrets.port.ts';
import type { CodePurpose, VerificationCodeStore } from '../ports/verification-codes.port.ts';

export const CODE_VALIDITY_MS = 15 * 60 * 1000;
/** The spec's resend lock: the button enables at 13 minutes or less remaining. */
export const RESEND_AFTER_MS = 2 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;

/**
 * A guest's verification-code email, in the language of the request (issue 26; English by default,
 * word for word the text GET /api/verify-email/send-otp has always sent). The staff's sign-in code
 * stays English: the staff portal is English.
 */
export const verificationCodeEmail = (code: string, locale: Locale = DEFAULT_LOCALE): EmailText =>
  VERIFICATION_CODE_EMAILS[locale]({ code, validMinutes: CODE_VALIDITY_MS / 60_000 });

export type CodeCheckResult = 'ok' | 'wrong' | 'expired' | 'exhausted' | 'none';

const normalized = (address: string): string => address.trim().toLowerCase();

export class EmailCodes {
  readonly #store: VerificationCodeStore;
  readonly #secrets: Secrets;

  constructor(store: VerificationCodeStore, secrets: Secrets) {
    this.#store = store;
    this.#secrets = secrets;
  }

  /** An opaque key for an address (all its devices). */
  subjectHash(purpose: CodePurpose, address: string): string {
    return this.#secrets.keyedHash(`${purpose}:${normalized(address)}`);
  }

  /** An opaque key for an address on one device: what a guest's code is filed under. */
  deviceSubjectHash(purpose: CodePurpose, address: string, device: string): string {
    return this.#secrets.keyedHash(`${purpose}:${normalized(address)}#${device}`);
  }

  /** An opaque key for a device (attempt limits). */
  deviceKey(device: string): string {
    return this.#secrets.keyedHash(`device:${device}`);
  }

  #subject(purpose: CodePurpose, address: string, device: string | null): string {
    return device === null ? this.subjectHash(purpose, address) : this.deviceSubjectHash(purpose, address, device);
  }

  #codeHash(subjectHash: string, code: string): string {
    return this.#secrets.keyedHash(`code:${subjectHash}:${code}`);
  }

  /** Seconds until another code may be sent to this address on this device; 0 when it may now. */
  async resendWaitSeconds(purpose: CodePurpose, address: string, device: string | null, now: Date): Promise<number> {
    const last = await this.#store.issuedSince(purpose, this.#subject(purpose, address, device), new Date(now.getTime() - RESEND_AFTER_MS));
    return last === null ? 0 : Math.max(1, Math.ceil((last.getTime() + RESEND_AFTER_MS - now.getTime()) / 1000));
  }

  /** A new code for the address on this device; earlier unused codes of the same subject stop working. */
  async issue(purpose: CodePurpose, address: string, device: string | null, now: Date): Promise<{ code: string; expiresAt: Date; resendAvailableAt: Date }> {
    const subjectHash = this.#subject(purpose, address, device);
    const code = this.#secrets.oneTimeCode();
    const expiresAt = new Date(now.getTime() + CODE_VALIDITY_MS);
    await this.#store.replace({ purpose, subjectHash, codeHash: this.#codeHash(subjectHash, code), createdAt: now, expiresAt }, now);
    return { code, expiresAt, resendAvailableAt: new Date(now.getTime() + RESEND_AFTER_MS) };
  }

  /** Takes back a code whose email could not be sent: the address may ask again at once (issue 16's mail fault). */
  async withdraw(purpose: CodePurpose, address: string, device: string | null, code: string): Promise<void> {
    const subjectHash = this.#subject(purpose, address, device);
    await this.#store.withdraw(purpose, subjectHash, this.#codeHash(subjectHash, code));
  }

  /** Checks and, on success, uses up the current code of the address on this device. */
  async check(purpose: CodePurpose, address: string, device: string | null, code: string, now: Date): Promise<{ result: CodeCheckResult; attemptsRemaining: number }> {
    const subjectHash = this.#subject(purpose, address, device);
    const current = await this.#store.current(purpose, subjectHash);
    if (!current) return { result: 'none', attemptsRemaining: 0 };
    if (current.expiresAt.getTime() <= now.getTime()) return { result: 'expired', attemptsRemaining: 0 };
    if (current.attempts >= MAX_WRONG_TRIES) return { result: 'exhausted', attemptsRemaining: 0 };
    if (this.#secrets.sameKeyedHash(this.#codeHash(subjectHash, code), current.codeHash)) {
      // Parallel right answers: the store's conditional update picks one winner.
      return (await this.#store.consume(current.id, now, MAX_WRONG_TRIES)) ? { result: 'ok', attemptsRemaining: 0 } : { result: 'none', attemptsRemaining: 0 };
    }
    // The fifth wrong try is still answered 'wrong'; the sixth finds the code exhausted.
    const attempts = (await this.#store.countWrongTry(current.id)) ?? MAX_WRONG_TRIES;
    return { result: 'wrong', attemptsRemaining: Math.max(0, MAX_WRONG_TRIES - attempts) };
  }
}
