/**
 * Staff sign-in: allow-listed addresses (staff_emails), an emailed six-digit code, then the
 * send-otp session token becomes a bearer token. send-otp answers the same for any address and
 * sends mail in the background, so neither the answer nor its timing says who is on the list.
 * Sessions end after 15 minutes idle or 12 hours in all; codes as for guests (15 minutes, single
 * use, 5 wrong tries).
 */
import type { Knex } from 'knex';
import type { Mailer } from '@portal/core';
import { newToken, sha256 } from '../auth/tokens.ts';
import type { Logger } from '@portal/composition';
import { CODE_VALIDITY_MS, MAX_WRONG_TRIES } from './email-codes.ts';
import { sixDigitCode, type TokenSigner } from './signed-tokens.ts';

export const STAFF_IDLE_MS = 15 * 60 * 1000;
export const STAFF_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

interface StaffSessionRow {
  id: number;
  email: string;
  otpCode: string | null;
  otpExpiry: Date | null;
  otpAttempts: number;
  verified: boolean;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date | null;
}

export class StaffAuth {
  readonly #knex: Knex;
  readonly #signer: TokenSigner;
  readonly #mailer: Mailer;
  readonly #logger: Logger;

  constructor(deps: { knex: Knex; signer: TokenSigner; mailer: Mailer; logger: Logger }) {
    this.#knex = deps.knex;
    this.#signer = deps.signer;
    this.#mailer = deps.mailer;
    this.#logger = deps.logger;
  }

  #codeHash(sessionHash: string, code: string): string {
    return this.#signer.hmac(`staff:${sessionHash}:${code}`);
  }

  async sendCode(email: string, now: Date): Promise<string> {
    const token = newToken();
    const sessionHash = sha256(token);
    const listed = await this.#knex('staff_emails').whereRaw('lower(email) = ?', [email]).first('email');
    const code = sixDigitCode();
    await this.#knex('staff_sessions').insert({
      email,
      sessionToken: sessionHash,
      // An address not on the list gets a session that no code can ever open.
      otpCode: listed ? this.#codeHash(sessionHash, code) : null,
      otpExpiry: new Date(now.getTime() + CODE_VALIDITY_MS),
      verified: false,
      createdAt: now,
      expiresAt: new Date(now.getTime() + STAFF_ABSOLUTE_MS),
    });
    if (listed) {
      void this.#mailer
        .send({
          to: email,
          subject: `Your Staff Portal sign-in code: ${code}`,
          text: `Your Member Portal staff sign-in code is ${code}.\n\nIt expires in 15 minutes.\n`,
        })
        .catch((error: unknown) => this.#logger.error({ err: error }, 'staff code email not sent'));
    }
    return token;
  }

  /** The signed-in address, or null for any wrong, used, expired or exhausted code. */
  async verifyCode(token: string, code: string, now: Date): Promise<{ email: string; expiresAt: Date } | null> {
    const sessionHash = sha256(token);
    const row = (await this.#knex('staff_sessions').where({ sessionToken: sessionHash }).first()) as StaffSessionRow | undefined;
    if (!row || row.verified || !row.otpCode || !row.otpExpiry || row.otpExpiry <= now || row.otpAttempts >= MAX_WRONG_TRIES) return null;
    if (!this.#signer.sameHmac(this.#codeHash(sessionHash, code), row.otpCode)) {
      await this.#knex('staff_sessions').where({ id: row.id }).increment('otpAttempts', 1);
      return null;
    }
    const won = await this.#knex('staff_sessions')
      .where({ id: row.id, verified: false })
      .whereNotNull('otpCode')
      .update({ verified: true, otpCode: null, lastSeenAt: now });
    return won === 1 ? { email: row.email, expiresAt: this.#expiresAt({ ...row, lastSeenAt: now }) } : null;
  }

  #expiresAt(row: Pick<StaffSessionRow, 'lastSeenAt' | 'expiresAt'>): Date {
    const idle = (row.lastSeenAt?.getTime() ?? 0) + STAFF_IDLE_MS;
    return new Date(Math.min(idle, row.expiresAt.getTime()));
  }

  /** The staff member behind a bearer token, marking activity; null when absent or ended. */
  async session(authorization: string, now: Date): Promise<{ email: string; expiresAt: Date } | null> {
    const match = /^Bearer ([\w-]{20,200})$/.exec(authorization);
    if (!match) return null;
    const row = (await this.#knex('staff_sessions').where({ sessionToken: sha256(match[1]!), verified: true }).first()) as StaffSessionRow | undefined;
    if (!row || this.#expiresAt(row) <= now) return null;
    await this.#knex('staff_sessions').where({ id: row.id }).update({ lastSeenAt: now });
    return { email: row.email, expiresAt: this.#expiresAt({ ...row, lastSeenAt: now }) };
  }

  async end(authorization: string): Promise<void> {
    const match = /^Bearer ([\w-]{20,200})$/.exec(authorization);
    if (match) await this.#knex('staff_sessions').where({ sessionToken: sha256(match[1]!) }).update({ expiresAt: new Date(0) });
  }
}
