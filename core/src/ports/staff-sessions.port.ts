/**
 * Staff sign-in storage: the allow list of staff addresses, and sessions stored by the digest of
 * their bearer token (the token itself is never stored). Rules live in
 * use-cases/staff-sign-in.use-case.ts.
 */
export interface StaffDirectory {
  /** Whether the (lower-case) address is on the practice's staff list. */
  isListed(email: string): Promise<boolean>;
}

export interface StaffSessionRecord {
  readonly id: string;
  readonly email: string;
  /** Keyed hash of the emailed code; null once used, or for an address not on the list. */
  readonly codeHash: string | null;
  readonly codeExpiresAt: Date | null;
  readonly codeAttempts: number;
  readonly verified: boolean;
  readonly createdAt: Date;
  /** The absolute end (12 hours after the code was sent), or the moment of sign-out. */
  readonly expiresAt: Date;
  readonly lastSeenAt: Date | null;
}

export interface StaffSessionStore {
  open(session: { tokenDigest: string; email: string; codeHash: string | null; codeExpiresAt: Date; createdAt: Date; expiresAt: Date }): Promise<void>;
  find(tokenDigest: string): Promise<StaffSessionRecord | null>;
  countWrongTry(id: string): Promise<void>;
  /** Marks the session signed in (code used) if it is not yet; true for the one caller that did. */
  markVerified(id: string, now: Date): Promise<boolean>;
  touch(id: string, now: Date): Promise<void>;
  end(tokenDigest: string, now: Date): Promise<void>;
}
