/**
 * Staff sign-in (booking-dashboard-staff §7): allow-listed addresses, an emailed six-digit code,
 * then the send-otp session token becomes the bearer token. Sending answers the same for any
 * address and mails in the background, so neither the answer nor its timing says who is on the
 * list; an address not on the list gets a session no code can open. Sessions end after 15 minutes
 * idle or 12 hours in all; codes as for guests (15 minutes, single use, 5 wrong tries).
 */
import type { Mailer } from '../ports/mailer.port.ts';
import type { Secrets } from '../ports/secrets.port.ts';
import type { StaffDirectory, StaffSessionRecord, StaffSessionStore } from '../ports/staff-sessions.port.ts';
import { CODE_VALIDITY_MS, MAX_WRONG_TRIES } from './email-codes.use-case.ts';

export const STAFF_IDLE_MS = 15 * 60 * 1000;
export const STAFF_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

export interface StaffMember {
  readonly email: string;
  readonly expiresAt: Date;
}

/** When a signed-in staff session ends: 15 minutes after its last use, at most its absolute end. */
export const staffSessionEndsAt = (session: Pick<StaffSessionRecord, 'lastSeenAt' | 'expiresAt'>): Date =>
  new Date(Math.min((session.lastSeenAt?.getTime() ?? 0) + STAFF_IDLE_MS, session.expiresAt.getTime()));

export const staffCodeEmail = (to: string, code: string): Parameters<Mailer['send']>[0] => ({
  to,
  subject: `Your Staff Portal sign-in code: ${code}`,
  text: `Your Member Portal staff sign-in code is ${code}.\n\nIt expires in 15 minutes.\n`,
});

export class StaffSignIn {
  readonly #directory: StaffDirectory;
  readonly #sessions: StaffSessionStore;
  readonly #secrets: Secrets;
  readonly #mailer: Mailer;

  constructor(deps: { directory: StaffDirectory; sessions: StaffSessionStore; secrets: Secrets; mailer: Mailer }) {
    this.#directory = deps.directory;
    this.#sessions = deps.sessions;
    this.#secrets = deps.secrets;
    this.#mailer = deps.mailer;
  }

  #codeHash(tokenDigest: string, code: string): string {
    return this.#secrets.keyedHash(`staff:${tokenDigest}:${code}`);
  }

  /**
   * Opens a session for the address and mails its code if the address is staff. Answers at once
   * with the session token; `delivery` settles when the mail is sent (or fails) — the caller only
   * logs a failure, so the answer never waits on, or tells, whether mail went out.
   */
  async sendCode(email: string, now: Date): Promise<{ sessionToken: string; delivery: Promise<void> }> {
    const address = email.trim().toLowerCase();
    const sessionToken = this.#secrets.opaqueToken();
    const tokenDigest = this.#secrets.tokenDigest(sessionToken);
    const listed = await this.#directory.isListed(address);
    const code = this.#secrets.oneTimeCode();
    await this.#sessions.open({
      tokenDigest,
      email: address,
      codeHash: listed ? this.#codeHash(tokenDigest, code) : null,
      codeExpiresAt: new Date(now.getTime() + CODE_VALIDITY_MS),
      createdAt: now,
      expiresAt: new Date(now.getTime() + STAFF_ABSOLUTE_MS),
    });
    const delivery = listed ? this.#mailer.send(staffCodeEmail(address, code)) : Promise.resolve();
    return { sessionToken, delivery };
  }

  /** The signed-in staff member, or null for any wrong, used, expired or exhausted code. */
  async verifyCode(sessionToken: string, code: string, now: Date): Promise<StaffMember | null> {
    const tokenDigest = this.#secrets.tokenDigest(sessionToken);
    const session = await this.#sessions.find(tokenDigest);
    if (!session || session.verified || !session.codeHash || !session.codeExpiresAt) return null;
    if (session.codeExpiresAt.getTime() <= now.getTime() || session.codeAttempts >= MAX_WRONG_TRIES) return null;
    if (!this.#secrets.sameKeyedHash(this.#codeHash(tokenDigest, code), session.codeHash)) {
      await this.#sessions.countWrongTry(session.id);
      return null;
    }
    if (!(await this.#sessions.markVerified(session.id, now))) return null;
    return { email: session.email, expiresAt: staffSessionEndsAt({ lastSeenAt: now, expiresAt: session.expiresAt }) };
  }

  /** The staff member behind a bearer token, marking activity; null when unknown or ended. */
  async session(bearerToken: string, now: Date): Promise<StaffMember | null> {
    const session = await this.#sessions.find(this.#secrets.tokenDigest(bearerToken));
    if (!session || !session.verified || staffSessionEndsAt(session).getTime() <= now.getTime()) return null;
    await this.#sessions.touch(session.id, now);
    return { email: session.email, expiresAt: staffSessionEndsAt({ lastSeenAt: now, expiresAt: session.expiresAt }) };
  }

  async end(bearerToken: string, now: Date): Promise<void> {
    await this.#sessions.end(this.#secrets.tokenDigest(bearerToken), now);
  }
}
