/**
 * Fuzz suite for security finding 5, "Bad input reaches the database or a provider": every route
 * of the API gets generated bodies, query strings, headers and path ids (wrong types, long
 * strings up to ~260 KB, control characters, lone surrogates, deep nesting, huge numbers, arrays
 * where objects belong, prototype keys) from an unauthenticated caller and from a verified
 * guest, a provider-login session and a staff bearer where the route serves them. Every answer
 * must be:
 * - below 500 (the one exception: 501 for an HTTP method the API does not implement at all);
 * - never a provider outage (503 'Health record unavailable' and friends) for our own bad input;
 * - JSON with an `error` for every error under /api/ (3xx redirects of the sign-in routes and
 *   HEAD answers have no JSON body);
 * - free of internals: stack frames, file paths, SQL, database or provider error texts.
 * The server must not log an 'unhandled error' either.
 *
 * ROUTES below lists every route; a test compares it with what the Koa routers register, so a
 * new route fails this suite until it is fuzzed. Runs are seeded: FUZZ_SEED=<n> replays another
 * set, FUZZ_RUNS=<n> sends more per route and caller (default 10).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import net from 'node:net';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { sha256 } from '../../auth/tokens.ts';
import { jsonCall, signedEnrollment, signedInForEnrollment, type PortalBrowser } from '../../../../../tools/src/testing/enrollment-flow.ts';
import { verifiedGuest, type VerifiedGuest } from '../../../../../tools/src/testing/guest.ts';
import { startTestPortal, type TestPortal } from '../../../../../tools/src/testing/portal.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const CONCURRENCY = 4;

// ---------------------------------------------------------------------------------------------
// The fixture: a portal, a verified guest, Margaret signed in with an enrollment at the payment
// step (subscription and invoice in the sandbox's Stripe), a staff bearer token.

type Caller = 'none' | 'guest' | 'session' | 'staff';

interface Fixture {
  readonly url: string;
  readonly guest: VerifiedGuest;
  readonly margaret: PortalBrowser;
  readonly staffToken: string;
  readonly staffEmail: string;
  readonly enrollmentId: string;
  readonly documentId: string;
  readonly invoiceId: string;
  readonly subscriptionId: string;
}

let portal: TestPortal;
let fixture: Fixture;

beforeAll(async () => {
  portal = await startTestPortal({ env: { STRIPE_TIMEOUT_MS: '3000', ATHENA_TIMEOUT_MS: '3000', SIGNWELL_TIMEOUT_MS: '3000' } });
  const guest = await verifiedGuest(portal, 'fuzz.guest@example.com', '4015550177');
  const margaret = await signedInForEnrollment(portal.url, PATIENT_IDS.margaret);
  const enrollmentId = await signedEnrollment(portal.url, margaret, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan');
  const setup = await jsonCall(margaret, portal.url, 'POST', `/api/enrollments/${enrollmentId}/create-subscription`);
  if (setup.status !== 200) throw new Error(`create-subscription answered ${setup.status}`);
  const row = await portal.db.knex('enrollments').where({ id: enrollmentId }).first('signwellDocumentId');
  const staffEmail = 'fuzz.staff@practice.example';
  const staffToken = `fuzzstafftoken_${'s'.repeat(30)}`;
  const now = new Date();
  await portal.db.knex('staff_emails').insert({ email: staffEmail, name: 'Fuzz Staff' });
  await portal.db.knex('staff_sessions').insert({
    email: staffEmail,
    sessionToken: sha256(staffToken),
    verified: true,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 12 * 3_600_000),
    lastSeenAt: now,
  });
  fixture = {
    url: portal.url,
    guest,
    margaret,
    staffToken,
    staffEmail,
    enrollmentId,
    documentId: String(row.signwellDocumentId),
    invoiceId: String(setup.body.invoiceId),
    subscriptionId: String(setup.body.subscriptionId),
  };
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

// ---------------------------------------------------------------------------------------------
// Every route of the API. `body` is a body the route accepts (or gets far with): the fuzzer
// mostly changes a few of its fields, so the rest passes and the bad value reaches deep code.

interface RouteSpec {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
  /** The real value of the path's `:id` when it is not an enrollment (a patient or appointment id). */
  readonly id?: (f: Fixture) => string;
  readonly callers: ReadonlyArray<Caller>;
  readonly body?: (f: Fixture) => Record<string, unknown>;
  readonly query?: (f: Fixture) => Record<string, string>;
  /** Extra request headers the route reads, fuzzed like the auth headers. */
  readonly headers?: ReadonlyArray<string>;
}

const OBJECT_CALLERS: ReadonlyArray<Caller> = ['none', 'guest', 'session'];

/** A booking the fuzzed callers may not make (no membership), so the fuzzer books nothing. */
const BOOKING_BODY = { providerId: '1', appointmentId: '1000001', appointmentDate: '12/01/2026', appointmentTime: '09:00', appointmentTypeId: '2' };

const newPatientForm = (f: Fixture): Record<string, unknown> => ({
  patientStatus: 'new',
  firstName: 'Quinn',
  lastName: 'Fuzzington',
  dateOfBirth: '1985-03-09',
  email: f.guest.email,
  phone: f.guest.phone.slice(2),
  address1: '5 Oak Street',
  address2: 'Unit 2',
  city: 'Warwick',
  state: 'RI',
  zipCode: '02886',
  fullSSN: '900-99-0555',
  sex: 'M',
  emergencyContactName: 'Robin Fuzzington',
  emergencyContactPhone: '4015550188',
  contactrelationship: 'SPOUSE',
  department: '2',
  preferredProvider: '8',
  membershipTier: '120_annual',
  hasMedicareInsurance: 'no',
  isGuardianSigning: false,
  verificationToken: f.guest.verificationToken,
});

const ROUTES: ReadonlyArray<RouteSpec> = [
  // health.router.ts, config.router.ts
  { method: 'GET', path: '/api/health', callers: ['none'] },
  { method: 'GET', path: '/api/ready', callers: ['none'] },
  { method: 'GET', path: '/api/config', callers: ['none'] },
  { method: 'GET', path: '/api/config/practice', callers: ['none'] },
  // client-errors.router.ts
  { method: 'POST', path: '/api/client-errors', callers: ['none', 'session'], body: () => ({ kind: 'contract-mismatch', method: 'GET', path: '/api/dashboard/subscription-status', fields: ['subscriptions.status'] }) },
  // auth.router.ts
  { method: 'GET', path: '/api/auth/config', callers: ['none'] },
  { method: 'GET', path: '/api/auth/athena', callers: ['none', 'session'], query: () => ({ workflow: 'enrollment', redirect: '/enrollment' }) },
  { method: 'GET', path: '/api/auth/callback', callers: ['none'], query: () => ({ code: 'fuzz-code', state: 'fuzz-state', error: 'access_denied' }) },
  { method: 'GET', path: '/api/auth/session', callers: ['none', 'session'] },
  { method: 'GET', path: '/api/auth/status', callers: ['none', 'session'] },
  { method: 'POST', path: '/api/auth/session/extend', callers: ['none', 'session'], body: () => ({}) },
  {
    method: 'POST',
    path: '/api/auth/update-session',
    callers: ['none', 'session'],
    body: () => ({ practiceLocation: '1', workflowType: 'enrollment', hasMedicareInsurance: 'no', selectedContactId: '5101', selectedContactType: 'patient', billingEmail: 'billing@example.com' }),
  },
  // Only unauthenticated: a session's logout would end the session the other routes use.
  { method: 'POST', path: '/api/auth/logout', callers: ['none'], body: () => ({}) },
  { method: 'GET', path: '/api/oauth/patient-contacts', callers: ['none', 'session'] },
  // payments.router.ts
  { method: 'POST', path: '/api/enrollments/:id/create-subscription', callers: OBJECT_CALLERS, body: () => ({}) },
  {
    method: 'POST',
    path: '/api/stripe/pay-invoice',
    callers: OBJECT_CALLERS,
    body: (f) => ({ invoiceId: f.invoiceId, paymentMethodId: 'pm_fuzzNoSuchMethod0001', subscriptionId: f.subscriptionId }),
  },
  { method: 'POST', path: '/api/enrollments/:id/payment', callers: OBJECT_CALLERS, body: () => ({ billingEmail: 'billing.fuzz@example.com' }) },
  { method: 'POST', path: '/api/enrollments/:id/reactivate-subscription', callers: OBJECT_CALLERS, body: () => ({ confirmed: true }) },
  { method: 'GET', path: '/api/enrollments/:id/complete', callers: OBJECT_CALLERS },
  { method: 'GET', path: '/api/stripe/customer-check', callers: OBJECT_CALLERS },
  { method: 'POST', path: '/api/stripe/portal-session', callers: OBJECT_CALLERS, body: () => ({}) },
  {
    method: 'POST',
    path: '/api/stripe/webhook',
    callers: ['none'],
    body: () => ({ id: 'evt_fuzz', object: 'event', type: 'invoice.paid', data: { object: { id: 'in_fuzz', object: 'invoice' } } }),
    headers: ['Stripe-Signature'],
  },
  // verification.router.ts
  { method: 'POST', path: '/api/verify-email/send-otp', callers: ['none'], body: () => ({ email: 'fuzz.sender@example.com', 'cf-turnstile-response': 'fuzz-human-token' }) },
  { method: 'POST', path: '/api/verify-email/verify-otp', callers: ['none'], body: () => ({ email: 'fuzz.sender@example.com', code: '123456' }) },
  { method: 'POST', path: '/api/verify-email/check-session', callers: ['none'], body: (f) => ({ email: f.guest.email }), headers: ['X-Email-Session'] },
  { method: 'POST', path: '/api/verify-phone', callers: ['none'], body: () => ({ emailSessionToken: 'es_fuzz.token', firebaseIdToken: 'fuzz.id.token', phone: '4015550177' }) },
  { method: 'GET', path: '/api/guest/session', callers: ['none', 'guest'] },
  // staff.router.ts, document-submissions.router.ts
  { method: 'POST', path: '/api/staff/send-otp', callers: ['none'], body: () => ({ email: 'someone@practice.example', 'cf-turnstile-response': 'fuzz-human-token' }) },
  { method: 'POST', path: '/api/staff/verify-otp', callers: ['none'], body: () => ({ sessionToken: 'fuzzSessionToken_0123456789abcdef', otpCode: '123456' }) },
  { method: 'POST', path: '/api/staff/verify-session', callers: ['none', 'staff'], body: (f) => ({ email: f.staffEmail }) },
  // Only with fuzzed tokens: the real one would end the staff session the other routes use.
  { method: 'POST', path: '/api/staff/logout', callers: ['none'], body: () => ({}) },
  { method: 'GET', path: '/api/staff/document-submissions', callers: ['none', 'staff'], query: () => ({ status: 'failed', limit: '10' }) },
  // staff-portal.router.ts
  { method: 'POST', path: '/api/staff/patient-search', callers: ['none', 'staff'], body: () => ({ firstName: 'Margaret', lastName: 'Sullivan', dateOfBirth: '04/12/1979' }) },
  { method: 'POST', path: '/api/staff/patient-details', callers: ['none', 'staff'], body: () => ({ patientId: '5101' }) },
  {
    method: 'POST',
    path: '/api/staff/create-subscription',
    callers: ['none', 'staff'],
    body: () => ({
      patientId: '5108',
      membershipTier: '120_annual',
      email: 'billing.fuzz@example.com',
      address: { line1: '55 Lonsdale Avenue', line2: '', city: 'Lincoln', state: 'RI', postalCode: '02865' },
      paymentMethod: 'manual_payment',
      patientName: 'Olivia Hart',
      department: '1',
    }),
  },
  // staff-records.router.ts, staff-appointments.router.ts
  { method: 'GET', path: '/api/staff/report', callers: ['none', 'staff'], query: () => ({ from: '2026-01-01', to: '2026-03-31' }) },
  { method: 'POST', path: '/api/staff/patient-record', callers: ['none', 'staff'], body: () => ({ patientId: '5101' }) },
  { method: 'POST', path: '/api/staff/appointments/cancel', callers: ['none', 'staff'], body: () => ({ appointmentId: '999991', reason: 'Patient phoned' }) },
  {
    method: 'POST',
    path: '/api/staff/appointments/reschedule',
    callers: ['none', 'staff'],
    body: () => ({ existingAppointmentId: '999991', appointmentId: '999992', appointmentTypeId: '2', reason: 'Patient phoned' }),
  },
  { method: 'GET', path: '/api/staff/appointments/availability', callers: ['none', 'staff'], query: () => ({ departmentId: '1', providerId: 'any', appointmentTypeId: '2', week: '1' }) },
  // enrollments.router.ts
  { method: 'POST', path: '/api/enrollments', callers: ['none', 'guest'], body: newPatientForm },
  { method: 'POST', path: '/api/enrollments/oauth', callers: ['none', 'session'], body: () => ({ patientId: '5101', practiceLocation: '1', membershipTier: '70_biannual' }) },
  { method: 'GET', path: '/api/enrollments/:id', callers: OBJECT_CALLERS },
  { method: 'POST', path: '/api/enrollments/:id/create-document', callers: OBJECT_CALLERS, body: () => ({}) },
  { method: 'POST', path: '/api/enrollments/:id/create-privacy-document', callers: OBJECT_CALLERS, body: () => ({}) },
  { method: 'POST', path: '/api/enrollments/:id/signature', callers: OBJECT_CALLERS, body: (f) => ({ documentId: f.documentId }) },
  { method: 'POST', path: '/api/enrollments/:id/privacy-signature', callers: OBJECT_CALLERS, body: (f) => ({ documentId: f.documentId }) },
  { method: 'GET', path: '/api/signwell/verify-completion/:documentId', callers: OBJECT_CALLERS },
  // dashboard.router.ts, providers.router.ts
  { method: 'GET', path: '/api/dashboard/subscription-status', callers: OBJECT_CALLERS },
  { method: 'POST', path: '/api/dashboard/subscription-status/refresh', callers: OBJECT_CALLERS, body: () => ({}) },
  // nurse-line.router.ts
  { method: 'GET', path: '/api/nurse-line', callers: OBJECT_CALLERS },
  { method: 'GET', path: '/api/providers', callers: ['none'], query: () => ({ locationId: '1' }) },
  // language.router.ts
  { method: 'PUT', path: '/api/me/language', callers: OBJECT_CALLERS, body: () => ({ locale: 'es-US' }) },
  // appointments.router.ts
  { method: 'GET', path: '/api/appointment-types', callers: OBJECT_CALLERS, query: () => ({ providerId: 'any' }) },
  { method: 'GET', path: '/api/appointments/availability', callers: OBJECT_CALLERS, query: () => ({ departmentId: '1', providerId: 'any', appointmentTypeId: '2', week: '1' }) },
  {
    method: 'POST',
    path: '/api/appointments/patient-info',
    callers: OBJECT_CALLERS,
    body: (f) => ({ isGuardianSigning: false, firstName: 'Quinn', lastName: 'Fuzzington', dateOfBirth: '03/09/1985', email: f.guest.email, phone: f.guest.phone.slice(2), zipCode: '02886', lastFourSSN: '0555', patientStatus: 'existing', department: '1' }),
  },
  { method: 'POST', path: '/api/appointments/:id/book', callers: OBJECT_CALLERS, id: () => '5101', body: () => BOOKING_BODY },
  { method: 'POST', path: '/api/appointments/:id/reschedule', callers: OBJECT_CALLERS, id: () => '5101', body: () => ({ ...BOOKING_BODY, existingAppointmentId: '1000002', providerName: 'Dr. Fuzz' }) },
  { method: 'PUT', path: '/api/appointments/:id/cancel', callers: OBJECT_CALLERS, id: () => '1000001' },
  { method: 'GET', path: '/api/dashboard/upcoming-appointments', callers: OBJECT_CALLERS },
  { method: 'GET', path: '/api/appointments/:id/calendar.ics', callers: OBJECT_CALLERS, id: () => '1000001' },
  { method: 'PUT', path: '/api/appointments/:id/waitlist', callers: OBJECT_CALLERS, id: () => '1000001', body: () => ({ scope: 'any-provider' }) },
  { method: 'POST', path: '/api/waitlist-offers/view', callers: OBJECT_CALLERS, body: () => ({ token: 'eyJhbGciOiJIUzI1NiJ9.eyJvZmZlciI6IjEifQ.c2lnbmF0dXJl' }) },
  { method: 'POST', path: '/api/waitlist-offers/take', callers: OBJECT_CALLERS, body: () => ({ token: 'eyJhbGciOiJIUzI1NiJ9.eyJvZmZlciI6IjEifQ.c2lnbmF0dXJl' }) },
];

// ---------------------------------------------------------------------------------------------
// Generators

const CONTROL = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f', '\u2028', '\u2029', '\u202e', '\u2066', '\ud800', '\udfff', '\ufeff', '\r\n', '\t'];
const control = fc.constantFrom(...CONTROL);

/** Lengths: mostly small, sometimes past any field limit, rarely near the 256 KB body limit. */
const length = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 400 }) },
  { weight: 3, arbitrary: fc.integer({ min: 400, max: 20_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 20_000, max: 255_000 }) },
);

const TRICKY = [
  "' OR 1=1 --",
  '"; DROP TABLE enrollments; --',
  '${7*7}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'NaN',
  '__proto__',
  'constructor',
  'pm_',
  'sub_',
  'in_',
  'cus_',
  'verified_',
  ' ',
  '',
  'Zoë Ångström-Nuñez',
  '李小龍',
  'محمد',
  '👩‍👩‍👧‍👦',
  'a@b',
  '@',
  '9'.repeat(40),
  '-1',
  '0',
  '1e309',
];

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.tuple(fc.string({ maxLength: 12 }), control, fc.string({ maxLength: 12 })).map(([a, c, b]) => `${a}${c}${b}`) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('a', 'é', '\u0000', '9', '@', '😀', ' ', '\ud800'), length).map(([ch, n]) => ch.repeat(Math.max(1, Math.floor(n / ch.length)))) },
  { weight: 2, arbitrary: fc.constantFrom(...TRICKY) },
);

/** Nested arrays or objects `depth` deep (as a value; the raw-body generator goes deeper). */
const nested = (depth: number, kind: 'array' | 'object'): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
};

const protoObject = (): unknown => JSON.parse('{"__proto__":{"polluted":true,"isAdmin":true},"constructor":{"prototype":{"polluted":true}}}');

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: nastyString },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 5e-324, -0, 5101, 1, 0),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}) },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.constant(null).map(protoObject) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 50, max: 3_000 }), fc.constantFrom<'array' | 'object'>('array', 'object')).map(([depth, kind]) => nested(depth, kind)) },
);

/** Changes that keep a valid value's look: a control character in it, a long head or tail, repeats. */
const shapeMutation = (value: string): fc.Arbitrary<string> =>
  fc.oneof(
    control.map((c) => `${value}${c}`),
    fc.tuple(fc.nat({ max: value.length }), control).map(([at, c]) => `${value.slice(0, at)}${c}${value.slice(at)}`),
    length.map((n) => `${'x'.repeat(n)}${value}`),
    length.map((n) => `${value}${'9'.repeat(n)}`),
    fc.integer({ min: 2, max: 2_000 }).map((n) => value.repeat(n)),
    fc.constant(` ${value.toUpperCase()} `),
  );

const DELETE = Symbol('delete');
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'extra'];

/** A base body with one to three fields replaced (or removed, or added). */
const mutatedBody = (base: Record<string, unknown>): fc.Arbitrary<unknown> => {
  const keys = [...Object.keys(base), ...EXTRA_KEYS];
  const change = fc.constantFrom(...keys).chain((key) => {
    const current = base[key];
    const options: Array<fc.Arbitrary<unknown>> = [nastyValue, fc.constant(DELETE)];
    if (typeof current === 'string') options.push(shapeMutation(current), shapeMutation(current));
    return fc.tuple(fc.constant(key), fc.oneof(...options));
  });
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => {
    const body: Record<string, unknown> = { ...base };
    for (const [key, value] of changes) {
      if (value === DELETE) delete body[key];
      else Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
    }
    return body;
  });
};

/** Bodies that are not what any codec expects, as raw text. */
const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    'nul',
    '[1,2',
    '"\\ud800"',
    '{"email":"\\u0000"}',
    '{"a":1e999}',
    '123456789012345678901234567890123456789',
    '-',
    '\ufeff{}',
    '',
    ' ',
    'true',
    '"a string"',
    '[]',
    '[{}]',
    'null',
    '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
    '{"a":"\\udfff\\ud800"}',
  ),
  fc.integer({ min: 1_000, max: 120_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 1_000, max: 40_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.integer({ min: 257_000, max: 300_000 }).map((n) => JSON.stringify({ email: 'a'.repeat(n) })),
);

const bodyFor = (base: Record<string, unknown> | undefined): fc.Arbitrary<string | undefined> =>
  base === undefined
    ? fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: rawBody })
    : fc.oneof(
        { weight: 6, arbitrary: mutatedBody(base).map((body) => JSON.stringify(body)) },
        { weight: 1, arbitrary: fc.constant(JSON.stringify(base)) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: nastyValue.map((value) => JSON.stringify(value)) },
        { weight: 2, arbitrary: rawBody },
      );

/** Percent-encoding that also writes lone surrogates (as invalid UTF-8), which encodeURIComponent refuses. */
const encodeLoose = (text: string): string => {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(char);
  }
  return out;
};

const RAW_PATH_IDS = ['%00', '%zz', '%', '..%2F..%2Fetc%2Fpasswd', '%E0%A4%A', '%ED%A0%80', '%C0%80', '%2e%2e', '%20', '%u0000', '%0d%0aX-Injected:%201'];

/** A path id: the real one, another well-formed one, or anything, already encoded for the path. */
const pathId = (real: string, wellFormed: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant(real) },
    { weight: 1, arbitrary: wellFormed },
    { weight: 3, arbitrary: nastyString.filter((text) => text.length > 0 && text.length < 6_000).map(encodeLoose) },
    { weight: 1, arbitrary: shapeMutation(real).filter((text) => text.length < 6_000).map(encodeLoose) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_IDS) },
  );

/** Header values fetch can send: printable ASCII and Latin-1, no CR, LF or NUL (those are raw-socket cases below). */
const headerText = (maxLength: number): fc.Arbitrary<string> =>
  fc
    .string({ unit: fc.oneof(fc.integer({ min: 0x21, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }), fc.constant(0x09), fc.constant(0x20)).map((code) => String.fromCharCode(code)), maxLength })
    .map((text) => text.trim());

const headerValue: fc.Arbitrary<string> = fc.oneof(
  headerText(60),
  fc.tuple(fc.constantFrom('verified_', 'Bearer ', 'es_', 'portal_session=', 't=1,v1='), headerText(60)).map(([prefix, rest]) => `${prefix}${rest}`),
  fc.tuple(fc.constantFrom('verified_', 'Bearer ', 'es_', 'portal_session=', ''), fc.integer({ min: 200, max: 3_000 })).map(([prefix, n]) => `${prefix}${'A'.repeat(n)}`),
);

const AUTH_HEADERS = ['X-Verification-Token', 'Authorization', 'X-Email-Session', 'Cookie', 'X-Request-Id', 'User-Agent', 'Accept-Language'];

const headersFor = (extra: ReadonlyArray<string>): fc.Arbitrary<Record<string, string>> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    {
      weight: 2,
      arbitrary: fc
        .record(Object.fromEntries([...AUTH_HEADERS, ...extra].map((name) => [name, headerValue])) as Record<string, fc.Arbitrary<string>>, { requiredKeys: [] })
        .map((headers) => Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined))),
    },
  );

const RAW_QUERIES = ['%', '%zz', 'a[b]=c', '__proto__[polluted]=1', 'constructor[prototype][polluted]=1', 'status=failed&status=failed', 'limit=1&limit=2', 'redirect=//evil.example', 'redirect=%2F%2Fevil.example', 'workflow[]=x', '=', '&&&', 'locationId=%00'];

const queryFor = (base: Record<string, string> | undefined): fc.Arbitrary<string> => {
  const keys = Object.keys(base ?? {});
  const fields =
    keys.length === 0
      ? fc.constant('')
      : fc
          .array(fc.tuple(fc.constantFrom(...keys), fc.oneof(nastyString.filter((text) => text.length < 6_000), ...keys.map((key) => shapeMutation(base![key]!).filter((text) => text.length < 6_000)))), { maxLength: 3 })
          .map((changes) => {
            const values: Record<string, string> = { ...base };
            for (const [key, value] of changes) values[key] = value;
            return Object.entries(values)
              .map(([key, value]) => `${encodeURIComponent(key)}=${encodeLoose(value)}`)
              .join('&');
          });
  return fc.oneof({ weight: 4, arbitrary: fields }, { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) });
};

interface FuzzRequest {
  readonly path: string;
  readonly query: string;
  readonly body: string | undefined;
  readonly headers: Record<string, string>;
}

const requestsFor = (route: RouteSpec, f: Fixture): fc.Arbitrary<FuzzRequest> => {
  const ids: Record<string, fc.Arbitrary<string>> = {
    id: route.id ? pathId(route.id(f), fc.integer({ min: 1, max: 99_999_999 }).map(String)) : pathId(f.enrollmentId, fc.uuid()),
    documentId: pathId(f.documentId, fc.uuid()),
  };
  const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const path = fc.tuple(...params.map((name) => ids[name] ?? nastyString.map(encodeLoose))).map((values) => {
    let out = route.path;
    params.forEach((name, index) => {
      out = out.replace(`:${name}`, values[index]!);
    });
    return out;
  });
  return fc.record({
    path,
    query: queryFor(route.query?.(f)),
    body: route.method === 'GET' ? fc.constant(undefined) : bodyFor(route.body?.(f)),
    headers: headersFor(route.headers ?? []),
  });
};

// ---------------------------------------------------------------------------------------------
// Sending and judging

const callerHeaders = (caller: Caller, f: Fixture): Record<string, string> => {
  switch (caller) {
    case 'none':
      return {};
    case 'guest':
      return { 'X-Verification-Token': f.guest.verificationToken };
    case 'session':
      return { Cookie: f.margaret.jar.header() };
    case 'staff':
      return { Authorization: `Bearer ${f.staffToken}` };
  }
};

interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

const send = async (method: string, url: string, headers: Record<string, string>, body: string | undefined): Promise<Answer | null> => {
  let response: Response;
  try {
    response = await fetch(url, { method, headers, redirect: 'manual', ...(body === undefined ? {} : { body }) });
  } catch (error) {
    // fetch refused to send it (a header value it will not write): nothing reached the server.
    if (error instanceof TypeError && !/fetch failed/.test(error.message)) return null;
    throw error;
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
};

const PROVIDER_OUTAGES = ['Health record unavailable', 'Payment service unavailable', 'Signing service unavailable', 'Billing unavailable'];

/** Texts that only internals produce: stack frames, paths, SQL, driver and provider errors. */
const INTERNALS: ReadonlyArray<RegExp> = [
  /\n\s+at /,
  /\bat [\w$.<>]+ \(/,
  /node_modules/,
  /\/work\/|\/home\/|\/usr\//,
  /\.[cm]?[jt]sx?:\d+/,
  /\bknex\b/i,
  /postgres|pg_|\bsqlstate\b/i,
  /\b(?:select|delete)\s+[\w"*.,\s]+\s+from\s+"/i,
  /\binsert into\b|\bupdate\s+"\w+"\s+set\b/i,
  /syntax error|violates|invalid byte sequence|unsupported unicode escape|invalid input syntax/i,
  /\b(?:TypeError|RangeError|ReferenceError|URIError|SyntaxError|StripeInvalidRequestError|StripeCardError)\b/,
  /\b(?:stripe|athena|signwell) (?:GET|POST|PUT|DELETE)\b/i,
  /resource_missing|invalid_request_error|api_key|idempotency/i,
];

interface Violation {
  readonly route: string;
  readonly caller: string;
  readonly request: string;
  readonly status: number;
  readonly answer: string;
  readonly reason: string;
}

const judge = (method: string, path: string, answer: Answer, options: { readonly allowNotImplemented?: boolean } = {}): string | null => {
  const { status, text } = answer;
  if (status >= 500 && !(status === 501 && options.allowNotImplemented === true)) return `status ${status}`;
  // 204 No Content (PUT /api/me/language) has no body by definition: it must be empty, and is then fine.
  if (status === 204) return text === '' ? null : 'a 204 with a body';
  if (method !== 'HEAD' && path.startsWith('/api/') && !(status >= 300 && status < 400)) {
    if (!/application\/json/.test(answer.contentType)) return `not JSON (${answer.contentType || 'no content type'})`;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return 'unparsable JSON';
    }
    if (status >= 400 && typeof (body as { error?: unknown } | null)?.error !== 'string' && typeof (body as { message?: unknown } | null)?.message !== 'string') {
      return 'error without an error text';
    }
    if (typeof body === 'object' && body !== null && PROVIDER_OUTAGES.includes(String((body as { error?: unknown }).error))) return `provider outage answered: ${String((body as { error?: unknown }).error)}`;
  }
  // A redirect's random values (state, nonce, PKCE challenge) can spell anything, 'pg_' included.
  const scanned = status >= 300 && status < 400 ? text.replace(/[?&](?:amp;)?(?:state|nonce|code_challenge)=[\w-]*/g, '') : text;
  const leak = INTERNALS.find((pattern) => pattern.test(scanned));
  return leak ? `internals in the answer (${leak.source})` : null;
};

const short = (text: string, max = 160): string => {
  const printable = JSON.stringify(text);
  return printable.length > max ? `${printable.slice(0, max)}…(${text.length} chars)` : printable;
};

const violations: Violation[] = [];
const tally = { requests: 0, notSent: 0, byStatus: new Map<number, number>() };

const record = (route: string, caller: string, request: string, answer: Answer | null, reason: string | null): void => {
  if (answer === null) {
    tally.notSent += 1;
    return;
  }
  tally.requests += 1;
  tally.byStatus.set(answer.status, (tally.byStatus.get(answer.status) ?? 0) + 1);
  if (reason !== null) violations.push({ route, caller, request, status: answer.status, answer: short(answer.text, 300), reason });
};

const report = (found: ReadonlyArray<Violation>): string =>
  `${found.length} bad answers (seed ${SEED}; FUZZ_SEED=${SEED} replays them):\n` +
  found
    .slice(0, 15)
    .map((v) => `- ${v.route} as ${v.caller}: ${v.reason}\n    request ${v.request}\n    answer ${v.status} ${v.answer}`)
    .join('\n');

const inBatches = async <T>(items: ReadonlyArray<T>, work: (item: T) => Promise<void>): Promise<void> => {
  for (let i = 0; i < items.length; i += CONCURRENCY) await Promise.all(items.slice(i, i + CONCURRENCY).map(work));
};

const unhandledErrors = (): string[] => portal.logs().filter((line) => /"msg":"unhandled error"/.test(line));

// ---------------------------------------------------------------------------------------------

describe('the fuzz suite covers the API', () => {
  it('lists exactly the routes the Koa routers register', () => {
    const listed = ROUTES.map((route) => `${route.method} ${route.path}`).sort();
    const registered = portal.api.routes.map((route) => `${route.method} ${route.path}`).filter((route) => route.includes(' /api/')).sort();
    expect(listed).toEqual(registered);
  });
});

describe('generated input never gets a 5xx, a provider outage, a non-JSON error or internals', () => {
  it.each(ROUTES.map((route, index) => [`${route.method} ${route.path}`, route, index] as const))('%s', async (name, route, index) => {
    const before = violations.length;
    const logBefore = unhandledErrors().length;
    for (const [callerIndex, caller] of route.callers.entries()) {
      const samples = fc.sample(requestsFor(route, fixture), { numRuns: RUNS, seed: SEED + index * 31 + callerIndex });
      await inBatches(samples, async (sample) => {
        const url = `${fixture.url}${sample.path}${sample.query === '' ? '' : `?${sample.query}`}`;
        const headers: Record<string, string> = {
          Origin: fixture.url,
          ...(sample.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...callerHeaders(caller, fixture),
          ...sample.headers,
        };
        const answer = await send(route.method, url, headers, sample.body);
        const description = `${route.method} ${short(`${sample.path}${sample.query === '' ? '' : `?${sample.query}`}`, 200)} headers ${short(JSON.stringify(sample.headers), 120)} body ${short(sample.body ?? '', 200)}`;
        record(name, caller, description, answer, answer === null ? null : judge(route.method, sample.path, answer));
      });
    }
    const found = violations.slice(before);
    expect(found.length === 0 ? '' : report(found)).toBe('');
    expect(unhandledErrors().slice(logBefore)).toEqual([]);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// Fixed cases: the ones security finding 5 reported, and what fetch cannot send.

const call = async (caller: Caller, method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}) => {
  const headers = { Origin: fixture.url, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...callerHeaders(caller, fixture), ...extraHeaders };
  const answer = (await send(method, `${fixture.url}${path}`, headers, body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)))!;
  record(`${method} ${path.slice(0, 60)}`, caller, `${method} ${path.slice(0, 80)}`, answer, judge(method, path, answer, { allowNotImplemented: true }));
  return { ...answer, json: answer.text === '' ? null : (JSON.parse(answer.text) as Record<string, any>) };
};

/** Bytes fetch will not send (control characters in headers, oversized headers), over a plain socket. */
const rawRequest = (head: string, body = ''): Promise<{ status: number; contentType: string; body: string }> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(fixture.url);
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      data += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [headText = '', body = ''] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headText)?.[1] ?? 0);
      const contentType = /\r\ncontent-type: ([^\r\n]+)/i.exec(headText)?.[1] ?? '';
      resolve({ status, contentType, body });
    });
    // write, not end: a half-closed socket may be closed by the server before its answer is ready.
    socket.write(Buffer.from(`${head}\r\nConnection: close\r\n\r\n${body}`, 'latin1'));
  });

describe('the reported cases', () => {
  it('a NUL or a wrong shape in a path id is the 404 of a missing object', async () => {
    for (const id of ['abc%00def', `${'1'.repeat(36)}`, '%ED%A0%80', encodeLoose(`${'f'.repeat(5_000)}`), `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}%00`]) {
      for (const caller of OBJECT_CALLERS) {
        const answer = await call(caller, 'GET', `/api/enrollments/${id}`);
        expect({ id, caller, status: answer.status, body: answer.json }).toEqual({ id, caller, status: 404, body: { error: 'Not Found', message: 'Enrollment not found.' } });
      }
      const signed = await call('session', 'POST', `/api/enrollments/${id}/signature`, { documentId: fixture.documentId });
      expect(signed.status).toBe(404);
      const verify = await call('session', 'GET', `/api/signwell/verify-completion/${id}`);
      expect(verify.status).toBe(404);
    }
  });

  it('patientId, billingEmail and contact ids with a NUL, or far too long, are a 400 naming the field', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/enrollments/oauth', { patientId: '51\u000001', practiceLocation: '1', membershipTier: '120_annual' }, 'patientId'],
      ['/api/enrollments/oauth', { patientId: '9'.repeat(5_000), practiceLocation: '1', membershipTier: '120_annual' }, 'patientId'],
      ['/api/auth/update-session', { billingEmail: 'bill\u0000ing@example.com' }, 'billingEmail'],
      ['/api/auth/update-session', { billingEmail: `${'b'.repeat(300)}@example.com` }, 'billingEmail'],
      ['/api/auth/update-session', { practiceLocation: '1', workflowType: 'enrollment', selectedContactId: '5101\u0000', selectedContactType: 'patient' }, 'selectedContactId'],
    ];
    for (const [path, body, field] of cases) {
      const answer = await call('session', 'POST', path, body);
      expect({ path, status: answer.status, field: answer.json?.errors?.[0]?.field }).toEqual({ path, status: 400, field });
    }
    const payment = await call('session', 'POST', `/api/enrollments/${fixture.enrollmentId}/payment`, { billingEmail: 'a\u0000b@example.com' });
    expect(payment.status).toBe(400);
  });

  it('a staff email with a NUL or 200 KB long is a 400', async () => {
    for (const email of ['nurse\u0000@practice.example', `${'n'.repeat(200_000)}@practice.example`]) {
      const answer = await call('none', 'POST', '/api/staff/send-otp', { email });
      expect({ status: answer.status, field: answer.json?.errors?.[0]?.field }).toEqual({ status: 400, field: 'email' });
    }
  });

  it('pay-invoice: an unknown or over-long payment method, or a NUL in the subscription, is a 400, never a 500', async () => {
    const base = { invoiceId: fixture.invoiceId, subscriptionId: fixture.subscriptionId };
    for (const body of [
      { ...base, paymentMethodId: 'pm_doesNotExist00000000' },
      { ...base, paymentMethodId: `pm_${'a'.repeat(300)}` },
      { ...base, paymentMethodId: 'card_doesNotExist0000' },
      { ...base, paymentMethodId: 'pm_\u0000' },
      { ...base, paymentMethodId: 'pm_x', subscriptionId: `${fixture.subscriptionId}\u0000` },
      { ...base, paymentMethodId: 'pm_x', invoiceId: `in_${'9'.repeat(2_000)}` },
    ]) {
      const answer = await call('session', 'POST', '/api/stripe/pay-invoice', body);
      expect({ status: answer.status, error: typeof answer.json?.error }).toEqual({ status: 400, error: 'string' });
    }
    const unknown = await call('session', 'POST', '/api/stripe/pay-invoice', { ...base, paymentMethodId: 'pm_doesNotExist00000000' });
    expect(unknown.json).toMatchObject({ message: expect.stringMatching(/payment method/i) });
  });

  it('oversized or NUL names in the guest form are a 400 naming the field, not a health record outage', async () => {
    const form = newPatientForm(fixture);
    for (const [field, value] of [
      ['firstName', 'Q'.repeat(5_000)],
      ['lastName', 'Fuzz\u0000ington'],
      ['city', 'W'.repeat(100_000)],
      ['emergencyContactName', 'Robin\u0007'],
      ['guardianFirstName', 'x'.repeat(1_000)],
      ['preferredProvider', '9'.repeat(3_000)],
    ] as const) {
      const answer = await call('guest', 'POST', '/api/enrollments', { ...form, [field]: value, ...(field === 'guardianFirstName' ? { isGuardianSigning: true } : {}) });
      expect({ field, status: answer.status, errorField: answer.json?.errors?.[0]?.field }).toEqual({ field, status: 400, errorField: field });
    }
  });

  it('a wrong method is a JSON 405, an unknown method a JSON 501', async () => {
    for (const route of ROUTES) {
      const real = (path: string) => path.replace(':id', route.id?.(fixture) ?? fixture.enrollmentId).replace(':documentId', fixture.documentId);
      const taken = new Set(ROUTES.filter((other) => other.path === route.path).map((other) => other.method));
      const method = ['PUT', 'DELETE', 'PATCH'].find((candidate) => !taken.has(candidate as 'GET'))!;
      const answer = await call('none', method, real(route.path), method === 'DELETE' ? undefined : {});
      expect({ path: route.path, method, status: answer.status, body: answer.json }).toEqual({ path: route.path, method, status: 405, body: { error: 'Method Not Allowed' } });
    }
    const unknown = await call('none', 'PROPFIND', '/api/health');
    expect({ status: unknown.status, body: unknown.json }).toEqual({ status: 501, body: { error: 'Not Implemented' } });
  });

  it('huge or control-character header values never cause a 5xx', async () => {
    const host = new URL(fixture.url).host;
    const requests: Array<[string, string]> = [
      [`GET /api/guest/session HTTP/1.1\r\nHost: ${host}\r\nX-Verification-Token: verified_\u0001abc`, ''],
      [`GET /api/staff/document-submissions HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer \u0000${'a'.repeat(30)}`, ''],
      [`POST /api/verify-email/check-session HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${fixture.url}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nX-Email-Session: es_\u007f\u0085`, '{}'],
      [`GET /api/guest/session HTTP/1.1\r\nHost: ${host}\r\nX-Verification-Token: verified_${'A'.repeat(40_000)}`, ''],
      [`GET /api/auth/session HTTP/1.1\r\nHost: ${host}\r\nCookie: portal_session=${'\u00e9'.repeat(10_000)}`, ''],
    ];
    for (const [head, body] of requests) {
      const answer = await rawRequest(head, body);
      expect({ head: head.slice(0, 60), answered: answer.status < 500 && answer.status >= 200, answer: answer.status < 500 && answer.status >= 200 ? '' : `${answer.status} ${answer.body.slice(0, 200)}` }).toEqual({
        head: head.slice(0, 60),
        answered: true,
        answer: '',
      });
      expect(answer.contentType).toMatch(/application\/json/);
      expect(() => JSON.parse(answer.body)).not.toThrow();
    }
    for (const [name, value] of [
      ['X-Verification-Token', `verified_${'é'.repeat(8_000)}`],
      ['Authorization', `Bearer ${'a'.repeat(10_000)}`],
      ['X-Email-Session', `es_${'\u00ff'.repeat(8_000)}`],
    ] as const) {
      const answer = await call('none', 'GET', '/api/guest/session', undefined, { [name]: value });
      expect(answer.status).toBeLessThan(500);
    }
  });
});

afterAll(() => {
  const statuses = [...tally.byStatus.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
  process.stdout.write(`fuzz: seed ${SEED}, ${RUNS} runs per route and caller, ${ROUTES.length} routes, ${tally.requests} answers (${tally.notSent} not sendable), ${violations.length} bad: ${statuses}\n`);
});
