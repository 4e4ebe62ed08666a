/** Staff sign-in storage (core's StaffSignIn rules): the allow list and sessions by token digest. */
import type { Knex } from 'knex';
import type { StaffDirectory, StaffSessionRecord, StaffSessionStore } from '@portal/core';
import { StaffEmailModel, StaffSessionModel } from '../models/index.ts';

export class PostgresStaffDirectory implements StaffDirectory {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async isListed(email: string): Promise<boolean> {
    return (await StaffEmailModel.query(this.#knex).whereRaw('lower(email) = ?', [email.toLowerCase()]).first()) !== undefined;
  }
}

const record = (row: StaffSessionModel): StaffSessionRecord => ({
  id: String(row.id),
  email: row.email,
  codeHash: row.otpCode,
  codeExpiresAt: row.otpExpiry,
  codeAttempts: row.otpAttempts,
  verified: row.verified,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
  lastSeenAt: row.lastSeenAt,
});

export class PostgresStaffSessions implements StaffSessionStore {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  #query() {
    return StaffSessionModel.query(this.#knex);
  }

  async open(session: { tokenDigest: string; email: string; codeHash: string | null; codeExpiresAt: Date; createdAt: Date; expiresAt: Date }): Promise<void> {
    await this.#query().insert({
      email: session.email,
      sessionToken: session.tokenDigest,
      otpCode: session.codeHash,
      otpExpiry: session.codeExpiresAt,
      verified: false,
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
    });
  }

  async find(tokenDigest: string): Promise<StaffSessionRecord | null> {
    const row = await this.#query().where({ sessionToken: tokenDigest }).first();
    return row ? record(row) : null;
  }

  async countWrongTry(id: string): Promise<void> {
    await this.#query().where({ id: Number(id) }).increment('otpAttempts', 1);
  }

  async markVerified(id: string, now: Date): Promise<boolean> {
    // Conditional: a code opens its session once, however many tries race.
    const updated = await this.#query().where({ id: Number(id), verified: false }).whereNotNull('otpCode').patch({ verified: true, otpCode: null, lastSeenAt: now });
    return updated === 1;
  }

  async touch(id: string, now: Date): Promise<void> {
    await this.#query().where({ id: Number(id) }).patch({ lastSeenAt: now });
  }

  async end(tokenDigest: string, now: Date): Promise<void> {
    await this.#query().where({ sessionToken: tokenDigest }).patch({ expiresAt: now });
  }
}
