/**
 * Provider login on the server: starts the SMART authorization-code flow (PKCE, state, nonce,
 * browser binding), completes it (single-use state, code exchange, identity resolution in core),
 * and loads, extends and ends sessions. Tokens from the health record are used once to learn
 * who signed in and are never stored or sent to the browser.
 */
import * as E from 'fp-ts/lib/Either.js';
import {
  SESSION_ABSOLUTE_TIMEOUT_MS,
  isSessionActive,
  needsActivityMark,
  linkedPatientsOf,
  mayActFor,
  needsLinkRecheck,
  resolvePatientSignIn,
  type HealthRecord,
  type PatientLogin,
  type PatientSession,
  type PatientSessionRepository,
  type PendingAuthorizationRepository,
} from '@portal/core';
import { newToken, sameHash, sha256 } from './tokens.ts';

export const SIGN_IN_WINDOW_MS = 10 * 60 * 1000;
export const WORKFLOWS = ['dashboard', 'switch', 'enrollment', 'appointments'] as const;

/** A path on this site: '/x?y', never '//host', a scheme, or a backslash trick. */
export const safeRedirectPath = (value: unknown, fallback = '/dashboard'): string => {
  if (typeof value !== 'string' || value.length > 512) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /[\u0000-\u001f]/.test(value)) return fallback;
  if (value.startsWith('/api/')) return fallback;
  return value;
};

export type CompleteSignInFailure = 'state' | 'refused' | 'login' | 'not_linked' | 'unavailable';

export class PatientAuthService {
  readonly #login: PatientLogin;
  readonly #healthRecord: HealthRecord;
  readonly #sessions: PatientSessionRepository;
  readonly #pending: PendingAuthorizationRepository;
  readonly #now: () => Date;
  readonly #redirectUri: string;

  constructor(deps: {
    login: PatientLogin;
    healthRecord: HealthRecord;
    sessions: PatientSessionRepository;
    pending: PendingAuthorizationRepository;
    now: () => Date;
    redirectUri: string;
  }) {
    this.#login = deps.login;
    this.#healthRecord = deps.healthRecord;
    this.#sessions = deps.sessions;
    this.#pending = deps.pending;
    this.#now = deps.now;
    this.#redirectUri = deps.redirectUri;
  }

  get clientId(): string {
    return this.#login.clientId;
  }

  get redirectUri(): string {
    return this.#redirectUri;
  }

  /** Returns the provider URL to send the browser to and the binding value for its cookie. */
  async start(workflow: string, redirectPath: string): Promise<{ url: string; binding: string }> {
    const state = newToken();
    const binding = newToken();
    const nonce = newToken(16);
    const codeVerifier = newToken(48);
    // First the URL (it may need the authorization server's metadata): no pending row when that fails.
    const url = await this.#login.authorizeUrl({ state, nonce, codeVerifier, redirectUri: this.#redirectUri });
    const now = this.#now();
    await this.#pending.save({
      stateHash: sha256(state),
      browserBindingHash: sha256(binding),
      codeVerifier,
      nonce,
      workflow,
      redirectPath,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SIGN_IN_WINDOW_MS),
    });
    return { url, binding };
  }

  /** Finishes a sign-in; the new session's token goes into the cookie, its hash into the database. */
  async complete(input: { code: string | undefined; state: string | undefined; error: string | undefined; binding: string | undefined }): Promise<
    E.Either<{ reason: CompleteSignInFailure; redirectPath: string }, { token: string; session: PatientSession; workflow: string; redirectPath: string }>
  > {
    const pending = input.state ? await this.#pending.consume(sha256(input.state)) : null;
    const now = this.#now();
    if (!pending || pending.expiresAt.getTime() <= now.getTime() || !input.binding || !sameHash(sha256(input.binding), pending.browserBindingHash)) {
      return E.left({ reason: 'state', redirectPath: '/login' });
    }
    const fail = (reason: CompleteSignInFailure) => E.left({ reason, redirectPath: pending.redirectPath });
    if (input.error || !input.code) return fail('refused');
    let resolved;
    try {
      const signIn = await this.#login.exchangeCode({ code: input.code, codeVerifier: pending.codeVerifier, redirectUri: this.#redirectUri, nonce: pending.nonce });
      resolved = await resolvePatientSignIn(this.#healthRecord, signIn);
    } catch (error) {
      return fail((error as Error).name === 'PatientLoginError' ? 'login' : 'unavailable');
    }
    if (E.isLeft(resolved)) return fail(resolved.left.code === 'AUTH.NOT_LINKED' ? 'not_linked' : 'login');
    const token = newToken();
    const session: PatientSession = {
      id: sha256(token),
      ...resolved.right,
      linksCheckedAt: now,
      data: {},
      createdAt: now,
      lastSeenAt: now,
      absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS),
      revokedAt: null,
    };
    await this.#sessions.create(session);
    return E.right({ token, session, workflow: pending.workflow, redirectPath: pending.redirectPath });
  }

  /**
   * The session behind a cookie token: 'none' without one, 'expired' when ended or unknown,
   * 'forbidden' when the health record no longer links the person to the patient they act for.
   */
  async load(token: string | undefined): Promise<{ kind: 'none' } | { kind: 'expired'; id: string | null } | { kind: 'forbidden'; session: PatientSession } | { kind: 'active'; session: PatientSession }> {
    if (!token) return { kind: 'none' };
    const session = await this.#sessions.find(sha256(token));
    const now = this.#now();
    if (!session || !isSessionActive(session, now)) return { kind: 'expired', id: session?.id ?? null };
    if (session.actingPatientId === session.person.patientId || !needsLinkRecheck(session, now)) {
      return mayActFor(session, session.actingPatientId) ? { kind: 'active', session } : { kind: 'forbidden', session };
    }
    const linkedPatients = await linkedPatientsOf(this.#healthRecord, session.person);
    await this.#sessions.saveLinks(session.id, linkedPatients, now);
    const refreshed = { ...session, linkedPatients, linksCheckedAt: now };
    return mayActFor(refreshed, refreshed.actingPatientId) ? { kind: 'active', session: refreshed } : { kind: 'forbidden', session: refreshed };
  }

  /**
   * Records activity, to the minute (LAST_SEEN_RESOLUTION_MS): answers the activity time the
   * session now has. `always`: the person asked to stay signed in (extend), so it is written.
   */
  async touch(session: PatientSession, always = false): Promise<Date> {
    const now = this.#now();
    if (!always && !needsActivityMark(session, now)) return session.lastSeenAt;
    await this.#sessions.touch(session.id, now);
    return now;
  }

  async end(session: PatientSession): Promise<void> {
    await this.#sessions.revoke(session.id, this.#now());
  }

  async saveData(session: PatientSession, data: PatientSession['data']): Promise<void> {
    await this.#sessions.saveData(session.id, { ...session.data, ...data });
  }
}
