/**
 * A provider-login session: who signed in (the person), whose record they act for (the acting
 * patient), what the health record says links them, and when the session ends.
 * Idle and absolute timeouts are ours (the spec shows only the client): 30 minutes idle,
 * 12 hours in all. A caregiver's link to the acting patient is re-read from the health record
 * when the last check is older than 5 minutes.
 */

export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
export const CAREGIVER_LINK_RECHECK_MS = 5 * 60 * 1000;
/**
 * Activity is recorded to the minute (issue 15): a request within a minute of the last recorded
 * one writes nothing. The idle timeout then runs from up to a minute before the very last request,
 * so a session may end up to a minute early, never late.
 */
export const LAST_SEEN_RESOLUTION_MS = 60 * 1000;

export interface PersonProfile {
  readonly patientId: string | null;
  readonly firstName: string;
  readonly lastName: string;
  /** MM/DD/YYYY */
  readonly dateOfBirth: string | null;
  readonly sex: 'M' | 'F' | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly departmentId: string | null;
}

export interface LinkedPatient {
  readonly patientId: string;
  readonly relationship: string | null;
  readonly profile: PersonProfile;
}

/** Choices the browser saves during a flow (POST /api/auth/update-session). */
export interface SessionData {
  readonly practiceLocation?: string;
  readonly workflowType?: string;
  readonly hasMedicareInsurance?: string;
  readonly selectedContactId?: string;
  readonly selectedContactType?: string;
  readonly billingEmail?: string;
}

export interface PatientSession {
  /** SHA-256 of the cookie's token; the token itself is never stored. */
  readonly id: string;
  /** 'Patient/<id>' or 'RelatedPerson/<id>', as the health record named the person. */
  readonly fhirUser: string | null;
  readonly person: PersonProfile;
  readonly actingPatientId: string;
  readonly acting: PersonProfile;
  /** Patients the person may act for besides themselves, as last confirmed by the health record. */
  readonly linkedPatients: readonly LinkedPatient[];
  readonly linksCheckedAt: Date;
  readonly data: SessionData;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
  readonly absoluteExpiresAt: Date;
  readonly revokedAt: Date | null;
}

export const displayName = (profile: Pick<PersonProfile, 'firstName' | 'lastName'>): string =>
  `${profile.firstName} ${profile.lastName}`.trim();

/** When the session ends if nothing else happens: the earlier of idle and absolute expiry. */
export const sessionExpiresAt = (session: Pick<PatientSession, 'lastSeenAt' | 'absoluteExpiresAt'>): Date =>
  new Date(Math.min(session.lastSeenAt.getTime() + SESSION_IDLE_TIMEOUT_MS, session.absoluteExpiresAt.getTime()));

/** Whether a request at `now` should record the session's activity. */
export const needsActivityMark = (session: Pick<PatientSession, 'lastSeenAt'>, now: Date): boolean => now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS;

export const isSessionActive = (session: Pick<PatientSession, 'lastSeenAt' | 'absoluteExpiresAt' | 'revokedAt'>, now: Date): boolean =>
  session.revokedAt === null && now.getTime() < sessionExpiresAt(session).getTime();

/** True when the person acts for someone else. */
export const isActingForOther = (session: Pick<PatientSession, 'person' | 'actingPatientId'>): boolean =>
  session.person.patientId !== session.actingPatientId;

export const needsLinkRecheck = (session: Pick<PatientSession, 'linksCheckedAt'>, now: Date): boolean =>
  now.getTime() - session.linksCheckedAt.getTime() >= CAREGIVER_LINK_RECHECK_MS;

/** Whether the person may act for this patient: themselves, or a confirmed linked patient. */
export const mayActFor = (session: Pick<PatientSession, 'person' | 'linkedPatients'>, patientId: string): boolean =>
  session.person.patientId === patientId || session.linkedPatients.some((linked) => linked.patientId === patientId);
