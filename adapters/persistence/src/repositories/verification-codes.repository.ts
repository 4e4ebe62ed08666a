/** Emailed codes (core's EmailCodes rules) in `verification_codes`: keyed hashes only. */
import type { Knex } from 'knex';
import type { CodePurpose, StoredCode, VerificationCodeStore } from '@portal/core';
import { VerificationCodeModel } from '../models/index.ts';

export class PostgresVerificationCodes implements VerificationCodeStore {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async replace(code: { purpose: CodePurpose; subjectHash: string; codeHash: string; createdAt: Date; expiresAt: Date }, now: Date): Promise<void> {
    await this.#knex.transaction(async (trx) => {
      await VerificationCodeModel.query(trx).where({ purpose: code.purpose, subjectHash: code.subjectHash }).whereNull('consumedAt').patch({ consumedAt: now });
      await VerificationCodeModel.query(trx).insert(code);
    });
  }

  async issuedSince(purpose: CodePurpose, subjectHash: string, since: Date): Promise<Date | null> {
    const row = await VerificationCodeModel.query(this.#knex).where({ purpose, subjectHash }).where('createdAt', '>', since).orderBy('createdAt', 'desc').first();
    return row?.createdAt ?? null;
  }

  async withdraw(purpose: CodePurpose, subjectHash: string, codeHash: string): Promise<void> {
    await VerificationCodeModel.query(this.#knex).where({ purpose, subjectHash, codeHash }).whereNull('consumedAt').delete();
  }

  async current(purpose: CodePurpose, subjectHash: string): Promise<StoredCode | null> {
    const row = await VerificationCodeModel.query(this.#knex).where({ purpose, subjectHash }).whereNull('consumedAt').orderBy('createdAt', 'desc').first();
    return row ? { id: String(row.id), codeHash: row.codeHash, attempts: row.attempts, createdAt: row.createdAt, expiresAt: row.expiresAt } : null;
  }

  async consume(id: string, now: Date, maxAttempts: number): Promise<boolean> {
    // Conditional: of parallel right answers, the one whose UPDATE matches wins.
    const updated = await VerificationCodeModel.query(this.#knex).where({ id }).whereNull('consumedAt').where('attempts', '<', maxAttempts).patch({ consumedAt: now });
    return updated === 1;
  }

  async countWrongTry(id: string): Promise<number | null> {
    const [row] = (await VerificationCodeModel.query(this.#knex).where({ id }).whereNull('consumedAt').increment('attempts', 1).returning('attempts')) as unknown as Array<{ attempts: number }>;
    return row?.attempts ?? null;
  }
}
