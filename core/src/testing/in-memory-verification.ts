/**
 * In-memory stand-ins for the verification ports, for unit tests of core's use cases only: the
 * API runs on the PostgreSQL stores and the jose/HMAC adapters.
 */
import type { Secrets } from '../ports/secrets.port.ts';
import type { SignedTokens, TokenClaims, VerifiedToken } from '../ports/signed-tokens.port.ts';
import type { StaffDirectory, StaffSessionRecord, StaffSessionStore } from '../ports/staff-sessions.port.ts';
import type { CodePurpose, StoredCode, VerificationCodeStore } from '../ports/verification-codes.port.ts';

/** Readable "hashes" (`h(value)`) and predictable codes and tokens, so tests can see what was keyed. */
export class PlainSecrets implements Secrets {
  #next = 0;
  readonly codes: string[] = [];

  keyedHash(value: string): string {
    return `h(${value})`;
  }
  sameKeyedHash(a: string, b: string): boolean {
    return a === b;
  }
  oneTimeCode(): string {
    const code = String(123456 + this.codes.length).padStart(6, '0');
    this.codes.push(code);
    return code;
  }
  opaqueToken(): string {
    this.#next += 1;
    return `token-${this.#next}`;
  }
  tokenDigest(token: string): string {
    return `d(${token})`;
  }
}

/** Tokens as readable JSON; `verify` keeps the port's rules (type, expiry, whole seconds). */
export class PlainSignedTokens implements SignedTokens {
  async sign(type: string, claims: TokenClaims, issuedAt: Date, expiresAt: Date): Promise<string> {
    return JSON.stringify({ type, claims, iat: Math.floor(issuedAt.getTime() / 1000), exp: Math.floor(expiresAt.getTime() / 1000) });
  }
  async verify(type: string, token: unknown, now: Date): Promise<VerifiedToken | null> {
    if (typeof token !== 'string') return null;
    try {
      const parsed = JSON.parse(token) as { type: string; claims: TokenClaims; iat: number; exp: number };
      if (parsed.type !== type || parsed.exp * 1000 <= now.getTime()) return null;
      return { claims: parsed.claims, issuedAt: new Date(parsed.iat * 1000), expiresAt: new Date(parsed.exp * 1000) };
    } catch {
      return null;
    }
  }
}

interface CodeRow extends StoredCode {
  purpose: CodePurpose;
  subjectHash: string;
  consumedAt: Date | null;
}

export class InMemoryVerificationCodes implements VerificationCodeStore {
  readonly rows: CodeRow[] = [];

  async replace(code: { purpose: CodePurpose; subjectHash: string; codeHash: string; createdAt: Date; expiresAt: Date }, now: Date): Promise<void> {
    for (const row of this.rows) if (row.purpose === code.purpose && row.subjectHash === code.subjectHash && row.consumedAt === null) row.consumedAt = now;
    this.rows.push({ ...code, id: String(this.rows.length + 1), attempts: 0, consumedAt: null });
  }
  async issuedSince(purpose: CodePurpose, subjectHash: string, since: Date): Promise<Date | null> {
    const times = this.rows.filter((row) => row.purpose === purpose && row.subjectHash === subjectHash && row.createdAt > since).map((row) => row.createdAt.getTime());
    return times.length === 0 ? null : new Date(Math.max(...times));
  }
  async withdraw(purpose: CodePurpose, subjectHash: string, codeHash: string): Promise<void> {
    const index = this.rows.findIndex((row) => row.purpose === purpose && row.subjectHash === subjectHash && row.codeHash === codeHash && row.consumedAt === null);
    if (index >= 0) this.rows.splice(index, 1);
  }
  async current(purpose: CodePurpose, subjectHash: string): Promise<StoredCode | null> {
    return this.rows.filter((row) => row.purpose === purpose && row.subjectHash === subjectHash && row.consumedAt === null).at(-1) ?? null;
  }
  async consume(id: string, now: Date, maxAttempts: number): Promise<boolean> {
    const row = this.rows.find((candidate) => candidate.id === id);
    if (!row || row.consumedAt !== null || row.attempts >= maxAttempts) return false;
    row.consumedAt = now;
    return true;
  }
  async countWrongTry(id: string): Promise<number | null> {
    const row = this.rows.find((candidate) => candidate.id === id && candidate.consumedAt === null);
    if (!row) return null;
    (row as { attempts: number }).attempts += 1;
    return row.attempts;
  }
}

export class InMemoryStaff implements StaffDirectory, StaffSessionStore {
  readonly listed = new Set<string>();
  readonly sessions: Array<StaffSessionRecord & { tokenDigest: string }> = [];

  async isListed(email: string): Promise<boolean> {
    return this.listed.has(email);
  }
  async open(session: { tokenDigest: string; email: string; codeHash: string | null; codeExpiresAt: Date; createdAt: Date; expiresAt: Date }): Promise<void> {
    this.sessions.push({ id: String(this.sessions.length + 1), codeAttempts: 0, verified: false, lastSeenAt: null, ...session });
  }
  async find(tokenDigest: string): Promise<StaffSessionRecord | null> {
    return this.sessions.find((session) => session.tokenDigest === tokenDigest) ?? null;
  }
  #update(id: string, change: Partial<StaffSessionRecord>): void {
    const index = this.sessions.findIndex((session) => session.id === id);
    if (index >= 0) this.sessions[index] = { ...this.sessions[index]!, ...change };
  }
  async countWrongTry(id: string): Promise<void> {
    const session = this.sessions.find((candidate) => candidate.id === id);
    if (session) this.#update(id, { codeAttempts: session.codeAttempts + 1 });
  }
  async markVerified(id: string, now: Date): Promise<boolean> {
    const session = this.sessions.find((candidate) => candidate.id === id);
    if (!session || session.verified || session.codeHash === null) return false;
    this.#update(id, { verified: true, codeHash: null, lastSeenAt: now });
    return true;
  }
  async touch(id: string, now: Date): Promise<void> {
    this.#update(id, { lastSeenAt: now });
  }
  async end(tokenDigest: string, now: Date): Promise<void> {
    const session = this.sessions.find((candidate) => candidate.tokenDigest === tokenDigest);
    if (session) this.#update(session.id, { expiresAt: now });
  }
}
