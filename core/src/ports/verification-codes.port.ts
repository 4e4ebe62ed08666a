/**
 * Where emailed one-time codes are kept: only keyed hashes, filed under an opaque subject (an
 * address, or an address on one device). The rules (lifetime, tries, single use) are core's
 * (use-cases/email-codes.use-case.ts); the store answers the conditional updates atomically so
 * that parallel tries have one winner.
 */
export type CodePurpose = 'guest_email' | 'staff_email';

export interface StoredCode {
  readonly id: string;
  readonly codeHash: string;
  readonly attempts: number;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

export interface VerificationCodeStore {
  /** Ends the subject's unused codes and files the new one, together. */
  replace(code: { purpose: CodePurpose; subjectHash: string; codeHash: string; createdAt: Date; expiresAt: Date }, now: Date): Promise<void>;
  /** When the subject's newest code was issued, if after `since`. */
  issuedSince(purpose: CodePurpose, subjectHash: string, since: Date): Promise<Date | null>;
  /** The subject's newest unused code. */
  current(purpose: CodePurpose, subjectHash: string): Promise<StoredCode | null>;
  /** Marks the code used if it is still unused and has fewer than `maxAttempts` wrong tries; true for the one caller that did. */
  consume(id: string, now: Date, maxAttempts: number): Promise<boolean>;
  /** Removes an unused code that was never delivered (the mail failed): it neither works nor delays the next one. */
  withdraw(purpose: CodePurpose, subjectHash: string, codeHash: string): Promise<void>;
  /** Counts a wrong try on a still-unused code; the count after it (null when the code was used meanwhile). */
  countWrongTry(id: string): Promise<number | null>;
}
