/**
 * The people and objects of the security suites (object-access.int.test.ts,
 * audit-coverage.int.test.ts): who is signed in, what each of them owns, and how to ask the API
 * something as one of them.
 *
 * Actors (each a real credential, made once and reused for every request):
 * - margaret: Margaret Sullivan's provider login (5101, acting for herself);
 * - carolSelf / carolForHarold / carolForEmma: Carol Bennett's provider login (5104), acting for
 *   herself, for her father Harold (5105) or for her daughter Emma (5106); the health record lets
 *   her act for all three, whichever she chose at sign-in;
 * - paul, nora: provider logins of patients linked to nobody here (Paul owns one enrollment, made
 *   through the repository; Nora owns two);
 * - guestA: a verified guest who enrolled as a new patient; guestB: a verified guest whose
 *   verified email and phone are Margaret's (she enrolled as an existing patient as a guest, so
 *   that enrollment is owned both by guestB's hash and by every session that may act for 5101);
 *   guestC: a verified guest who owns nothing;
 * - staff: a staff bearer session (staff see the failed chart filings, nothing of patients' own);
 * - nobody: no credential at all.
 *
 * Objects (enrollments), and how each was made:
 * - by the real API flows: M1 (Margaret, pending, agreement created in SignWell), C1 (Carol,
 *   pending), H1 (Harold by Carol, pending, agreement created), N1 (Nora, pending), GA1 (guestA,
 *   new patient registered in the health record, agreement created), GB1 (guestB for Margaret,
 *   existing patient, pending);
 * - through PostgresEnrollments exactly as the signing steps leave them (create, the
 *   document ids set, the status moved through the status machine) and then the real
 *   create-subscription call (real Stripe customer, subscription and open invoice): M2 (Margaret),
 *   H2 (Harold), N2 (Nora), GA2 (guestA, new patient, privacy notice signed too). The SignWell
 *   documents of these are ids SignWell does not know: signing them for real would take the
 *   sandbox's signing page and the chart filing worker per object, which these suites do not test;
 * - through the repository only: M3 (Margaret, declined; the API would also have set the opt-out
 *   field in the health record) and P1 (Paul, active and paid: a real Stripe customer made through
 *   the sandbox's Stripe API, a subscription id Stripe does not know);
 * - a failed chart filing of M1's agreement (PostgresDocumentFiling.submit, then markFailed as the
 *   worker does after its last retry) for the staff list.
 * Emma (19) has no enrollment: the API refuses anyone under 27.
 */
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import Router from '@koa/router';
import type { Knex } from 'knex';
import { PostgresDocumentFiling, PostgresEnrollments, serverSecret } from '@portal/persistence';
import type { TierCode } from '@portal/core';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { seedPatients } from '../../../../provider-sandbox/src/seed/patients.ts';
import { stripeCall } from '../../../../provider-sandbox/src/testing.ts';
import { readConfig } from '@portal/composition';
import { buildContainer } from '../../di/container.ts';
import { TOKENS } from '../../di/tokens.ts';
import { verificationModule } from '../../di/verification.container-module.ts';
import { capturingLogger } from '@portal/composition/testing.ts';
import { createApp } from '../app.ts';
import { verifiedGuest, type VerifiedGuest } from '../../../../../tools/src/testing/guest.ts';
import { existingPatientForm, newPatientForm as sharedNewPatientForm } from '../../../../../tools/src/testing/guest-forms.ts';
import { signIn } from '../../../../../tools/src/testing/sign-in.ts';
import type { TestPortal } from '../../../../../tools/src/testing/portal.ts';

// ---- the routes the app registers ----------------------------------------------------------------

export interface RegisteredRoute {
  readonly method: string;
  readonly path: string;
}

export const routeKey = (route: RegisteredRoute): string => `${route.method} ${route.path}`;

/** Every (method, path pattern) the app's routers register, HEAD left out (the router answers it for each GET). */
export const routesOfApp = (app: Koa): RegisteredRoute[] =>
  app.middleware.flatMap((middleware) => {
    const router = (middleware as { router?: unknown }).router;
    if (!(router instanceof Router)) return [];
    return router.stack.flatMap((layer) => layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path) })));
  });

/**
 * The routes of an app built exactly as startApi builds the running one (same settings, same
 * database), read from its routers' stacks: a route added to any router shows up here.
 */
export const registeredRoutes = async (portal: TestPortal): Promise<RegisteredRoute[]> => {
  const config = readConfig(portal.env, portal.db.url, Number(new URL(portal.url).port));
  const container = buildContainer(config, capturingLogger().logger, portal.env);
  const knex = container.get<Knex>(TOKENS.Knex);
  try {
    const secret = await serverSecret(knex, portal.env.VERIFICATION_TOKEN_SECRET);
    container.load(verificationModule(config, secret));
    const routes = routesOfApp(createApp(container));
    const unique = new Map(routes.map((route) => [routeKey(route), route]));
    return [...unique.values()].sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
  } finally {
    await knex.destroy();
  }
};

// ---- actors --------------------------------------------------------------------------------------

export const ACTOR_NAMES = ['margaret', 'carolSelf', 'carolForHarold', 'carolForEmma', 'paul', 'nora', 'guestA', 'guestB', 'guestC', 'staff', 'nobody'] as const;
export type ActorName = (typeof ACTOR_NAMES)[number];
export type GuestName = 'guestA' | 'guestB' | 'guestC';

export interface Actor {
  readonly name: ActorName;
  readonly kind: 'session' | 'guest' | 'staff' | 'nobody';
  /** The credential: session cookie, guest token or staff bearer. */
  readonly headers: Readonly<Record<string, string>>;
  /** Sessions: the patient acted for. */
  readonly acting: string | null;
  /** Sessions: the patients the person may act for (themselves and the patients linked to them). */
  readonly patients: ReadonlySet<string>;
  /** Guests: their verified identity. */
  readonly guest: VerifiedGuest | null;
  readonly staffEmail: string | null;
}

export const SESSION_COOKIE = 'portal_session';

/** One person whose data must never reach someone who may not see it. */
export interface Person {
  readonly patientId: string;
  readonly fullName: string;
  readonly email: string | null;
  readonly phone: string | null;
  /** MM/DD/YYYY and YYYY-MM-DD. */
  readonly birthDates: readonly string[];
  readonly ssn: string | null;
}

export interface WorldEnrollment {
  readonly key: string;
  readonly made: 'api' | 'repository+api' | 'repository';
  id: string;
  patientId: string | null;
  guestOwner: GuestName | null;
  status: string;
  signwellDocumentId: string | null;
  privacyPracticesDocumentId: string | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  /** The open invoice create-subscription answered (real Stripe), or a made-up one. */
  invoiceId: string | null;
}

export interface StaffSubmission {
  readonly id: string;
  readonly enrollmentId: string;
  readonly patientId: string;
}

export interface WorldAppointment {
  readonly appointmentId: string;
  readonly patientId: string;
}

export interface World {
  readonly portal: TestPortal;
  readonly actors: Readonly<Record<ActorName, Actor>>;
  readonly enrollments: WorldEnrollment[];
  readonly persons: readonly Person[];
  readonly submissions: readonly StaffSubmission[];
  /** Appointments booked through the API (Paul, the one member here, has one). */
  readonly appointments: WorldAppointment[];
  /** The staff member signed in, and another listed staff member (not signed in). */
  readonly staffEmails: { readonly signedIn: string; readonly other: string };
  /** Re-reads an enrollment's ids after a call that may have changed it. */
  refresh(enrollment: WorldEnrollment): Promise<void>;
}

// ---- HTTP ----------------------------------------------------------------------------------------

export interface Answer {
  readonly status: number;
  readonly text: string;
  readonly body: any;
}

export interface Call {
  readonly method: string;
  /** Path and query, already encoded. */
  readonly path: string;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A request as the actor's browser (or the staff page) sends it: its credential and our origin. */
export const send = async (portal: TestPortal, actor: Actor | null, call: Call): Promise<Answer> => {
  const headers: Record<string, string> = { Origin: portal.url, ...(actor?.headers ?? {}), ...(call.headers ?? {}) };
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${portal.url}${call.path}`, {
    method: call.method,
    headers,
    redirect: 'manual',
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, text, body };
};

const expectStatus = (answer: Answer, status: number, what: string): void => {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 500)}`);
};

// ---- ownership -----------------------------------------------------------------------------------

/** What enrollment-access.ts promises: a session that may act for the patient, or the guest whose hash it carries. */
export const ownsEnrollment = (actor: Actor, enrollment: WorldEnrollment): boolean =>
  (actor.kind === 'session' && enrollment.patientId !== null && actor.patients.has(enrollment.patientId)) ||
  (actor.kind === 'guest' && enrollment.guestOwner === actor.name);

/** A session may enroll, select or read the patients its person may act for. */
export const mayActForPatient = (actor: Actor, patientId: string): boolean => actor.kind === 'session' && actor.patients.has(patientId);

/** Whose data an actor may see: the patients it may act for, its own verified contact, its enrollments' patients. */
export const visiblePersons = (world: World, actor: Actor): Set<string> => {
  const visible = new Set<string>();
  if (actor.kind === 'session') for (const id of actor.patients) visible.add(id);
  if (actor.kind === 'guest' && actor.guest) {
    for (const person of world.persons) {
      if (person.email === actor.guest.email || (person.phone !== null && actor.guest.phone.endsWith(person.phone))) visible.add(person.patientId);
    }
  }
  for (const enrollment of world.enrollments) {
    if (enrollment.patientId !== null && ownsEnrollment(actor, enrollment)) visible.add(enrollment.patientId);
  }
  if (actor.kind === 'staff') for (const submission of world.submissions) visible.add(submission.patientId);
  return visible;
};

/** The identifiers of an enrollment that only its owners may learn. */
export const enrollmentMarkers = (enrollment: WorldEnrollment): string[] =>
  [enrollment.id, enrollment.signwellDocumentId, enrollment.privacyPracticesDocumentId, enrollment.stripeCustomerId, enrollment.stripeSubscriptionId, enrollment.invoiceId].filter(
    (value): value is string => value !== null && value.length >= 8,
  );

export const personMarkers = (person: Person): string[] =>
  [person.fullName, person.email, person.phone, person.ssn, ...person.birthDates].filter((value): value is string => value !== null && value.length >= 6);

/**
 * Everything an actor must never be told: the ids of enrollments it does not own, and the names,
 * emails, phones, SSNs and birth dates of people it may not see. Long markers are searched in the
 * raw body; patient ids (short numbers) only as whole JSON values.
 */
export interface Forbidden {
  readonly substrings: ReadonlyArray<{ readonly marker: string; readonly what: string }>;
  readonly patientIds: ReadonlySet<string>;
}

export const forbiddenFor = (world: World, actor: Actor): Forbidden => {
  const substrings: Array<{ marker: string; what: string }> = [];
  const staffSees = new Set(actor.kind === 'staff' ? world.submissions.map((submission) => submission.enrollmentId) : []);
  for (const enrollment of world.enrollments) {
    if (ownsEnrollment(actor, enrollment)) continue;
    for (const marker of enrollmentMarkers(enrollment)) {
      if (marker === enrollment.id && staffSees.has(marker)) continue;
      substrings.push({ marker, what: `enrollment ${enrollment.key}` });
    }
  }
  const visible = visiblePersons(world, actor);
  const patientIds = new Set<string>();
  for (const person of world.persons) {
    if (visible.has(person.patientId)) continue;
    patientIds.add(person.patientId);
    for (const marker of personMarkers(person)) substrings.push({ marker, what: `person ${person.patientId}` });
  }
  return { substrings, patientIds };
};

const leafValues = (value: unknown, out: string[] = []): string[] => {
  if (value === null || value === undefined) return out;
  if (Array.isArray(value)) for (const item of value) leafValues(item, out);
  else if (typeof value === 'object') for (const item of Object.values(value as Record<string, unknown>)) leafValues(item, out);
  else out.push(String(value));
  return out;
};

/** The markers of `forbidden` found in an answer (none, when nothing leaked). */
export const leaksIn = (answer: Pick<Answer, 'text' | 'body'>, forbidden: Forbidden): string[] => {
  const found: string[] = [];
  const lower = answer.text.toLowerCase();
  const digits = answer.text.replace(/\D/g, '');
  for (const { marker, what } of forbidden.substrings) {
    const hit = /^\d{10}$/.test(marker) ? digits.includes(marker) && answer.text.includes(marker.slice(-4)) : lower.includes(marker.toLowerCase());
    if (hit) found.push(`${what}: ${marker}`);
  }
  for (const value of leafValues(answer.body)) if (forbidden.patientIds.has(value.trim())) found.push(`patient id ${value}`);
  return found;
};

// ---- building the world ----------------------------------------------------------------------------

const sessionActor = async (portal: TestPortal, name: ActorName, personId: number, actFor: number | undefined, patients: readonly number[]): Promise<Actor> => {
  const { portal: browser, status } = await signIn({ apiUrl: portal.url, personId, ...(actFor === undefined ? {} : { actFor }) });
  const token = browser.jar.get(SESSION_COOKIE);
  if (status !== 302 || !token) throw new Error(`${name} could not sign in (${status})`);
  return {
    name,
    kind: 'session',
    headers: { Cookie: `${SESSION_COOKIE}=${token}` },
    acting: String(actFor ?? personId),
    patients: new Set(patients.map(String)),
    guest: null,
    staffEmail: null,
  };
};

const guestActor = (name: GuestName, guest: VerifiedGuest): Actor => ({
  name,
  kind: 'guest',
  headers: { 'X-Verification-Token': guest.verificationToken },
  acting: null,
  patients: new Set(),
  guest,
  staffEmail: null,
});

/** A staff bearer session, signed in by the emailed code as the staff page does. */
export const staffSignIn = async (portal: TestPortal, email: string, name: string): Promise<string> => {
  await portal.db.knex('staff_emails').insert({ email, name }).onConflict('email').ignore();
  const issued = await fetch(`${portal.sandbox.url}/turnstile/v0/issue`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ sitekey: 'sandbox-turnstile-sitekey' }) });
  const human = ((await issued.json()) as { token: string }).token;
  const sent = await send(portal, null, { method: 'POST', path: '/api/staff/send-otp', body: { email, 'cf-turnstile-response': human } });
  expectStatus(sent, 200, 'staff send-otp');
  let code: string | undefined;
  for (let tries = 0; tries < 50 && code === undefined; tries += 1) {
    const messages = (await (await fetch(`${portal.sandbox.url}/inbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as Array<{ code: string | null }>;
    code = messages[0]?.code ?? undefined;
    if (code === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const verified = await send(portal, null, { method: 'POST', path: '/api/staff/verify-otp', body: { sessionToken: sent.body.sessionToken, otpCode: code } });
  expectStatus(verified, 200, 'staff verify-otp');
  return sent.body.sessionToken as string;
};

/** Signs in and saves the location step (spec §4: the session holds the location and the Medicare answer). */
const setupSession = async (portal: TestPortal, name: ActorName, personId: number, patients: readonly number[], data: Record<string, string>): Promise<Actor> => {
  const actor = await sessionActor(portal, name, personId, undefined, patients);
  const saved = await send(portal, actor, { method: 'POST', path: '/api/auth/update-session', body: data });
  expectStatus(saved, 200, `${name} update-session`);
  return actor;
};

const LOCATION_STEP = { practiceLocation: '1', workflowType: 'enrollment', hasMedicareInsurance: 'no' };

export const GUEST_A = { email: 'sec.guest.a@example.com', phone: '4015550191' } as const;
export const GUEST_C = { email: 'sec.guest.c@example.com', phone: '4015550193' } as const;
const MARGARET_CONTACT = { email: 'margaret.sullivan@example.com', phone: '4015550111' } as const;

/** The new patient guestA enrolls (invented; SSN in the never-issued 900-99 range). */
export const NEW_PATIENT = { firstName: 'Quinley', lastName: 'Ashdown', dateOfBirth: '1986-03-09', usDate: '03/09/1986', ssn: '900-99-0531' } as const;

/** The generic new-patient form with this suite's own person (NEW_PATIENT), so the leak scan knows their name. */
export const newPatientForm = (guest: VerifiedGuest, overrides: Record<string, unknown> = {}) =>
  sharedNewPatientForm(guest, {
    firstName: NEW_PATIENT.firstName,
    lastName: NEW_PATIENT.lastName,
    dateOfBirth: NEW_PATIENT.dateOfBirth,
    address1: '44 Orchard Lane',
    state: 'RI',
    fullSSN: NEW_PATIENT.ssn,
    emergencyContactName: 'Rowan Ashdown',
    emergencyContactPhone: '(401) 555-0177',
    ...overrides,
  });

export { existingPatientForm };

export interface BuildWorldOptions {
  /** Also make the enrollments (the audit suite needs only the actors). */
  readonly objects?: boolean;
}

export const buildWorld = async (portal: TestPortal, options: BuildWorldOptions = {}): Promise<World> => {
  const { knex } = portal.db;
  const repository = new PostgresEnrollments(knex);
  const ids = PATIENT_IDS;
  const carolsPatients = [ids.carol, ids.harold, ids.emma];

  // Actors: fresh sessions with nothing saved (so that their enrollment calls stop at the missing
  // Medicare answer, before the health record is asked anything).
  const [margaret, carolSelf, carolForHarold, carolForEmma, paul, nora] = await Promise.all([
    sessionActor(portal, 'margaret', ids.margaret, undefined, [ids.margaret]),
    sessionActor(portal, 'carolSelf', ids.carol, ids.carol, carolsPatients),
    sessionActor(portal, 'carolForHarold', ids.carol, ids.harold, carolsPatients),
    sessionActor(portal, 'carolForEmma', ids.carol, ids.emma, carolsPatients),
    sessionActor(portal, 'paul', ids.paul, undefined, [ids.paul]),
    sessionActor(portal, 'nora', ids.nora, undefined, [ids.nora]),
  ]);
  const guestA = guestActor('guestA', await verifiedGuest(portal, GUEST_A.email, GUEST_A.phone));
  const guestB = guestActor('guestB', await verifiedGuest(portal, MARGARET_CONTACT.email, MARGARET_CONTACT.phone));
  const guestC = guestActor('guestC', await verifiedGuest(portal, GUEST_C.email, GUEST_C.phone));
  const staffEmails = { signedIn: 'sec.records@mdri-primarycare.example', other: 'sec.billing@mdri-primarycare.example' };
  await knex('staff_emails').insert({ email: staffEmails.other, name: 'Billing Office' }).onConflict('email').ignore();
  const staffToken = await staffSignIn(portal, staffEmails.signedIn, 'Records Office');
  const staff: Actor = { name: 'staff', kind: 'staff', headers: { Authorization: `Bearer ${staffToken}` }, acting: null, patients: new Set(), guest: null, staffEmail: staffEmails.signedIn };
  const nobody: Actor = { name: 'nobody', kind: 'nobody', headers: {}, acting: null, patients: new Set(), guest: null, staffEmail: null };
  const actors: Record<ActorName, Actor> = { margaret, carolSelf, carolForHarold, carolForEmma, paul, nora, guestA, guestB, guestC, staff, nobody };

  const now = new Date();
  const persons: Person[] = seedPatients(now).map((patient) => {
    const [month, day, year] = patient.dob.split('/');
    return {
      patientId: String(patient.patientid),
      fullName: `${patient.firstname} ${patient.lastname}`,
      email: patient.email,
      phone: patient.mobilephone,
      birthDates: [patient.dob, `${year}-${month}-${day}`],
      ssn: patient.ssn,
    };
  });
  const enrollments: WorldEnrollment[] = [];
  const submissions: StaffSubmission[] = [];

  const rowOf = async (id: string) => {
    const row = await knex('enrollments').where({ id }).first();
    if (!row) throw new Error(`enrollment ${id} is gone`);
    return row as Record<string, any>;
  };
  const refresh = async (enrollment: WorldEnrollment): Promise<void> => {
    const row = await rowOf(enrollment.id);
    enrollment.status = row.status;
    enrollment.signwellDocumentId = row.signwellDocumentId;
    enrollment.privacyPracticesDocumentId = row.privacyPracticesDocumentId;
    enrollment.stripeCustomerId = row.stripeCustomerId;
    enrollment.stripeSubscriptionId = row.stripeSubscriptionId;
  };
  const appointments: WorldAppointment[] = [];
  const world: World = { portal, actors, enrollments, persons, submissions, staffEmails, refresh, appointments };
  if (options.objects === false) return world;

  const add = async (key: string, made: WorldEnrollment['made'], id: string, guestOwner: GuestName | null, invoiceId: string | null = null): Promise<WorldEnrollment> => {
    const row = await rowOf(id);
    const enrollment: WorldEnrollment = {
      key,
      made,
      id,
      patientId: row.athenaPatientId,
      guestOwner,
      status: row.status,
      signwellDocumentId: row.signwellDocumentId,
      privacyPracticesDocumentId: row.privacyPracticesDocumentId,
      stripeCustomerId: row.stripeCustomerId,
      stripeSubscriptionId: row.stripeSubscriptionId,
      invoiceId,
    };
    enrollments.push(enrollment);
    return enrollment;
  };

  // Setup sessions (separate from the actors: these hold the location step's answers).
  const margaretSetup = await setupSession(portal, 'margaret', ids.margaret, [ids.margaret], LOCATION_STEP);
  const carolSetup = await setupSession(portal, 'carolSelf', ids.carol, carolsPatients, { ...LOCATION_STEP, hasMedicareInsurance: 'medicare' });
  const noraSetup = await setupSession(portal, 'nora', ids.nora, [ids.nora], { ...LOCATION_STEP, hasMedicareInsurance: 'medicare' });
  expectStatus(await send(portal, noraSetup, { method: 'POST', path: '/api/auth/update-session', body: { billingEmail: 'nq.billing@example.net' } }), 200, 'nora billing email');

  const oauthEnrollment = async (setup: Actor, patientId: number, membershipTier: string): Promise<string> => {
    const created = await send(portal, setup, { method: 'POST', path: '/api/enrollments/oauth', body: { patientId: String(patientId), practiceLocation: '1', membershipTier } });
    expectStatus(created, 201, `enrollment for ${patientId}`);
    return created.body.id as string;
  };
  const createDocument = async (owner: Actor, id: string): Promise<void> => {
    expectStatus(await send(portal, owner, { method: 'POST', path: `/api/enrollments/${id}/create-document` }), 200, `create-document ${id}`);
  };
  const createSubscription = async (owner: Actor, id: string): Promise<string> => {
    const answer = await send(portal, owner, { method: 'POST', path: `/api/enrollments/${id}/create-subscription` });
    expectStatus(answer, 200, `create-subscription ${id}`);
    return answer.body.invoiceId as string;
  };
  /** A row as the signing steps leave it: documents made, status moved through the machine. */
  const signedRow = async (input: { patientId: string | null; tier: string; patientStatus: 'existing' | 'new'; guestHash?: string | null; signerName?: string | null; guardian?: boolean }) => {
    const created = await repository.create({
      status: 'pending',
      membershipTier: input.tier as TierCode,
      department: '1',
      athenaPatientId: input.patientId,
      patientStatus: input.patientStatus,
      isGuardianSigning: input.guardian ?? false,
      guestHash: input.guestHash ?? null,
      signerName: input.signerName ?? null,
      createdAt: new Date(),
    });
    await repository.setSigningDocument(created.id, 'membership_agreement', randomUUID(), new Date());
    await repository.updateStatus(created.id, 'signed', new Date());
    if (input.patientStatus === 'new') {
      await repository.setSigningDocument(created.id, 'privacy_practices', randomUUID(), new Date());
      await repository.updateStatus(created.id, 'privacy_signed', new Date());
    }
    return created.id;
  };

  // Margaret.
  const m1 = await oauthEnrollment(margaretSetup, ids.margaret, '120_annual');
  await createDocument(margaretSetup, m1);
  await add('M1', 'api', m1, null);
  const m2 = await signedRow({ patientId: String(ids.margaret), tier: '120_annual', patientStatus: 'existing' });
  await add('M2', 'repository+api', m2, null, await createSubscription(margaretSetup, m2));
  const m3 = await repository.create({ status: 'declined', membershipTier: 'decline', department: '1', athenaPatientId: String(ids.margaret), patientStatus: 'existing', createdAt: new Date() });
  await add('M3', 'repository', m3.id, null);

  // Carol, and Harold by Carol.
  await add('C1', 'api', await oauthEnrollment(carolSetup, ids.carol, '120_annual'), null);
  const h1 = await oauthEnrollment(carolSetup, ids.harold, '500_concierge_annual');
  await createDocument(carolSetup, h1);
  await add('H1', 'api', h1, null);
  const h2 = await signedRow({ patientId: String(ids.harold), tier: '70_biannual', patientStatus: 'existing', guardian: true });
  await add('H2', 'repository+api', h2, null, await createSubscription(carolSetup, h2));

  // Nora.
  await add('N1', 'api', await oauthEnrollment(noraSetup, ids.nora, '120_annual'), null);
  const n2 = await signedRow({ patientId: String(ids.nora), tier: '120_annual', patientStatus: 'existing' });
  await add('N2', 'repository+api', n2, null, await createSubscription(noraSetup, n2));

  // Paul: an active, paid membership (his record says 'Paid Up').
  const paulCustomer = await stripeCall(portal.sandbox.url, 'POST', '/v1/customers', { email: 'paul.whitaker@example.com', name: 'Paul Whitaker', 'metadata[athenaPatientId]': String(ids.paul) });
  if (paulCustomer.status !== 200) throw new Error(`Stripe customer for Paul: ${paulCustomer.status}`);
  const p1 = await signedRow({ patientId: String(ids.paul), tier: '120_annual', patientStatus: 'existing' });
  const paidAt = new Date();
  await repository.setPayment(
    p1,
    {
      stripeCustomerId: (paulCustomer.body as { id: string }).id,
      stripeSubscriptionId: `sub_sec${randomUUID().replace(/-/g, '').slice(0, 20)}`,
      stripePaymentId: `in_sec${randomUUID().replace(/-/g, '').slice(0, 20)}`,
      stripeReceiptUrl: `https://pay.stripe.com/receipts/sec_${randomUUID()}`,
      membershipStartDate: paidAt,
      membershipEndDate: new Date(paidAt.getTime() + 365 * 24 * 3600 * 1000),
    },
    paidAt,
  );
  await repository.updateStatus(p1, 'payment_pending', paidAt);
  await repository.updateStatus(p1, 'active', paidAt);
  const paulsRow = await rowOf(p1);
  await add('P1', 'repository', p1, null, paulsRow.stripePaymentId);

  // Paul, a member, books an appointment (an Office Visit two weeks out) through the API.
  const types = await send(portal, paul, { method: 'GET', path: '/api/appointment-types?providerId=any' });
  const officeVisit = (types.body.appointmentTypes as Array<{ id: string; name: string }>).find((type) => type.name === 'Office Visit')!;
  const open = await send(portal, paul, { method: 'GET', path: `/api/appointments/availability?departmentId=1&providerId=any&appointmentTypeId=${officeVisit.id}&week=2` });
  const slot = (open.body.slots as Array<{ appointmentId: string; date: string; time: string; providerId: string }>)[0]!;
  const booked = await send(portal, paul, {
    method: 'POST',
    path: `/api/appointments/${ids.paul}/book`,
    body: { providerId: slot.providerId, appointmentId: slot.appointmentId, appointmentDate: slot.date, appointmentTime: slot.time, appointmentTypeId: officeVisit.id },
  });
  expectStatus(booked, 200, "Paul's appointment");
  appointments.push({ appointmentId: slot.appointmentId, patientId: String(ids.paul) });

  // guestA: a new patient, registered in the health record by the guest enrollment.
  const ga1 = await send(portal, guestA, { method: 'POST', path: '/api/enrollments', body: newPatientForm(guestA.guest!) });
  expectStatus(ga1, 201, 'guestA enrollment');
  await createDocument(guestA, ga1.body.id);
  const ga1Entry = await add('GA1', 'api', ga1.body.id, 'guestA');
  const ga1Row = await rowOf(ga1.body.id);
  persons.push({
    patientId: String(ga1Entry.patientId),
    fullName: `${NEW_PATIENT.firstName} ${NEW_PATIENT.lastName}`,
    email: GUEST_A.email,
    phone: GUEST_A.phone,
    birthDates: [NEW_PATIENT.usDate, NEW_PATIENT.dateOfBirth],
    ssn: NEW_PATIENT.ssn.replace(/-/g, ''),
  });
  const ga2 = await signedRow({ patientId: ga1Row.athenaPatientId, tier: '120_annual', patientStatus: 'new', guestHash: ga1Row.guestHash, signerName: ga1Row.signerName });
  await add('GA2', 'repository+api', ga2, 'guestA', await createSubscription(guestA, ga2));

  // guestB: Margaret as a guest, enrolling as the existing patient she is.
  const gb1 = await send(portal, guestB, { method: 'POST', path: '/api/enrollments', body: existingPatientForm(guestB.guest!) });
  expectStatus(gb1, 201, 'guestB enrollment');
  await add('GB1', 'api', gb1.body.id, 'guestB');

  // A chart filing of M1's agreement that failed after its last retry (what staff file by hand).
  const filing = new PostgresDocumentFiling(knex);
  const m1Row = await rowOf(m1);
  const submission = await filing.submit({
    enrollmentId: m1,
    patientId: String(ids.margaret),
    departmentId: '1',
    documentType: 'membership_agreement',
    signwellDocumentId: m1Row.signwellDocumentId,
    pdf: Buffer.from(`%PDF-1.4 security suite ${randomUUID()}`),
    fileName: 'membership-agreement.pdf',
  });
  await filing.markFailed(submission.id, 'HealthRecordUnavailableError 503');
  submissions.push({ id: String(submission.id), enrollmentId: m1, patientId: String(ids.margaret) });

  return world;
};
