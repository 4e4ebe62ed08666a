import type { LinkedPatient, PatientSession, PersonProfile, SessionData } from '../domain/patient-session.ts';

/** Provider-login sessions, stored server side and found by the hash of the cookie's token. */
export interface PatientSessionRepository {
  create(session: PatientSession): Promise<void>;
  find(id: string): Promise<PatientSession | null>;
  /** Marks activity (extends the idle timeout). */
  touch(id: string, at: Date): Promise<void>;
  saveData(id: string, data: SessionData): Promise<void>;
  saveLinks(id: string, linkedPatients: readonly LinkedPatient[], checkedAt: Date): Promise<void>;
  saveProfiles(id: string, person: PersonProfile, acting: PersonProfile): Promise<void>;
  revoke(id: string, at: Date): Promise<void>;
}

/**
 * Notifications of changes to stored sessions, made anywhere (another instance, a DBA), and
 * whether they are being heard right now (`live`); `onChange(null)`: anything may have changed.
 */
export interface SessionChanges {
  readonly live: boolean;
  onChange(listener: (id: string | null) => void): () => void;
}

/** A pending authorization request: single use, short-lived, bound to the browser that started it. */
export interface PendingAuthorization {
  /** SHA-256 of the `state` parameter. */
  readonly stateHash: string;
  /** SHA-256 of the binding cookie set on the browser that started the flow. */
  readonly browserBindingHash: string;
  readonly codeVerifier: string;
  readonly nonce: string;
  readonly workflow: string;
  readonly redirectPath: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

export interface PendingAuthorizationRepository {
  save(pending: PendingAuthorization): Promise<void>;
  /** Returns and deletes the request in one step: a replayed state finds nothing. */
  consume(stateHash: string): Promise<PendingAuthorization | null>;
}
