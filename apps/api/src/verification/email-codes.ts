/**
 * One-time codes sent by email, for guests and staff. Six digits from a secure random source,
 * stored only as an HMAC with the address's HMAC, valid 15 minutes, single use (a conditional
 * UPDATE decides the one winner among parallel tries), at most 5 wrong tries per code.
 */
import type { Knex } from 'knex';
import { sixDigitCode, type TokenSigner } from './signed-tokens.ts';

export const CODE_VALIDITY_MS = 15 * 60 * 1000;
/** The spec's resend lock: the button enables at 13 minutes or less remaining. */
export const RESEND_AFTER_MS = 2 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;

export type CodePurpose = 'guest_email' | 'staff_email';

export type CheckResult = 'ok' | 'wrong' | 'expired' | 'exhausted' | 'none';

export class EmailCodes {
  readonly #knex: Knex;
  readonly #signer: TokenSigner;

  constructor(knex: Knex, signer: TokenSigner) {
    this.#knex = knex;
    this.#signer = signer;
  }

  subjectHash(purpose: CodePurpose, address: string): string {
    return this.#signer.hmac(`${purpose}:${address.trim().toLowerCase()}`);
  }

  /**
   * What a code is filed under: the address, and the device that asked for it when one is
   * given. A code can then be tried only from that device, and a stranger's request replaces
   * only the stranger's own code.
   */
  #subject(purpose: CodePurpose, address: string, device: string | null): string {
    return device === null ? this.subjectHash(purpose, address) : this.#signer.hmac(`${purpose}:${address.trim().toLowerCase()}#${device}`);
  }

  /** An opaque key for a device (attempt limits). */
  deviceKey(device: string): string {
    return this.#signer.hmac(`device:${device}`);
  }

  /** An opaque key for an address on one device (attempt limits). */
  deviceSubjectHash(purpose: CodePurpose, address: string, device: string): string {
    return this.#subject(purpose, address, device);
  }

  #codeHash(subjectHash: string, code: string): string {
    return this.#signer.hmac(`code:${subjectHash}:${code}`);
  }

  /** When the last code for this address was issued, if within the resend lock. */
  async lastIssuedWithin(purpose: CodePurpose, address: string, device: string | null, now: Date, windowMs: number): Promise<Date | null> {
    const row = (await this.#knex('verification_codes')
      .where({ purpose, subjectHash: this.#subject(purpose, address, device) })
      .where('createdAt', '>', new Date(now.getTime() - windowMs))
      .orderBy('createdAt', 'desc')
      .first('createdAt')) as { createdAt: Date } | undefined;
    return row?.createdAt ?? null;
  }

  /** A new code for the address on this device; earlier unused codes of the same device stop working. */
  async issue(purpose: CodePurpose, address: string, device: string | null, now: Date): Promise<{ code: string; expiresAt: Date }> {
    const subjectHash = this.#subject(purpose, address, device);
    const code = sixDigitCode();
    const expiresAt = new Date(now.getTime() + CODE_VALIDITY_MS);
    await this.#knex.transaction(async (trx) => {
      await trx('verification_codes').where({ purpose, subjectHash }).whereNull('consumedAt').update({ consumedAt: now });
      await trx('verification_codes').insert({ purpose, subjectHash, codeHash: this.#codeHash(subjectHash, code), createdAt: now, expiresAt });
    });
    return { code, expiresAt };
  }

  /** Checks and, on success, consumes the address's current code on this device. */
  async check(purpose: CodePurpose, address: string, device: string | null, code: string, now: Date): Promise<{ result: CheckResult; attemptsRemaining: number }> {
    const subjectHash = this.#subject(purpose, address, device);
    const row = (await this.#knex('verification_codes')
      .where({ purpose, subjectHash })
      .whereNull('consumedAt')
      .orderBy('createdAt', 'desc')
      .first('id', 'codeHash', 'attempts', 'expiresAt')) as { id: string; codeHash: string; attempts: number; expiresAt: Date } | undefined;
    if (!row) return { result: 'none', attemptsRemaining: 0 };
    if (row.expiresAt.getTime() <= now.getTime()) return { result: 'expired', attemptsRemaining: 0 };
    if (row.attempts >= MAX_WRONG_TRIES) return { result: 'exhausted', attemptsRemaining: 0 };
    if (this.#signer.sameHmac(this.#codeHash(subjectHash, code), row.codeHash)) {
      const won = await this.#knex('verification_codes')
        .where({ id: row.id })
        .whereNull('consumedAt')
        .where('attempts', '<', MAX_WRONG_TRIES)
        .update({ consumedAt: now });
      return won === 1 ? { result: 'ok', attemptsRemaining: 0 } : { result: 'none', attemptsRemaining: 0 };
    }
    const [updated] = (await this.#knex('verification_codes')
      .where({ id: row.id })
      .whereNull('consumedAt')
      .increment('attempts', 1)
      .returning('attempts')) as Array<{ attempts: number }>;
    // The fifth wrong try is still answered 'wrong'; the sixth finds the code exhausted.
    const attempts = updated?.attempts ?? MAX_WRONG_TRIES;
    return { result: 'wrong', attemptsRemaining: Math.max(0, MAX_WRONG_TRIES - attempts) };
  }
}
