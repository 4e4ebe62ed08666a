/**
 * OBJECT ACCESS, GENERATED (ARCHITECTURE §3: every object is served only to its owner).
 *
 * For every route that takes an id or acts for a patient (ACCESS below; a registered route that is
 * in neither ACCESS nor NO_OBJECT fails the first test), fast-check generates an actor (see
 * actors.ts: Margaret; Carol for herself, Harold or Emma; Paul and Nora, linked to nobody here;
 * three verified guests; staff; nobody) and a target (the enrollments, documents, subscriptions,
 * invoices, patients and contacts the actors own, the same ids spelled differently, ids of another
 * kind, unknown and hostile ids), sends the request over HTTP, and checks:
 *
 * - owner (may act for the patient, or the guest whose enrollment it is): reads answer 2xx with
 *   that very object; writes get past the access check (not 401/403/404) — the objects are in
 *   states where the write then stops before changing anything that matters (see each route);
 * - stranger (the target is someone else's): 401/403/404, and exactly the answer an unknown id
 *   gets (so nobody can tell someone else's object from no object);
 * - unknown/hostile ids: refused (400/401/403/404/405), never 2xx, never 5xx;
 * - routes without an id that act for the caller (customer-check, dashboard, contacts, …): the
 *   answer is the caller's own, whatever other people's ids are slipped into the query, the body or
 *   headers;
 * - every answer, to anyone: none of the ids of enrollments the actor does not own, and no name,
 *   email, phone, SSN or birth date of a person the actor may not see (a leak scan over the body).
 *
 * Requests of a non-owner never reach a provider (they are refused by ownedEnrollment/identify
 * first), so they are cheap; owners' calls that would reach one are few by construction.
 * OBJECT_ACCESS_RUNS (default 1000) sets the runs per route; OBJECT_ACCESS_SEED replays a run.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { startTestPortal, type TestPortal } from '../../../../../tools/src/testing/portal.ts';
import { stripeCall } from '../../../../provider-sandbox/src/testing.ts';
import {
  ACTOR_NAMES,
  buildWorld,
  forbiddenFor,
  leaksIn,
  mayActForPatient,
  ownsEnrollment,
  registeredRoutes,
  routeKey,
  send,
  type Actor,
  type Answer,
  type Call,
  type Forbidden,
  type World,
  type WorldAppointment,
  type WorldEnrollment,
} from './actors.ts';

const RUNS = Number(process.env.OBJECT_ACCESS_RUNS ?? 1000);
const SEED = process.env.OBJECT_ACCESS_SEED === undefined ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(process.env.OBJECT_ACCESS_SEED);
/** Routes checked at the same time (the API, the sandbox and PostgreSQL share two cores). */
const PARALLEL = Number(process.env.OBJECT_ACCESS_PARALLEL ?? 4);

// ---- what a generated case is ------------------------------------------------------------------

type Role = 'owner' | 'stranger' | 'unknown' | 'self';

interface Case {
  readonly call: Call;
  readonly role: Role;
  /** For the failure message and the counts. */
  readonly label: string;
  /** The enrollment an owner's write may have changed (re-read afterwards). */
  readonly enrollment?: WorldEnrollment;
  /** The owner's (or self) answer, checked further. Throws when wrong. */
  readonly check?: (answer: Answer) => void;
  /** The request also names a second object the actor does not own: must not succeed. */
  readonly mustNotSucceed?: boolean;
  /** The owner's own id spelled differently (upper case, …): served or refused, the API may choose. */
  readonly lenient?: boolean;
  /** Staff reading a patient's record through the staff portal: their answer carries PHI by design (the leak scan still covers every other caller). */
  readonly staffReadsRecords?: boolean;
}

interface Suite {
  readonly world: World;
  /** A card that Stripe declines (an owner's pay-invoice then changes nothing). */
  readonly declinedCard: string;
}

interface RouteSpec<T> {
  readonly method: string;
  readonly path: string;
  /** What in the request names an object or a patient. */
  readonly takes: string;
  readonly kind: 'read' | 'write';
  readonly targets: (suite: Suite) => fc.Arbitrary<T>;
  /**
   * The same request with the object it names replaced by one nobody owns: a stranger's answer
   * must be exactly this one's (the format checks of the rest of the request apply to both).
   */
  readonly unknown: (suite: Suite, target: T) => T;
  readonly build: (suite: Suite, actor: Actor, target: T) => Case;
  /** Targets the actor owns: a quarter of the runs pick one of these, so owners are tried often too. */
  readonly owned?: (suite: Suite, actor: Actor) => T[];
  /** How a stranger may be refused (default 401, 403, 404). */
  readonly refusals?: readonly number[];
}

const route = <T,>(spec: RouteSpec<T>): RouteSpec<unknown> => spec as unknown as RouteSpec<unknown>;

const fail = (message: string): never => {
  throw new Error(message);
};

// ---- targets ---------------------------------------------------------------------------------------

const UNKNOWN_UUID = '5ec0a11d-0000-4000-8000-00000000a11d';

/** Spellings PostgreSQL reads as the same uuid. */
const SPELLINGS = {
  upper: (id: string) => id.toUpperCase(),
  compact: (id: string) => id.replace(/-/g, ''),
  braces: (id: string) => `{${id}}`,
} as const;

const HOSTILE = [
  "' OR '1'='1",
  '1 OR 1=1',
  '"; DROP TABLE enrollments; --',
  '..',
  '.',
  '%00',
  '\u0000',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '*',
  '%',
  '_',
  '$where',
  '{"$ne":null}',
  'a'.repeat(1500),
] as const;

/** Ids that name nothing: random uuids, text, numbers, hostile strings. */
const junkIds = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.uuid(),
    fc.string({ minLength: 1, maxLength: 64 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
    fc.integer({ min: -1, max: 1_000_000_000 }).map(String),
    fc.constantFrom(...HOSTILE),
  );

/** Ids shaped like Stripe's (prefix and 24 letters or digits) that Stripe never issued. */
const stripeLikeIds = (prefix: string): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), minLength: 24, maxLength: 24 }).map((tail) => `${prefix}${tail}`);

/** Every id the world holds, of any kind (used where another kind is expected). */
const allIds = (world: World): string[] =>
  world.enrollments
    .flatMap((e) => [e.id, e.signwellDocumentId, e.privacyPracticesDocumentId, e.stripeCustomerId, e.stripeSubscriptionId, e.invoiceId, e.patientId])
    .concat(world.persons.map((person) => person.patientId))
    .filter((value): value is string => value !== null);

interface IdTarget {
  readonly raw: string;
  readonly ref: WorldEnrollment | null;
  readonly label: string;
  /** How the id was spelled (the unknown id it is compared with is spelled the same way). */
  readonly spelling?: keyof typeof SPELLINGS;
}

/** An id nobody owns, spelled like the target's (path ids are checked for shape before anything else). */
const unknownLike = (_suite: Suite, target: IdTarget): IdTarget => ({
  raw: target.spelling ? SPELLINGS[target.spelling](UNKNOWN_UUID) : UNKNOWN_UUID,
  ref: null,
  label: 'unknown',
});

const enrollmentTargets = ({ world }: Suite): fc.Arbitrary<IdTarget> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...world.enrollments).map((e) => ({ raw: e.id, ref: e, label: e.key })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...world.enrollments), fc.constantFrom(...(Object.keys(SPELLINGS) as Array<keyof typeof SPELLINGS>)))
        .map(([e, spelling]) => ({ raw: SPELLINGS[spelling](e.id), ref: e, label: `${e.key} spelled ${spelling}`, spelling })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...allIds(world))
        .filter((id) => !world.enrollments.some((e) => e.id === id))
        .map((raw) => ({ raw, ref: null, label: 'an id of another kind' })),
    },
    { weight: 2, arbitrary: junkIds().map((raw) => ({ raw, ref: null, label: 'an unknown id' })) },
  );

const ownEnrollments = ({ world }: Suite, actor: Actor): IdTarget[] =>
  world.enrollments.filter((e) => ownsEnrollment(actor, e)).map((e) => ({ raw: e.id, ref: e, label: `${e.key}, the actor's own` }));

const documentIdOf = (e: WorldEnrollment, which: 'agreement' | 'privacy'): string | null =>
  which === 'agreement' ? e.signwellDocumentId : e.privacyPracticesDocumentId;

/** A SignWell document id: of some enrollment (its owners own it), of another kind, or unknown. */
const documentTargets = ({ world }: Suite): fc.Arbitrary<IdTarget> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.constantFrom(...world.enrollments.filter((e) => e.signwellDocumentId !== null)), fc.constantFrom('agreement' as const, 'privacy' as const))
        .map(([e, which]) => {
          const id = documentIdOf(e, which) ?? e.signwellDocumentId!;
          return { raw: id, ref: e, label: `${e.key} ${which} document` };
        }),
    },
    { weight: 1, arbitrary: fc.constantFrom(...world.enrollments).map((e) => ({ raw: e.id, ref: null, label: 'an enrollment id as a document id' })) },
    { weight: 2, arbitrary: junkIds().map((raw) => ({ raw, ref: null, label: 'an unknown document id' })) },
  );

/** Which enrollment, if any, a document id belongs to (the repository matches it exactly). */
const documentOwner = (world: World, raw: string): WorldEnrollment | null =>
  world.enrollments.find((e) => e.signwellDocumentId === raw || e.privacyPracticesDocumentId === raw) ?? null;

interface PatientTarget {
  readonly raw: string | number;
  readonly patientId: string | null;
  readonly label: string;
}

/** A patient id as the codecs take it (text or a number, trimmed). */
const patientTargets = ({ world }: Suite): fc.Arbitrary<PatientTarget> => {
  const known = world.persons.map((person) => person.patientId);
  const resolve = (raw: string | number): string | null => {
    const text = String(raw).trim();
    return known.includes(text) ? text : null;
  };
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...known).map((id) => ({ raw: id, patientId: id, label: `patient ${id}` })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...known), fc.constantFrom('number', 'padded'))
        .map(([id, spelling]) => ({ raw: spelling === 'number' ? Number(id) : ` ${id} `, patientId: id, label: `patient ${id} as ${spelling}` })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(junkIds(), fc.integer({ min: 1, max: 99_999 }).map(String))
        .map((raw) => ({ raw, patientId: resolve(raw), label: resolve(raw) ? `patient ${resolve(raw)}` : 'an unknown patient' })),
    },
  );
};

interface SubscriptionTarget {
  readonly subscriptionId: string;
  readonly invoiceId: string;
  readonly subscriptionOf: WorldEnrollment | null;
  readonly invoiceOf: WorldEnrollment | null;
  readonly label: string;
}

const subscriptionTargets = ({ world }: Suite): fc.Arbitrary<SubscriptionTarget> => {
  const withSubscription = world.enrollments.filter((e) => e.stripeSubscriptionId !== null);
  const withInvoice = world.enrollments.filter((e) => e.invoiceId !== null);
  const subscription = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...withSubscription).map((e) => ({ id: e.stripeSubscriptionId!, of: e as WorldEnrollment | null, label: `${e.key} subscription` })) },
    { weight: 1, arbitrary: fc.constantFrom(...withSubscription).map((e) => ({ id: ` ${e.stripeSubscriptionId!}`, of: e as WorldEnrollment | null, label: `${e.key} subscription, padded` })) },
    { weight: 2, arbitrary: fc.oneof(stripeLikeIds('sub_'), junkIds(), fc.constantFrom(...allIds(world))).filter((id) => id.trim() !== '' && !withSubscription.some((e) => e.stripeSubscriptionId === id.trim())).map((id) => ({ id, of: null, label: 'an unknown subscription' })) },
  );
  const invoice = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...withInvoice).map((e) => ({ id: e.invoiceId!, of: e as WorldEnrollment | null })) },
    { weight: 1, arbitrary: fc.oneof(stripeLikeIds('in_'), junkIds()).filter((id) => id.trim() !== '').map((id) => ({ id, of: null })) },
  );
  return fc.tuple(subscription, invoice).map(([s, i]) => ({
    subscriptionId: s.id,
    invoiceId: i.id,
    subscriptionOf: s.of,
    invoiceOf: i.of,
    label: `${s.label} + ${i.of ? `${i.of.key} invoice` : 'unknown invoice'}`,
  }));
};

interface ContactTarget {
  readonly email: string;
  readonly phone: string;
  readonly label: string;
}

/** The email and phone a guest's enrollment form names (they must be the guest's verified ones). */
const contactTargets = ({ world }: Suite): fc.Arbitrary<ContactTarget> => {
  const guests = ACTOR_NAMES.map((name) => world.actors[name].guest).filter((guest) => guest !== null);
  const people = world.persons.filter((person) => person.email !== null && person.phone !== null);
  const emails = [...guests.map((g) => g.email), ...people.map((p) => p.email!)];
  const phones = [...guests.map((g) => g.phone.slice(2)), ...people.map((p) => p.phone!)];
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...guests).map((g) => ({ email: g.email, phone: g.phone.slice(2), label: `${g.email}'s verified contact` })) },
    { weight: 2, arbitrary: fc.constantFrom(...people).map((p) => ({ email: p.email!, phone: p.phone!, label: `patient ${p.patientId}'s contact` })) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...emails), fc.constantFrom(...phones)).map(([email, phone]) => ({ email, phone, label: 'a mixed contact' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.emailAddress(), fc.integer({ min: 0, max: 9999 }))
        .map(([email, n]) => ({ email, phone: `401555${String(n).padStart(4, '0')}`, label: 'an unknown contact' })),
    },
  );
};

const ownsContact = (actor: Actor, contact: ContactTarget): boolean =>
  actor.kind === 'guest' &&
  actor.guest !== null &&
  contact.email.trim().toLowerCase() === actor.guest.email &&
  contact.phone.replace(/\D/g, '').slice(-10) === actor.guest.phone.replace(/\D/g, '').slice(-10);

interface EmailTarget {
  readonly email: string;
  readonly label: string;
}

const staffEmailTargets = ({ world }: Suite): fc.Arbitrary<EmailTarget> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant({ email: world.staffEmails.signedIn, label: 'the signed-in staff address' }) },
    { weight: 3, arbitrary: fc.constant({ email: world.staffEmails.other, label: 'another staff address' }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...world.persons.filter((p) => p.email !== null)).map((p) => ({ email: p.email!, label: `patient ${p.patientId}'s email` })),
    },
    { weight: 1, arbitrary: fc.emailAddress().map((email) => ({ email, label: 'an unknown address' })) },
  );

/** Other people's ids slipped into a request of a route that acts only for the caller. */
interface Smuggle {
  readonly params: Readonly<Record<string, string>>;
  readonly header: string | null;
  readonly label: string;
}

const SMUGGLE_KEYS = ['patientId', 'patient_id', 'actingPatientId', 'selectedContactId', 'enrollmentId', 'id', 'customerId', 'customer', 'subscriptionId', 'guestHash', 'email', 'status'];

const smuggleTargets = ({ world }: Suite): fc.Arbitrary<Smuggle> => {
  const value = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...allIds(world)) }, { weight: 1, arbitrary: junkIds() });
  return fc
    .tuple(fc.dictionary(fc.constantFrom(...SMUGGLE_KEYS), value, { maxKeys: 3 }), fc.option(fc.constantFrom(...world.persons.map((p) => p.patientId)), { nil: null }))
    .map(([params, header]) => ({ params, header, label: Object.keys(params).length === 0 && header === null ? 'nothing slipped in' : `slipped in: ${Object.keys(params).join(', ')}${header ? ', X-Patient-Id' : ''}` }));
};

const withQuery = (path: string, params: Readonly<Record<string, string>>): string => {
  const query = new URLSearchParams(params).toString();
  return query === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${query}`;
};

const smuggled = (method: string, path: string, smuggle: Smuggle, bodyIsParams = method !== 'GET'): Call => ({
  method,
  path: withQuery(path, smuggle.params),
  ...(bodyIsParams ? { body: smuggle.params } : {}),
  ...(smuggle.header ? { headers: { 'X-Patient-Id': smuggle.header, 'X-Acting-Patient-Id': smuggle.header } } : {}),
});

// ---- the routes -------------------------------------------------------------------------------------

interface StaffPatientTarget {
  readonly patientId: string;
  readonly label: string;
}

/**
 * The staff portal's patient routes (staff-portal.router.ts): staff may act for any patient, so
 * only the staff bearer opens them; every other caller (session, guest, nobody) gets 401 whatever
 * patient it names. create-subscription names Olivia (5108), whom no other check here owns, so
 * the subscriptions it makes change nothing the other routes look at.
 */
const staffPatientRoutes = (): RouteSpec<unknown>[] => {
  const patientTargets = (fixed: readonly string[]) => (_suite: Suite): fc.Arbitrary<StaffPatientTarget> =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...fixed).map((patientId) => ({ patientId, label: `patient ${patientId}` })) },
      { weight: 1, arbitrary: junkIds().map((patientId) => ({ patientId, label: 'a junk patient id' })) },
    );
  const staffOnly = (actor: Actor, allowed: readonly number[]) => (answer: Answer) => {
    if (actor.kind !== 'staff') return expectRefused(answer, [401]);
    if (!allowed.includes(answer.status)) fail(`staff answer ${answer.status} ${answer.text.slice(0, 200)}`);
  };
  // The override routes act on any appointment: their junk never spells a number (the sandbox's
  // appointment ids start at 1000001; a real one would be cancelled under the other routes' checks).
  const noAppointmentTargets = (fixed: readonly string[]) => (_suite: Suite): fc.Arbitrary<StaffPatientTarget> =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...fixed).map((patientId) => ({ patientId, label: `unknown appointment ${patientId}` })) },
      { weight: 1, arbitrary: junkIds().filter((raw) => !/^\s*[-+]?\d+\s*$/.test(raw)).map((patientId) => ({ patientId, label: 'a junk appointment id' })) },
    );
  const spec = (path: string, takes: string, kind: 'read' | 'write', fixed: readonly string[], body: (patientId: string) => unknown, allowed: readonly number[], noAppointment = false) =>
    route<StaffPatientTarget>({
      method: 'POST',
      path,
      takes,
      kind,
      targets: noAppointment ? noAppointmentTargets(fixed) : patientTargets(fixed),
      unknown: () => (noAppointment ? { patientId: '999990', label: 'an appointment nobody has' } : { patientId: '987654321', label: 'a patient nobody has' }),
      refusals: [401],
      build: (_suite, actor, target) => ({
        call: { method: 'POST', path, body: body(target.patientId) },
        role: 'self',
        label: target.label,
        check: staffOnly(actor, allowed),
        staffReadsRecords: true,
      }),
    });
  return [
    spec('/api/staff/patient-search', 'firstName, lastName, dateOfBirth (body): staff bearer only', 'read', ['Margaret', 'Carol', 'Nora'], (firstName) => ({ firstName, lastName: 'Sullivan', dateOfBirth: '04/12/1979' }), [200, 400]),
    spec('/api/staff/patient-details', 'patientId (body): staff bearer only, any patient', 'read', ['5101', '5104', '5107', '5109'], (patientId) => ({ patientId }), [200, 400, 404]),
    spec(
      '/api/staff/create-subscription',
      'patientId (body): staff bearer only, any patient',
      'write',
      ['5108'],
      (patientId) => ({
        patientId,
        membershipTier: '120_annual',
        email: 'billing.olivia@example.com',
        address: { line1: '55 Lonsdale Avenue', city: 'Lincoln', state: 'RI', postalCode: '02865' },
        paymentMethod: 'manual_payment',
        patientName: 'Olivia Hart',
        department: '1',
      }),
      [200, 400, 404, 409],
    ),
    spec('/api/staff/patient-record', 'patientId (body): staff bearer only, any patient', 'read', ['5101', '5104', '5107', '5109'], (patientId) => ({ patientId }), [200, 400]),
    // The cutoff override acts on any patient's appointment by design; here only on appointments
    // no one has (a real cancel would change the world's appointments the other routes check):
    // every caller but staff gets 401, staff 404 or 400. Real ones: staff-override.int.test.ts.
    spec('/api/staff/appointments/cancel', 'appointmentId (body): staff bearer only, any appointment', 'write', ['999991', '999992'], (appointmentId) => ({ appointmentId, reason: 'Patient phoned' }), [400, 404], true),
    spec(
      '/api/staff/appointments/reschedule',
      'existingAppointmentId (body): staff bearer only, any appointment',
      'write',
      ['999991', '999992'],
      (existingAppointmentId) => ({ existingAppointmentId, appointmentId: '999993', appointmentTypeId: '2', reason: 'Patient phoned' }),
      [400, 404, 409],
      true,
    ),
  ];
};

const path = (id: string, suffix = ''): string => `/api/enrollments/${encodeURIComponent(id)}${suffix}`;

/** Cases of a route whose path names an enrollment. */
const enrollmentCase =
  (method: string, suffix: string, body: ((suite: Suite, target: IdTarget) => unknown) | undefined, owner: (actor: Actor, e: WorldEnrollment) => Pick<Case, 'check' | 'mustNotSucceed'> = () => ({})) =>
  (suite: Suite, actor: Actor, target: IdTarget): Case => {
    const call: Call = { method, path: path(target.raw, suffix), ...(body ? { body: body(suite, target) } : {}) };
    if (target.ref === null) return { call, role: 'unknown', label: target.label };
    if (!ownsEnrollment(actor, target.ref)) return { call, role: 'stranger', label: target.label };
    if (target.raw !== target.ref.id) return { call, role: 'owner', label: target.label, enrollment: target.ref, lenient: true };
    return { call, role: 'owner', label: target.label, enrollment: target.ref, ...owner(actor, target.ref) };
  };

const notAccessRefusal = (answer: Answer): void => {
  if ([401, 403, 404].includes(answer.status)) fail(`the owner was refused: ${answer.status} ${answer.text.slice(0, 200)}`);
  if (answer.status >= 500) fail(`the owner's call failed: ${answer.status} ${answer.text.slice(0, 200)}`);
};

const ok = (answer: Answer): void => {
  if (answer.status < 200 || answer.status > 299) fail(`the owner did not get it: ${answer.status} ${answer.text.slice(0, 200)}`);
};

/** The document id sent with a signature: the enrollment's own, another enrollment's, or unknown. */
type DocumentPick = 'own' | 'other' | 'unknown';

/** An enrollment and the document id its signature call sends. */
interface SignatureTarget extends IdTarget {
  readonly document: DocumentPick;
  /** Which other enrollment's document, when `document` is 'other'. */
  readonly otherIndex: number;
}

const signatureTargets = (suite: Suite): fc.Arbitrary<SignatureTarget> =>
  fc
    .tuple(enrollmentTargets(suite), fc.constantFrom<DocumentPick>('own', 'other', 'unknown'), fc.nat(50))
    .map(([target, document, otherIndex]) => ({ ...target, document, otherIndex }));

const ownSignatureTargets = (suite: Suite, actor: Actor): SignatureTarget[] =>
  ownEnrollments(suite, actor).flatMap((target) => (['own', 'other', 'unknown'] as const).map((document, otherIndex) => ({ ...target, document, otherIndex })));

const signatureDocument = (suite: Suite, target: SignatureTarget, which: 'agreement' | 'privacy'): { readonly id: string; readonly own: boolean } => {
  const own = target.ref ? documentIdOf(target.ref, which) : null;
  if (target.document === 'own' && own) return { id: own, own: true };
  const others = suite.world.enrollments.filter((e) => e !== target.ref && documentIdOf(e, which) !== null);
  const other = others[target.otherIndex % Math.max(others.length, 1)];
  if (target.document === 'other' && other) return { id: documentIdOf(other, which)!, own: false };
  return { id: UNKNOWN_UUID, own: false };
};

/** signature / privacy-signature: the path names the enrollment; a document not its own must never be recorded. */
const signatureCase =
  (suffix: string, which: 'agreement' | 'privacy') =>
  (suite: Suite, actor: Actor, target: SignatureTarget): Case => {
    const document = signatureDocument(suite, target, which);
    const label = `${target.label}, ${document.own ? 'its own' : target.document === 'other' ? "another enrollment's" : 'an unknown'} ${which} document`;
    const built = enrollmentCase('POST', suffix, () => ({ documentId: document.id }), () => ({ check: notAccessRefusal, mustNotSucceed: !document.own }))(suite, actor, target);
    return { ...built, label };
  };

const hash = (text: string): number => {
  let h = 0;
  for (let i = 0; i < text.length; i += 1) h = (h * 31 + text.charCodeAt(i)) | 0;
  return h;
};


// ---- booking ------------------------------------------------------------------------------------

/** A booking the owners' calls cannot make: slot 1 is no open slot, so owners stop at 409/403. */
const BOOKING_BODY = { providerId: '1', appointmentId: '1', appointmentDate: '12/01/2026', appointmentTime: '09:00', appointmentTypeId: '2' };
const MEMBERSHIP_REQUIRED = 'Membership Required';

/** Patients with an active membership here (those who booked while the world was built). */
const membersOf = (world: World): Set<string> => new Set(world.appointments.map((appointment) => appointment.patientId));

/** A patient id in a path: the known ones as they are, or junk (hostile text, other numbers). */
const pathPatientTargets = ({ world }: Suite): fc.Arbitrary<PatientTarget> => {
  const known = world.persons.map((person) => person.patientId);
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...known).map((id) => ({ raw: id, patientId: id, label: `patient ${id}` })) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(junkIds(), fc.integer({ min: 1, max: 99_999 }).map(String))
        .map((raw) => ({ raw, patientId: known.includes(raw) ? raw : null, label: known.includes(raw) ? `patient ${raw}` : 'an unknown patient' })),
    },
  );
};

const bookingCase =
  (action: 'book' | 'reschedule') =>
  (suite: Suite, actor: Actor, target: PatientTarget): Case => {
    const body = action === 'book' ? BOOKING_BODY : { ...BOOKING_BODY, existingAppointmentId: '1', providerName: '' };
    const call: Call = { method: 'POST', path: `/api/appointments/${encodeURIComponent(String(target.raw))}/${action}`, body };
    if (target.patientId === null) return { call, role: 'unknown', label: target.label };
    if (!mayActForPatient(actor, target.patientId)) return { call, role: 'stranger', label: target.label };
    const member = membersOf(suite.world).has(target.patientId);
    return {
      call,
      role: 'owner',
      label: `${target.label}${member ? ' (a member)' : ''}`,
      check: (answer) => {
        if (!member) {
          if (answer.status !== 403 || answer.body?.error !== MEMBERSHIP_REQUIRED) fail(`a non-member owner was not told membership is required: ${answer.status} ${answer.text.slice(0, 200)}`);
          return;
        }
        // A member gets past every access check: slot 1 is not open (409); appointment 1 is nobody's (404 'Appointment not found.').
        const expected = action === 'book' ? answer.status === 409 : answer.status === 404 && answer.body?.message === 'Appointment not found.';
        if (!expected) fail(`the member did not get past the access checks: ${answer.status} ${answer.text.slice(0, 200)}`);
      },
    };
  };

/** Appointments an owner's call has cancelled (a second owner call then finds nothing to cancel). */
const CANCELLED = new Set<string>();
/** Appointments an owner's cancel has been sent for (the appointment routes run side by side). */
const CANCEL_SENT = new Set<string>();

const bookingRoute = (action: 'book' | 'reschedule', owners: string): RouteSpec<unknown> =>
  route<PatientTarget>({
    method: 'POST',
    path: `/api/appointments/:id/${action}`,
    takes: `patient id (path); ${owners}`,
    kind: 'write',
    targets: pathPatientTargets,
    owned: (_suite, actor) => [...actor.patients].map((id) => ({ raw: id, patientId: id, label: `patient ${id}, whom the actor may act for` })),
    unknown: () => ({ raw: '999999', patientId: null, label: 'unknown' }),
    build: bookingCase(action),
  });

interface AppointmentTarget {
  readonly raw: string;
  readonly appointment: WorldAppointment | null;
  readonly label: string;
}

/** A route with an appointment id in its path (`/api/appointments/{id}/<action>`). */
const appointmentRoute = (
  method: string,
  action: string,
  kind: 'read' | 'write',
  takes: string,
  ownerCheck: (target: AppointmentTarget) => (answer: Answer) => void,
  body?: unknown,
): RouteSpec<unknown> =>
  route<AppointmentTarget>({
    method,
    path: `/api/appointments/:id/${action}`,
    takes: `appointment id (path); ${takes}`,
    kind,
    targets: appointmentTargets,
    owned: (suite, actor) => suite.world.appointments.filter((a) => mayActForPatient(actor, a.patientId)).map((appointment) => ({ raw: appointment.appointmentId, appointment, label: 'own appointment' })),
    unknown: () => ({ raw: '987654321', appointment: null, label: 'unknown' }),
    build: (_suite, actor, target) => {
      const call: Call = { method, path: `/api/appointments/${encodeURIComponent(target.raw)}/${action}`, ...(body === undefined ? {} : { body }) };
      if (target.appointment === null) return { call, role: 'unknown', label: target.label };
      if (!mayActForPatient(actor, target.appointment.patientId)) return { call, role: 'stranger', label: target.label };
      return { call, role: 'owner', label: target.label, check: ownerCheck(target) };
    },
  });

const appointmentTargets = ({ world }: Suite): fc.Arbitrary<AppointmentTarget> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...world.appointments).map((appointment) => ({ raw: appointment.appointmentId, appointment, label: `appointment of patient ${appointment.patientId}` })) },
    { weight: 2, arbitrary: fc.oneof(junkIds(), fc.integer({ min: 1, max: 9_999_999 }).map(String)).filter((raw) => !world.appointments.some((a) => a.appointmentId === raw)).map((raw) => ({ raw, appointment: null, label: 'an unknown appointment' })) },
  );

export const ACCESS: ReadonlyArray<RouteSpec<unknown>> = [
  route<IdTarget>({
    method: 'GET',
    path: '/api/enrollments/:id',
    takes: 'enrollment id (path)',
    kind: 'read',
    targets: enrollmentTargets,
    owned: ownEnrollments,
    unknown: unknownLike,
    build: enrollmentCase('GET', '', undefined, (_actor, e) => ({
      check: (answer) => {
        ok(answer);
        if (answer.body?.id !== e.id) fail(`the owner got another record: ${answer.text.slice(0, 200)}`);
      },
    })),
  }),
  route<IdTarget>({
    method: 'POST',
    path: '/api/enrollments/:id/create-document',
    takes: 'enrollment id (path); an owner gets the agreement to sign (made once per enrollment, then handed out again) or 409',
    kind: 'write',
    targets: enrollmentTargets,
    owned: ownEnrollments,
    unknown: unknownLike,
    build: enrollmentCase('POST', '/create-document', undefined, () => ({ check: notAccessRefusal })),
  }),
  route<IdTarget>({
    method: 'POST',
    path: '/api/enrollments/:id/create-privacy-document',
    takes: 'enrollment id (path); owners get 409 (no enrollment here waits for its privacy notice)',
    kind: 'write',
    targets: enrollmentTargets,
    owned: ownEnrollments,
    unknown: unknownLike,
    build: enrollmentCase('POST', '/create-privacy-document', undefined, () => ({ check: notAccessRefusal })),
  }),
  route<SignatureTarget>({
    method: 'POST',
    path: '/api/enrollments/:id/signature',
    takes: 'enrollment id (path) + documentId (body): its own, another enrollment\'s, or unknown; nothing here is signed, so owners get 409',
    kind: 'write',
    targets: signatureTargets,
    owned: ownSignatureTargets,
    unknown: (suite, target) => ({ ...target, ...unknownLike(suite, target) }),
    build: signatureCase('/signature', 'agreement'),
  }),
  route<SignatureTarget>({
    method: 'POST',
    path: '/api/enrollments/:id/privacy-signature',
    takes: 'enrollment id (path) + documentId (body); owners get 409',
    kind: 'write',
    targets: signatureTargets,
    owned: ownSignatureTargets,
    unknown: (suite, target) => ({ ...target, ...unknownLike(suite, target) }),
    build: signatureCase('/privacy-signature', 'privacy'),
  }),
  route<IdTarget>({
    method: 'POST',
    path: '/api/enrollments/:id/create-subscription',
    takes: 'enrollment id (path); owners get the existing subscription again (same idempotency key), 200 for the paid one, or 409/422',
    kind: 'write',
    targets: enrollmentTargets,
    owned: ownEnrollments,
    unknown: unknownLike,
    build: enrollmentCase('POST', '/create-subscription', undefined, () => ({ check: notAccessRefusal })),
  }),
  route<IdTarget>({
    method: 'POST',
    path: '/api/enrollments/:id/payment',
    takes: 'enrollment id (path); owners get 402 (nothing unpaid here is paid) or 200 for the paid one',
    kind: 'write',
    targets: enrollmentTargets,
    owned: ownEnrollments,
    unknown: unknownLike,
    build: enrollmentCase('POST', '/payment', () => ({}), () => ({ check: notAccessRefusal })),
  }),
  route<IdTarget>({
    method: 'POST',
    path: '/api/enrollments/:id/reactivate-subscription',
    takes: 'enrollment id (path); owners get 409 (no subscription here is set to cancel)',
    kind: 'write',
    targets: enrollmentTargets,
    owned: ownEnrollments,
    unknown: unknownLike,
    build: enrollmentCase('POST', '/reactivate-subscription', () => ({ confirmed: true }), () => ({ check: notAccessRefusal })),
  }),
  route<IdTarget>({
    method: 'GET',
    path: '/api/enrollments/:id/complete',
    takes: 'enrollment id (path)',
    kind: 'read',
    targets: enrollmentTargets,
    owned: ownEnrollments,
    unknown: unknownLike,
    build: enrollmentCase('GET', '/complete', undefined, (_actor, e) => ({
      check: (answer) => {
        ok(answer);
        if (answer.body?.enrollment?.id !== e.id || answer.body?.invoiceNumber !== `INV-${e.id.slice(-8)}`) fail(`the owner got another record: ${answer.text.slice(0, 200)}`);
      },
    })),
  }),
  route<IdTarget>({
    method: 'GET',
    path: '/api/signwell/verify-completion/:documentId',
    takes: 'SignWell document id (path)',
    kind: 'read',
    targets: documentTargets,
    owned: ({ world }, actor) =>
      world.enrollments
        .filter((e) => ownsEnrollment(actor, e))
        .flatMap((e) => [e.signwellDocumentId, e.privacyPracticesDocumentId].filter((id): id is string => id !== null).map((raw) => ({ raw, ref: e, label: `${e.key} document, the actor's own` }))),
    unknown: unknownLike,
    build: (suite, actor, target) => {
      const call: Call = { method: 'GET', path: `/api/signwell/verify-completion/${encodeURIComponent(target.raw)}` };
      const owner = documentOwner(suite.world, target.raw);
      if (owner === null) return { call, role: 'unknown', label: target.label };
      if (!ownsEnrollment(actor, owner)) return { call, role: 'stranger', label: target.label };
      return {
        call,
        role: 'owner',
        label: target.label,
        check: (answer) => {
          ok(answer);
          if (typeof answer.body?.isComplete !== 'boolean') fail(`unexpected answer: ${answer.text.slice(0, 200)}`);
        },
      };
    },
  }),
  route<SubscriptionTarget>({
    method: 'POST',
    path: '/api/stripe/pay-invoice',
    takes: 'subscriptionId + invoiceId (body); an owner paying its own invoice uses a card Stripe declines (402), another one\'s invoice is 400',
    kind: 'write',
    targets: subscriptionTargets,
    owned: ({ world }, actor) =>
      world.enrollments
        .filter((e) => e.stripeSubscriptionId !== null && ownsEnrollment(actor, e))
        .flatMap((e) => {
          const other = world.enrollments.find((o) => o.invoiceId !== null && !ownsEnrollment(actor, o));
          return [
            { subscriptionId: e.stripeSubscriptionId!, invoiceId: e.invoiceId ?? 'in_sec_unknown', subscriptionOf: e, invoiceOf: e.invoiceId ? e : null, label: `${e.key} subscription and invoice, the actor's own` },
            ...(other ? [{ subscriptionId: e.stripeSubscriptionId!, invoiceId: other.invoiceId!, subscriptionOf: e, invoiceOf: other, label: `${e.key} subscription, the actor's own + ${other.key} invoice` }] : []),
          ];
        }),
    unknown: (_suite, target) => ({ ...target, subscriptionId: 'sub_sec_unknown', subscriptionOf: null, label: 'unknown' }),
    build: (suite, actor, target) => {
      const call: Call = {
        method: 'POST',
        path: '/api/stripe/pay-invoice',
        body: { invoiceId: target.invoiceId, subscriptionId: target.subscriptionId, paymentMethodId: suite.declinedCard },
      };
      if (target.subscriptionOf === null) return { call, role: 'unknown', label: target.label };
      if (!ownsEnrollment(actor, target.subscriptionOf)) return { call, role: 'stranger', label: target.label };
      const ownInvoice = target.invoiceOf === target.subscriptionOf;
      return {
        call,
        role: 'owner',
        label: target.label,
        enrollment: target.subscriptionOf,
        mustNotSucceed: !ownInvoice,
        check: (answer) => {
          notAccessRefusal(answer);
          if (answer.body?.success === true) fail(`an invoice was paid with a declined card: ${answer.text.slice(0, 200)}`);
        },
      };
    },
  }),
  bookingRoute('book', "a member owner stops at 409 (slot 1 is not open), any other owner at 403 Membership Required"),
  bookingRoute('reschedule', "a member owner stops at 404 'Appointment not found.' (appointment 1 is nobody's), any other owner at 403"),
  appointmentRoute(
    'PUT',
    'waitlist',
    'write',
    "the owner's choice is kept (a member) or 403 Membership Required (not one); 404 once an owner's cancel (running alongside) has been sent",
    (target) => (answer) => {
      if (answer.status === 200 || (answer.status === 403 && answer.body?.error === 'Membership Required')) return;
      if (answer.status === 404 && CANCEL_SENT.has(target.raw)) return;
      fail(`the owner's waitlist choice was not taken: ${answer.status} ${answer.text.slice(0, 200)}`);
    },
    { scope: 'same-provider' },
  ),
  appointmentRoute('PUT', 'cancel', 'write', 'the owner cancels it (once: later owner calls find it cancelled, 404)', (target) => {
    // Built just before it is sent: from here on, the other appointment routes may find it cancelled.
    CANCEL_SENT.add(target.raw);
    return (answer) => {
      if (answer.status === 200 && !CANCELLED.has(target.raw)) {
        CANCELLED.add(target.raw);
        return;
      }
      // 404 only once an earlier owner call cancelled it.
      if (!(answer.status === 404 && CANCELLED.has(target.raw))) fail(`the owner could not cancel: ${answer.status} ${answer.text.slice(0, 200)}`);
    };
  }),
  appointmentRoute('GET', 'calendar.ics', 'read', 'the owner gets the calendar file of the booking made here', () => (answer) => {
    if (answer.status !== 200 || !answer.text.includes('BEGIN:VCALENDAR')) fail(`the owner did not get the calendar file: ${answer.status} ${answer.text.slice(0, 200)}`);
  }),
  route<Smuggle>({
    method: 'GET',
    path: '/api/dashboard/upcoming-appointments',
    takes: 'the acting patient (session); guests 403',
    kind: 'read',
    targets: smuggleTargets,
    unknown: () => ({ params: {}, header: null, label: 'nothing' }),
    build: (suite, actor, smuggle) => ({
      call: smuggled('GET', '/api/dashboard/upcoming-appointments', smuggle),
      role: 'self',
      label: smuggle.label,
      check: (answer) => {
        if (actor.kind === 'guest') return expectRefused(answer, [403]);
        if (actor.kind !== 'session') return expectRefused(answer, [401]);
        const own = new Set(suite.world.appointments.filter((a) => a.patientId === actor.acting).map((a) => a.appointmentId));
        const listed = (answer.body?.appointments ?? []).map((appointment: { appointmentId: string }) => appointment.appointmentId);
        if (answer.status !== 200 || !listed.every((id: string) => own.has(id))) fail(`not the acting patient's own appointments: ${answer.status} ${answer.text.slice(0, 300)}`);
      },
    }),
  }),
  route<Smuggle>({
    method: 'POST',
    path: '/api/appointments/patient-info',
    takes: "the verified guest's own memberships (nobody here has one as a guest); sessions 403",
    kind: 'read',
    targets: smuggleTargets,
    unknown: () => ({ params: {}, header: null, label: 'nothing' }),
    build: (_suite, actor, smuggle) => ({
      call: smuggled('POST', '/api/appointments/patient-info', smuggle),
      role: 'self',
      label: smuggle.label,
      check: (answer) => {
        if (actor.kind === 'guest') return expectRefused(answer, [400, 403]);
        if (actor.kind === 'session') return expectRefused(answer, [403]);
        return expectRefused(answer, [401]);
      },
    }),
  }),
  route<PatientTarget>({
    method: 'POST',
    path: '/api/enrollments/oauth',
    takes: 'patientId (body); the actors\' sessions hold no Medicare answer, so an owner stops at 400 before the health record is asked',
    kind: 'write',
    targets: patientTargets,
    owned: (_suite, actor) => [...actor.patients].map((id) => ({ raw: id, patientId: id, label: `patient ${id}, whom the actor may act for` })),
    unknown: () => ({ raw: '999999', patientId: null, label: 'unknown' }),
    build: (_suite, actor, target) => {
      const call: Call = { method: 'POST', path: '/api/enrollments/oauth', body: { patientId: target.raw, practiceLocation: '1', membershipTier: '120_annual' } };
      if (target.patientId === null || !mayActForPatient(actor, target.patientId)) {
        return { call, role: typeof target.raw === 'string' && target.raw.trim() === '' ? 'unknown' : target.patientId === null ? 'unknown' : 'stranger', label: target.label };
      }
      return {
        call,
        role: 'owner',
        label: target.label,
        check: (answer) => {
          if (answer.status !== 400 || answer.body?.error !== 'Medicare/Medicaid participation required') fail(`the owner did not get past the link check: ${answer.status} ${answer.text.slice(0, 200)}`);
        },
      };
    },
  }),
  route<PatientTarget>({
    method: 'POST',
    path: '/api/auth/update-session',
    takes: 'selectedContactId (body)',
    kind: 'write',
    targets: patientTargets,
    owned: (_suite, actor) => [...actor.patients].map((id) => ({ raw: id, patientId: id, label: `patient ${id}, whom the actor may act for` })),
    unknown: () => ({ raw: '999999', patientId: null, label: 'unknown' }),
    build: (_suite, actor, target) => {
      const call: Call = {
        method: 'POST',
        path: '/api/auth/update-session',
        body: { practiceLocation: '1', workflowType: 'enrollment', selectedContactId: target.raw, selectedContactType: hash(String(target.raw)) % 2 === 0 ? 'patient' : 'caregiver' },
      };
      if (target.patientId === null) return { call, role: 'unknown', label: target.label };
      if (!mayActForPatient(actor, target.patientId)) return { call, role: 'stranger', label: target.label };
      return {
        call,
        role: 'owner',
        label: target.label,
        check: (answer) => {
          if (answer.status !== 200 || answer.body?.success !== true) fail(`the owner could not select the patient: ${answer.status} ${answer.text.slice(0, 200)}`);
        },
      };
    },
  }),
  route<ContactTarget>({
    method: 'POST',
    path: '/api/enrollments',
    takes: 'the enrollment form\'s email and phone (must be the guest\'s verified ones); the form\'s patient is 20, so an owner stops at the age check',
    kind: 'write',
    targets: contactTargets,
    owned: (_suite, actor) => (actor.guest ? [{ email: actor.guest.email, phone: actor.guest.phone.slice(2), label: "the guest's own verified contact" }] : []),
    unknown: () => ({ email: 'sec.nobody.known@example.org', phone: '4015559999', label: 'unknown' }),
    build: (_suite, actor, target) => {
      const twentyYearsAgo = new Date();
      twentyYearsAgo.setUTCFullYear(twentyYearsAgo.getUTCFullYear() - 20);
      const dob = `${String(twentyYearsAgo.getUTCMonth() + 1).padStart(2, '0')}/01/${twentyYearsAgo.getUTCFullYear()}`;
      const call: Call = {
        method: 'POST',
        path: '/api/enrollments',
        body: {
          patientStatus: 'existing',
          firstName: 'Rowan',
          lastName: 'Fairbrook',
          dateOfBirth: dob,
          email: target.email,
          phone: target.phone,
          address1: '9 Quarry Road',
          city: 'Warwick',
          state: 'RI',
          zipCode: '02886',
          lastFourSSN: '0101',
          department: '2',
          membershipTier: '120_annual',
          hasMedicareInsurance: 'no',
          isGuardianSigning: false,
          ...(actor.guest ? { verificationToken: actor.guest.verificationToken } : {}),
        },
      };
      if (!ownsContact(actor, target)) return { call, role: target.label === 'an unknown contact' ? 'unknown' : 'stranger', label: target.label };
      return {
        call,
        role: 'owner',
        label: target.label,
        check: (answer) => {
          if (answer.status !== 403 || answer.body?.error !== 'Age Requirement Not Met') fail(`the verified guest did not get past the contact check: ${answer.status} ${answer.text.slice(0, 200)}`);
        },
      };
    },
  }),
  route<EmailTarget>({
    method: 'POST',
    path: '/api/staff/verify-session',
    takes: 'email (body): the staff member the bearer session must be',
    kind: 'read',
    targets: staffEmailTargets,
    owned: (_suite, actor) => (actor.staffEmail ? [{ email: actor.staffEmail, label: 'the signed-in staff address' }] : []),
    unknown: () => ({ email: 'sec.nobody.known@mdri-primarycare.example', label: 'unknown' }),
    build: (_suite, actor, target) => {
      const call: Call = { method: 'POST', path: '/api/staff/verify-session', body: { email: target.email } };
      if (actor.kind !== 'staff' || actor.staffEmail !== target.email) return { call, role: target.label === 'an unknown address' ? 'unknown' : 'stranger', label: target.label };
      return {
        call,
        role: 'owner',
        label: target.label,
        check: (answer) => {
          if (answer.status !== 200 || answer.body?.email !== target.email) fail(`the staff member was refused: ${answer.status} ${answer.text.slice(0, 200)}`);
        },
      };
    },
  }),
  route<SubscriptionTarget>({
    method: 'POST',
    path: '/api/stripe/webhook',
    takes: 'a Stripe event naming a subscription (body): only Stripe\'s signature may act on it, so every actor is refused (400)',
    kind: 'write',
    refusals: [400],
    targets: subscriptionTargets,
    unknown: (_suite, target) => ({ ...target, subscriptionId: 'sub_sec_unknown', subscriptionOf: null, label: 'unknown' }),
    build: (_suite, _actor, target) => {
      const event = { id: `evt_sec_${hash(target.label + target.subscriptionId) >>> 0}`, object: 'event', type: 'customer.subscription.deleted', data: { object: { id: target.subscriptionId.trim(), object: 'subscription', status: 'canceled' } } };
      const call: Call = {
        method: 'POST',
        path: '/api/stripe/webhook',
        body: event,
        headers: { 'Stripe-Signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      };
      return { call, role: target.subscriptionOf ? 'stranger' : 'unknown', label: target.label };
    },
  }),
  // ---- routes without an id that act for the caller: other people's ids slipped in change nothing ----
  route<Smuggle>({
    method: 'GET',
    path: '/api/stripe/customer-check',
    takes: 'the acting patient (session) or the guest; ids in the query are ignored',
    kind: 'read',
    targets: smuggleTargets,
    unknown: () => ({ params: {}, header: null, label: 'nothing' }),
    build: (suite, actor, smuggle) => ({
      call: smuggled('GET', '/api/stripe/customer-check', smuggle),
      role: 'self',
      label: smuggle.label,
      check: (answer) => {
        if (actor.kind === 'staff' || actor.kind === 'nobody') return expectRefused(answer, [401]);
        if (answer.status !== 200 || answer.body?.hasCustomer !== hasCustomer(suite.world, actor)) fail(`not the caller's own answer: ${answer.status} ${answer.text}`);
      },
    }),
  }),
  route<Smuggle>({
    method: 'POST',
    path: '/api/stripe/portal-session',
    takes: 'the acting patient (session) or the guest; ids in the query and body are ignored',
    kind: 'read',
    targets: smuggleTargets,
    unknown: () => ({ params: {}, header: null, label: 'nothing' }),
    build: (suite, actor, smuggle) => ({
      call: smuggled('POST', '/api/stripe/portal-session', smuggle),
      role: 'self',
      label: smuggle.label,
      check: (answer) => {
        if (actor.kind === 'staff' || actor.kind === 'nobody') return expectRefused(answer, [401]);
        const has = hasCustomer(suite.world, actor);
        if (has && (answer.status !== 200 || typeof answer.body?.portalUrl !== 'string')) fail(`the caller's billing portal did not open: ${answer.status} ${answer.text}`);
        if (!has && (answer.status !== 404 || answer.body?.success !== false)) fail(`a billing portal opened for a caller without one: ${answer.status} ${answer.text}`);
      },
    }),
  }),
  route<Smuggle>({
    method: 'GET',
    path: '/api/dashboard/subscription-status',
    takes: 'the acting patient (session); guests 403',
    kind: 'read',
    targets: smuggleTargets,
    unknown: () => ({ params: {}, header: null, label: 'nothing' }),
    build: (_suite, actor, smuggle) => ({ call: smuggled('GET', '/api/dashboard/subscription-status', smuggle), role: 'self', label: smuggle.label, check: dashboardCheck(actor) }),
  }),
  route<Smuggle>({
    method: 'POST',
    path: '/api/dashboard/subscription-status/refresh',
    takes: 'the acting patient (session); guests 403',
    kind: 'read',
    targets: smuggleTargets,
    unknown: () => ({ params: {}, header: null, label: 'nothing' }),
    build: (_suite, actor, smuggle) => ({ call: smuggled('POST', '/api/dashboard/subscription-status/refresh', smuggle), role: 'self', label: smuggle.label, check: dashboardCheck(actor) }),
  }),
  route<Smuggle>({
    method: 'GET',
    path: '/api/nurse-line',
    takes: 'the acting patient (session): the number only if their membership is active; guests 403, nobody 401',
    kind: 'read',
    targets: smuggleTargets,
    unknown: () => ({ params: {}, header: null, label: 'nothing' }),
    build: (_suite, actor, smuggle) => ({ call: smuggled('GET', '/api/nurse-line', smuggle), role: 'self', label: smuggle.label, check: nurseLineCheck(actor) }),
  }),
  route<Smuggle>({
    method: 'GET',
    path: '/api/oauth/patient-contacts',
    takes: 'the session\'s person and the patients linked to them',
    kind: 'read',
    targets: smuggleTargets,
    unknown: () => ({ params: {}, header: null, label: 'nothing' }),
    build: (_suite, actor, smuggle) => ({
      call: smuggled('GET', '/api/oauth/patient-contacts', smuggle),
      role: 'self',
      label: smuggle.label,
      check: (answer) => {
        if (actor.kind !== 'session') return expectRefused(answer, [401]);
        const ids = (answer.body?.contacts ?? []).map((contact: { id: string }) => contact.id).sort();
        if (answer.status !== 200 || !isDeepStrictEqual(ids, [...actor.patients].sort())) fail(`not the caller's own contacts: ${answer.status} ${answer.text}`);
      },
    }),
  }),
  route<Smuggle>({
    method: 'GET',
    path: '/api/auth/session',
    takes: 'the patient the session acts for',
    kind: 'read',
    targets: smuggleTargets,
    unknown: () => ({ params: {}, header: null, label: 'nothing' }),
    build: (_suite, actor, smuggle) => ({
      call: smuggled('GET', '/api/auth/session', smuggle),
      role: 'self',
      label: smuggle.label,
      check: (answer) => {
        if (actor.kind !== 'session') {
          if (answer.status !== 200 || !isDeepStrictEqual(answer.body, { isAuthenticated: false })) fail(`signed out, yet: ${answer.status} ${answer.text}`);
          return;
        }
        if (answer.status !== 200 || answer.body?.patientId !== actor.acting) fail(`not the patient acted for: ${answer.status} ${answer.text}`);
      },
    }),
  }),
  route<Smuggle>({
    method: 'GET',
    path: '/api/auth/status',
    takes: 'the patient the session acts for',
    kind: 'read',
    targets: smuggleTargets,
    unknown: () => ({ params: {}, header: null, label: 'nothing' }),
    build: (_suite, actor, smuggle) => ({
      call: smuggled('GET', '/api/auth/status', smuggle),
      role: 'self',
      label: smuggle.label,
      check: (answer) => {
        if (actor.kind !== 'session') {
          if (answer.status !== 200 || answer.body?.isAuthenticated !== false || answer.body?.user !== null) fail(`signed out, yet: ${answer.status} ${answer.text}`);
          return;
        }
        if (answer.status !== 200 || answer.body?.user?.patientId !== actor.acting) fail(`not the patient acted for: ${answer.status} ${answer.text}`);
      },
    }),
  }),
  route<Smuggle>({
    method: 'GET',
    path: '/api/guest/session',
    takes: 'the guest token\'s own email and phone',
    kind: 'read',
    targets: smuggleTargets,
    unknown: () => ({ params: {}, header: null, label: 'nothing' }),
    build: (_suite, actor, smuggle) => ({
      call: smuggled('GET', '/api/guest/session', smuggle),
      role: 'self',
      label: smuggle.label,
      check: (answer) => {
        if (actor.kind !== 'guest') return expectRefused(answer, [401]);
        if (answer.status !== 200 || answer.body?.email !== actor.guest!.email || answer.body?.phone !== actor.guest!.phone) fail(`not the guest's own: ${answer.status} ${answer.text}`);
      },
    }),
  }),
  route<Smuggle>({
    method: 'GET',
    path: '/api/staff/document-submissions',
    takes: 'staff bearer only (the failed filings of every patient, for staff to file by hand)',
    kind: 'read',
    targets: smuggleTargets,
    unknown: () => ({ params: {}, header: null, label: 'nothing' }),
    build: (suite, actor, smuggle) => {
      const { status: _ignored, ...params } = smuggle.params;
      return {
        call: smuggled('GET', '/api/staff/document-submissions?status=failed', { ...smuggle, params }),
        role: 'self',
        label: smuggle.label,
        check: (answer) => {
          if (actor.kind !== 'staff') return expectRefused(answer, [401]);
          const listed = Array.isArray(answer.body) ? answer.body.map((row: { id: string }) => String(row.id)) : [];
          if (answer.status !== 200 || !suite.world.submissions.every((submission) => listed.includes(submission.id))) fail(`staff did not get the list: ${answer.status} ${answer.text.slice(0, 200)}`);
        },
      };
    },
  }),
  ...staffPatientRoutes(),
];

/** Registered routes that name no object and act for no patient, and why. */
export const NO_OBJECT: Readonly<Record<string, string>> = {
  'GET /api/health': 'public: database status and version',
  'GET /api/ready': 'public: database and job queue status, queue depth and oldest job age',
  'GET /api/config': 'public provider settings',
  'GET /api/config/practice': "the practice's public details (addresses, links), the same for everyone",
  'POST /api/client-errors': 'a report of field names, stored nowhere but the log',
  'GET /api/providers': "the practice's providers (public directory)",
  'GET /api/appointment-types': "the practice's appointment types",
  'GET /api/appointments/availability': "the practice's open slots (no patient)",
  'GET /api/auth/config': 'public login settings',
  'GET /api/auth/athena': 'starts a login; the patient is chosen at the health record',
  'GET /api/auth/callback': "finishes a login; who signed in comes from the health record's token, not from the request",
  'POST /api/auth/session/extend': "the caller's own session; answers only its expiry",
  'POST /api/auth/logout': "ends the caller's own session",
  'POST /api/verify-email/send-otp': "sends a code to the address given; answers nothing about anyone",
  'POST /api/verify-email/verify-otp': 'checks a code for the address given',
  'POST /api/verify-email/check-session': "the email session's own address",
  'POST /api/verify-phone': 'issues the guest token for the caller\'s own verified contact',
  'POST /api/staff/send-otp': 'the same answer for any address',
  'POST /api/staff/verify-otp': 'checks a code',
  'POST /api/staff/logout': 'ends the bearer session sent',
  'GET /api/staff/report': 'staff bearer only; counts over all enrollments, names no patient',
  'GET /api/staff/appointments/availability': "staff bearer only; the practice's open slots (no patient)",
  'POST /api/waitlist-offers/view': "the emailed link's signed token names the offer and the member; a forged or altered one is 404 (waitlist.int.test.ts)",
  'POST /api/waitlist-offers/take': "the emailed link's signed token names the offer and the member; a forged or altered one is 404 (waitlist.int.test.ts)",
  'PUT /api/me/language': "writes the language of the session's own acting patient (a guest's: its own memberships' patients); reads no id from the request, answers 204 with no body (language.int.test.ts)",
};

// ---- the checks -------------------------------------------------------------------------------------

const hasCustomer = (world: World, actor: Actor): boolean =>
  world.enrollments.some((e) => e.stripeCustomerId !== null && (actor.kind === 'session' ? e.patientId === actor.acting : actor.kind === 'guest' && e.guestOwner === actor.name));

function expectRefused(answer: Answer, statuses: readonly number[]): void {
  if (!statuses.includes(answer.status)) fail(`expected ${statuses.join('/')}, got ${answer.status} ${answer.text.slice(0, 200)}`);
}

const dashboardCheck = (actor: Actor) => (answer: Answer) => {
  if (actor.kind === 'guest') return expectRefused(answer, [403]);
  if (actor.kind !== 'session') return expectRefused(answer, [401]);
  if (answer.status !== 200 || typeof answer.body?.hasActiveSubscription !== 'boolean') fail(`the session's own status did not come: ${answer.status} ${answer.text.slice(0, 200)}`);
};

/** The nurse line: a member gets the configured number; anyone else a refusal without it (issue 14). */
const nurseLineCheck = (actor: Actor) => (answer: Answer) => {
  const number = practiceFile().nurseLine.phone;
  if (answer.status !== 200 && answer.text.includes(number.slice(3))) fail(`a refusal carried the nurse line number: ${answer.status}`);
  if (actor.kind === 'guest') return expectRefused(answer, [403]);
  if (actor.kind !== 'session') return expectRefused(answer, [401]);
  if (answer.status === 200 && answer.body?.phone !== number) fail(`the nurse line answer was not the configured number: ${answer.text.slice(0, 200)}`);
  if (answer.status !== 200) expectRefused(answer, [403]);
};

let practiceCache: { nurseLine: { phone: string } } | null = null;
const practiceFile = (): { nurseLine: { phone: string } } =>
  (practiceCache ??= JSON.parse(readFileSync(new URL('../../../../../config/practice.json', import.meta.url), 'utf8')) as { nurseLine: { phone: string } });

interface RouteStats {
  runs: number;
  requests: number;
  roles: Record<Role, number>;
  statuses: Record<string, number>;
  ms: number;
}

const newStats = (): RouteStats => ({ runs: 0, requests: 0, roles: { owner: 0, stranger: 0, unknown: 0, self: 0 }, statuses: {}, ms: 0 });

let portal: TestPortal;
let suite: Suite;
const forbidden = new Map<string, Forbidden>();
const stats = new Map<string, RouteStats>();
const results = new Map<string, Promise<{ error: unknown }>>();
let started = 0;
let setupMs = 0;
/** Requests the provider sandbox (athenahealth, SignWell, Stripe, …) has answered so far. */
let providerCalls = 0;
const providerLines: string[] = [];
let providerChecked = 0;

/** What the actor must never see; recomputed when an owner's call changed an enrollment. */
const forbiddenOf = (actor: Actor): Forbidden => {
  let value = forbidden.get(actor.name);
  if (!value) forbidden.set(actor.name, (value = forbiddenFor(suite.world, actor)));
  return value;
};

const baselines = new Map<string, Promise<Answer>>();

/** What the route answers this actor for an object nobody owns. */
const baseline = (spec: RouteSpec<unknown>, actor: Actor, target: unknown, counts: RouteStats): Promise<Answer> => {
  const call = spec.build(suite, actor, spec.unknown(suite, target)).call;
  const key = `${actor.name} ${JSON.stringify(call)}`;
  let answer = baselines.get(key);
  if (!answer) {
    counts.requests += 1;
    answer = send(portal, actor, call);
    baselines.set(key, answer);
  }
  return answer;
};

const judge = async (spec: RouteSpec<unknown>, actor: Actor, target: unknown, counts: RouteStats): Promise<void> => {
  const testCase = spec.build(suite, actor, target);
  const answer = await send(portal, actor, testCase.call);
  counts.runs += 1;
  counts.requests += 1;
  counts.roles[testCase.role] += 1;
  counts.statuses[answer.status] = (counts.statuses[answer.status] ?? 0) + 1;
  const where = `${actor.name} → ${testCase.call.method} ${testCase.call.path.slice(0, 120)} (${testCase.role}: ${testCase.label})`;
  try {
    if (answer.status >= 500) fail(`server error ${answer.status}: ${answer.text.slice(0, 200)}`);
    if (testCase.role === 'owner' && testCase.lenient) {
      // Either answer is fine for the owner; nothing more to check than the leak scan below.
    } else if (testCase.role === 'owner') {
      testCase.check?.(answer);
      if (testCase.mustNotSucceed && answer.status >= 200 && answer.status < 300) fail(`succeeded with another person's object in the request: ${answer.text.slice(0, 200)}`);
      if (spec.kind === 'write' && testCase.enrollment) {
        const before = JSON.stringify(testCase.enrollment);
        await suite.world.refresh(testCase.enrollment);
        if (JSON.stringify(testCase.enrollment) !== before) forbidden.clear();
      }
    } else if (testCase.role === 'self') {
      testCase.check?.(answer);
    } else {
      if (answer.status >= 200 && answer.status < 300) fail(`answered ${answer.status} to someone who does not own it: ${answer.text.slice(0, 300)}`);
      if (testCase.role === 'stranger') {
        const expected = await baseline(spec, actor, target, counts);
        // 400: the rest of the request is malformed, which the unknown-object request below shows too.
        if (![...(spec.refusals ?? [401, 403, 404]), 400].includes(answer.status)) fail(`refused with ${answer.status}`);
        if (answer.status !== expected.status || !isDeepStrictEqual(answer.body, expected.body)) {
          fail(`someone else's object is answered differently from an unknown one: ${answer.status} ${answer.text.slice(0, 200)} vs ${expected.status} ${expected.text.slice(0, 200)}`);
        }
      } else if (![400, 401, 403, 404, 405].includes(answer.status)) {
        fail(`an unknown id answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      }
    }
    const leaks = testCase.staffReadsRecords && actor.kind === 'staff' ? [] : leaksIn(answer, forbiddenOf(actor));
    if (leaks.length > 0) fail(`LEAK: ${leaks.join('; ')} in ${answer.status} ${answer.text.slice(0, 300)}`);
  } catch (error) {
    throw new Error(`${where}\n  ${(error as Error).message}`);
  }
};

const runRoute = async (spec: RouteSpec<unknown>): Promise<void> => {
  const counts = stats.get(routeKey(spec))!;
  const actors = fc.constantFrom(...ACTOR_NAMES.map((name) => suite.world.actors[name]));
  const targets = spec.targets(suite);
  const anyPair = fc.tuple(actors, targets);
  const owned = spec.owned;
  const pairs = owned
    ? fc.oneof(
        { weight: 3, arbitrary: anyPair },
        { weight: 1, arbitrary: actors.chain((actor) => { const own = owned(suite, actor); return fc.tuple(fc.constant(actor), own.length > 0 ? fc.constantFrom(...own) : targets); }) },
      )
    : anyPair;
  const begin = Date.now();
  try {
    await fc.assert(
      fc.asyncProperty(pairs, ([actor, target]) => judge(spec, actor, target, counts)),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  } finally {
    counts.ms = Date.now() - begin;
  }
};

/** Runs the routes' properties, PARALLEL at a time; each route's outcome is awaited by its own test. */
const startAll = (): void => {
  const queue = [...ACCESS];
  const outcomes = new Map<string, (outcome: { error: unknown }) => void>();
  for (const spec of ACCESS) results.set(routeKey(spec), new Promise((resolve) => outcomes.set(routeKey(spec), resolve)));
  const worker = async (): Promise<void> => {
    for (let spec = queue.shift(); spec; spec = queue.shift()) {
      let error: unknown = null;
      try {
        await runRoute(spec);
      } catch (caught) {
        error = caught;
      }
      outcomes.get(routeKey(spec))!({ error });
    }
  };
  for (let i = 0; i < PARALLEL; i += 1) void worker();
};

beforeAll(async () => {
  started = Date.now();
  portal = await startTestPortal({
    worker: false,
    sandbox: {
      log: (line: string) => {
        providerCalls += 1;
        providerLines.push(line);
        if (providerLines.length > 50) providerLines.shift();
      },
    },
  });
  const world = await buildWorld(portal);
  const card = await stripeCall(
    portal.sandbox.url,
    'POST',
    '/v1/payment_methods',
    { type: 'card', 'card[number]': '4000000000000002', 'card[exp_month]': '12', 'card[exp_year]': '2031', 'card[cvc]': '123' },
    { key: 'pk_test_portal_sandbox' },
  );
  if (card.status !== 200) throw new Error(`declined test card: ${card.status}`);
  suite = { world, declinedCard: (card.body as { id: string }).id };
  for (const spec of ACCESS) stats.set(routeKey(spec), newStats());
  setupMs = Date.now() - started;
  startAll();
}, 180_000);

afterAll(async () => {
  const lines = [...stats].map(
    ([key, s]) =>
      `  ${key.padEnd(56)} runs ${String(s.runs).padStart(5)}  owner ${String(s.roles.owner).padStart(4)}  stranger ${String(s.roles.stranger).padStart(4)}  unknown ${String(s.roles.unknown).padStart(4)}  self ${String(s.roles.self).padStart(4)}  ${(s.ms / 1000).toFixed(1).padStart(5)} s  statuses ${JSON.stringify(s.statuses)}`,
  );
  const all = [...stats.values()];
  const failed = [...results.keys()].length === 0 ? 0 : (await Promise.all([...results.values()])).filter((outcome) => outcome.error !== null).length;
  if (all.length > 0) {
    console.log(
      [
        `OBJECT ACCESS (seed ${SEED}): ${all.length} routes, ${RUNS} runs asked per route, ` +
          `${Math.min(...all.map((s) => s.runs))}–${Math.max(...all.map((s) => s.runs))} made, ${all.reduce((sum, s) => sum + s.requests, 0)} requests, ` +
          `setup ${(setupMs / 1000).toFixed(1)} s, total ${((Date.now() - started) / 1000).toFixed(1)} s, routes failing: ${failed}, leaks: ${failed === 0 ? 0 : 'see failures'}; ` +
          `${providerChecked} refusals re-sent one by one while counting provider requests`,
        ...lines,
      ].join('\n'),
    );
  }
  await portal?.close();
});

describe('the route table', () => {
  it('names every registered route: one that takes an id or acts for a patient is in ACCESS, any other in NO_OBJECT', async () => {
    const registered = await registeredRoutes(portal);
    const access = new Set(ACCESS.map(routeKey));
    const unclassified = registered.map(routeKey).filter((key) => !access.has(key) && !(key in NO_OBJECT));
    expect(unclassified).toEqual([]);
    const parameterisedElsewhere = registered.filter((r) => r.path.includes(':') && !access.has(routeKey(r))).map(routeKey);
    expect(parameterisedElsewhere).toEqual([]);
    const stale = [...access, ...Object.keys(NO_OBJECT)].filter((key) => !registered.some((r) => routeKey(r) === key));
    expect(stale).toEqual([]);
  }, 30_000);
});

describe.each(ACCESS.map((spec) => [routeKey(spec), spec.takes] as const))('%s', (key, takes) => {
  it(`is served only to its owner (${takes})`, async () => {
    const outcome = await results.get(key)!;
    if (outcome.error !== null) throw outcome.error;
    expect(stats.get(key)!.runs).toBeGreaterThanOrEqual(RUNS);
  }, 900_000);
});

describe('refusals', () => {
  /** Resolves once the sandbox has answered nothing for `quietMs` (webhook deliveries settle). */
  const quiet = async (quietMs = 1_000): Promise<void> => {
    for (let last = providerCalls, since = Date.now(); Date.now() - since < quietMs; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (providerCalls !== last) [last, since] = [providerCalls, Date.now()];
    }
  };

  it("someone else's object, or an unknown one, is refused before any provider is called", async () => {
    await Promise.all([...results.values()]);
    await quiet();
    const PER_ROUTE = 12;
    const failures: string[] = [];
    for (const spec of ACCESS) {
      const actors = ACTOR_NAMES.map((name) => suite.world.actors[name]);
      const targets = fc.sample(spec.targets(suite), { numRuns: 80, seed: SEED });
      const cases = targets.flatMap((target, i) => {
        const actor = actors[i % actors.length]!;
        const built = spec.build(suite, actor, target);
        return built.role === 'stranger' || built.role === 'unknown' ? [{ actor, built }] : [];
      });
      for (const { actor, built } of cases.slice(0, PER_ROUTE)) {
        const before = providerCalls;
        let answer = await send(portal, actor, built.call);
        if (providerCalls !== before) {
          // Something else may have reached the sandbox meanwhile (a late webhook): ask again in the quiet.
          await quiet();
          const again = providerCalls;
          answer = await send(portal, actor, built.call);
          if (providerCalls !== again) failures.push(`${actor.name} → ${built.call.method} ${built.call.path.slice(0, 100)} (${built.label}): ${answer.status}, provider called: ${providerLines.slice(-(providerCalls - again)).join(' | ')}`);
        }
        providerChecked += 1;
      }
    }
    expect(failures).toEqual([]);
    expect(providerChecked).toBeGreaterThan(ACCESS.length * 4);
  }, 300_000);
});
