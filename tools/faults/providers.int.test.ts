/**
 * Faults (issue 16): each provider down, then slow (5 s), against the real API and the provider
 * sandbox over HTTP. Down: the request answers the spec's (or a clear) message, nothing is left
 * half-written in PostgreSQL or at the provider, and the same request succeeds once the provider
 * is back. Slow: every provider's request at once, each either completes or answers a clear
 * message within its adapter's timeout (which one is printed and asserted).
 */
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { PATIENT_IDS, STRIPE_SECRET_KEY, type FaultProvider } from '@portal/provider-sandbox';
import { HEALTH_RECORD_UNAVAILABLE_MESSAGE, PAYMENT_UNAVAILABLE_MESSAGE, SIGNING_UNAVAILABLE_MESSAGE } from '../../apps/api/src/http/errors.ts';
import { SECURITY_CHECK_REQUIRED } from '../../apps/api/src/http/verification.router.ts';
import { firebasePhoneSignIn, inboxMessages, submitSigningPage } from '../../apps/provider-sandbox/src/testing.ts';
import { jsonCall, signedEnrollment, signedInForEnrollment, type PortalBrowser } from '../src/testing/enrollment-flow.ts';
import { startTestPortal, type TestPortal } from '../src/testing/portal.ts';
import { CookieJar } from '../src/testing/sign-in.ts';
import { clearFaults, providerMode, report } from './support.ts';

let portal: TestPortal;
let margaret: PortalBrowser;
let olivia: PortalBrowser;
let jordan: PortalBrowser;
/** Margaret's signed enrollment (for the card provider). */
let paying: string;
/** Jordan's enrollment waiting for its agreement (for the signing provider). */
let signing: string;

beforeAll(async () => {
  portal = await startTestPortal({ worker: { pollIntervalMs: 100 } });
  [margaret, olivia, jordan] = await Promise.all([
    signedInForEnrollment(portal.url, PATIENT_IDS.margaret),
    signedInForEnrollment(portal.url, PATIENT_IDS.olivia),
    signedInForEnrollment(portal.url, PATIENT_IDS.jordan),
  ]);
  paying = await signedEnrollment(portal.url, margaret, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan');
  const created = await jsonCall(jordan, portal.url, 'POST', '/api/enrollments/oauth', { patientId: String(PATIENT_IDS.jordan), practiceLocation: '1', membershipTier: '70_biannual' });
  if (created.status !== 201) throw new Error(`enrollment answered ${created.status}`);
  signing = created.body.id as string;
}, 120_000);

afterEach(async () => {
  await clearFaults(portal.sandbox.url);
});

afterAll(async () => {
  await portal?.close();
}, 30_000);

const down = (provider: FaultProvider) => providerMode(portal.sandbox.url, provider, 'down');
const up = (provider: FaultProvider) => providerMode(portal.sandbox.url, provider, 'up');

const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = performance.now();
  const value = await work();
  return { value, ms: Math.round(performance.now() - started) };
};

const stripeGet = async (path: string): Promise<any> => (await fetch(`${portal.sandbox.url}${path}`, { headers: { Authorization: `Bearer ${STRIPE_SECRET_KEY}` } })).json();

const count = async (table: string, where: Record<string, unknown>): Promise<number> => Number(((await portal.db.knex(table).where(where).count({ n: '*' })) as Array<{ n: string }>)[0]!.n);

const humanToken = async (): Promise<string> => {
  const response = await fetch(`${portal.sandbox.url}/turnstile/v0/issue`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ sitekey: 'sandbox-turnstile-sitekey' }) });
  return ((await response.json()) as { token: string }).token;
};

/** The guest's email-code request, as the browser sends it (the device cookie kept in `jar`). */
const sendCode = async (email: string, jar: CookieJar, human?: string) => {
  const cookie = jar.header();
  const response = await fetch(`${portal.url}/api/verify-email/send-otp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: portal.url, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({ email, 'cf-turnstile-response': human ?? (await humanToken()) }),
  });
  jar.store(response);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

it('health record down: 503 with its message, no enrollment stored; back up: the same request enrolls', async () => {
  await down('athena');
  const body = { patientId: String(PATIENT_IDS.olivia), practiceLocation: '1', membershipTier: '120_annual' };
  const during = await timed(() => jsonCall(olivia, portal.url, 'POST', '/api/enrollments/oauth', body));
  expect(during.value.status).toBe(503);
  expect(during.value.body).toMatchObject({ message: HEALTH_RECORD_UNAVAILABLE_MESSAGE });
  expect(await count('enrollments', { athenaPatientId: String(PATIENT_IDS.olivia) })).toBe(0);
  await up('athena');
  const after = await timed(() => jsonCall(olivia, portal.url, 'POST', '/api/enrollments/oauth', body));
  expect(after.value.status).toBe(201);
  expect(await count('enrollments', { athenaPatientId: String(PATIENT_IDS.olivia) })).toBe(1);
  report({ fault: 'health record (athena) down', lost: 'nothing (no enrollment row)', recoveryMs: after.ms, detail: `503 in ${during.ms} ms (reads retried twice); next request after up: 201` });
}, 30_000);

it('card provider down: 503 with its message, no customer or subscription here or at Stripe; back up: one subscription', async () => {
  await down('stripe');
  const during = await timed(() => jsonCall(margaret, portal.url, 'POST', `/api/enrollments/${paying}/create-subscription`));
  expect(during.value.status).toBe(503);
  expect(during.value.body).toMatchObject({ message: PAYMENT_UNAVAILABLE_MESSAGE });
  const row = await portal.db.knex('enrollments').where({ id: paying }).first('status', 'stripeCustomerId', 'stripeSubscriptionId');
  expect(row).toEqual({ status: 'signed', stripeCustomerId: null, stripeSubscriptionId: null });
  await up('stripe');
  const after = await timed(() => jsonCall(margaret, portal.url, 'POST', `/api/enrollments/${paying}/create-subscription`));
  expect(after.value.status).toBe(200);
  const recorded = await portal.db.knex('enrollments').where({ id: paying }).first('status', 'stripeCustomerId', 'stripeSubscriptionId');
  expect(recorded).toMatchObject({ status: 'payment_pending', stripeSubscriptionId: after.value.body.subscriptionId });
  const subscriptions = (await stripeGet(`/v1/subscriptions?customer=${recorded.stripeCustomerId}&status=all`)).data as unknown[];
  expect(subscriptions).toHaveLength(1);
  report({ fault: 'card provider (Stripe) down', lost: 'nothing (no customer/subscription ids; 1 subscription after)', recoveryMs: after.ms, detail: `503 in ${during.ms} ms; next request after up: 200` });
}, 30_000);

it('signing provider down: 503 with its message, no document recorded; back up: the agreement is handed out', async () => {
  const before = ((await (await fetch(`${portal.sandbox.url}/_sandbox/signwell/documents`)).json()) as { documents: unknown[] }).documents.length;
  await down('signwell');
  const during = await timed(() => jsonCall(jordan, portal.url, 'POST', `/api/enrollments/${signing}/create-document`));
  expect(during.value.status).toBe(503);
  expect(during.value.body).toMatchObject({ message: SIGNING_UNAVAILABLE_MESSAGE });
  expect(await portal.db.knex('enrollments').where({ id: signing }).first('status', 'signwellDocumentId')).toEqual({ status: 'pending', signwellDocumentId: null });
  await up('signwell');
  const after = await timed(() => jsonCall(jordan, portal.url, 'POST', `/api/enrollments/${signing}/create-document`));
  expect(after.value.status).toBe(200);
  expect(await portal.db.knex('enrollments').where({ id: signing }).first('signwellDocumentId')).toEqual({ signwellDocumentId: after.value.body.documentId });
  const documents = ((await (await fetch(`${portal.sandbox.url}/_sandbox/signwell/documents`)).json()) as { documents: unknown[] }).documents.length;
  expect(documents).toBe(before + 1);
  expect((await submitSigningPage(after.value.body.embeddedUrl, { fullName: 'Jordan Reyes' })).status).toBe(200);
  report({ fault: 'signing provider (SignWell) down', lost: 'nothing (no document id stored; 1 document at SignWell after)', recoveryMs: after.ms, detail: `503 in ${during.ms} ms; next request after up: 200` });
}, 30_000);

it('human check down: refused with the spec message (fail closed), no code stored or mailed; back up: the code is sent', async () => {
  const email = 'fault.turnstile@example.com';
  const jar = new CookieJar();
  const codesBefore = await count('verification_codes', {});
  await down('turnstile');
  const during = await timed(() => sendCode(email, jar));
  expect(during.value.status).toBe(403);
  expect(during.value.body).toMatchObject({ error: SECURITY_CHECK_REQUIRED });
  expect(await count('verification_codes', {})).toBe(codesBefore);
  expect(await inboxMessages(portal.sandbox.url, email)).toEqual([]);
  await up('turnstile');
  const after = await timed(() => sendCode(email, jar));
  expect(after.value.status).toBe(200);
  expect(await inboxMessages(portal.sandbox.url, email)).toHaveLength(1);
  report({ fault: 'human check (Turnstile) down', lost: 'nothing (no code, no mail)', recoveryMs: after.ms, detail: `403 '${SECURITY_CHECK_REQUIRED}' in ${during.ms} ms (fail closed); next request after up: 200` });
}, 30_000);

it('mail down: a clear failure and no usable code left behind; back up: the same browser gets its code at once', async () => {
  const email = 'fault.mail@example.com';
  const jar = new CookieJar();
  const codesBefore = await count('verification_codes', {});
  await down('mail');
  const during = await timed(() => sendCode(email, jar));
  expect(during.value.status).toBe(502);
  expect(during.value.body).toMatchObject({ error: 'Failed to send verification code' });
  expect(await inboxMessages(portal.sandbox.url, email)).toEqual([]);
  // The code nobody received is taken back (before the fix it stayed, and held the address for 2 minutes).
  expect(await count('verification_codes', {})).toBe(codesBefore);
  await up('mail');
  // The member asks again at once: not 'wait 2 minutes' for a code that never arrived.
  const after = await timed(() => sendCode(email, jar));
  expect(after.value.status).toBe(200);
  const mails = await inboxMessages(portal.sandbox.url, email);
  expect(mails).toHaveLength(1);
  expect(await count('verification_codes', {})).toBe(codesBefore + 1);
  report({ fault: 'mail (SMTP) down', lost: 'nothing (the unsent code is withdrawn)', recoveryMs: after.ms, detail: `502 'Failed to send verification code' in ${during.ms} ms; next request after up: 200` });
}, 30_000);

it('phone auth down: the Firebase stand-in refuses the code request; back up: the phone sign-in and /api/verify-phone work', async () => {
  await down('firebase');
  const phone = '+14015550177';
  const during = await timed(() => firebasePhoneSignIn(portal.sandbox.url, phone).then(() => 200, (error: Error) => error.message));
  expect(String(during.value)).toMatch(/sendVerificationCode: 503/);
  await up('firebase');
  const after = await timed(() => firebasePhoneSignIn(portal.sandbox.url, phone));
  expect(after.value.status).toBe(200);
  report({
    fault: 'phone auth (Firebase) down',
    lost: 'nothing (the API never calls Firebase: ID tokens are checked locally)',
    recoveryMs: after.ms,
    detail: `browser's code request 503 in ${during.ms} ms; the browser shows the spec's 'Phone verification service is temporarily unavailable' for a network failure (frontends unit test), not browser-tested here`,
  });
}, 30_000);

it('every provider slow (5 s) at once: each request completes, or answers a clear message within its adapter timeout', async () => {
  const document = await jsonCall(jordan, portal.url, 'POST', `/api/enrollments/${signing}/create-document`);
  expect(document.status).toBe(200);
  for (const provider of ['athena', 'stripe', 'signwell', 'firebase', 'turnstile', 'mail'] as const) await providerMode(portal.sandbox.url, provider, 'slow', { latencyMs: 5_000 });
  const jar = new CookieJar();
  const human = await humanToken().catch(() => 'unavailable');
  const [athena, stripe, signwell, turnstile, firebase] = await Promise.all([
    timed(() => jsonCall(margaret, portal.url, 'GET', `/api/enrollments/${paying}`)),
    timed(() => jsonCall(margaret, portal.url, 'POST', '/api/stripe/portal-session', {})),
    timed(() => jsonCall(jordan, portal.url, 'GET', `/api/signwell/verify-completion/${document.body.documentId}`)),
    timed(() => sendCode('fault.slow@example.com', jar, human)),
    timed(() => firebasePhoneSignIn(portal.sandbox.url, '+14015550178')),
  ]);
  // Mail alone (the human check answers at once again).
  await providerMode(portal.sandbox.url, 'turnstile', 'up');
  const mail = await timed(() => sendCode('fault.slow.mail@example.com', new CookieJar()));
  const lines = { athena, stripe, signwell, turnstile, mail };
  for (const [name, outcome] of Object.entries(lines)) console.log(`slow ${name}: ${outcome.value.status} in ${outcome.ms} ms ${JSON.stringify(outcome.value.body).slice(0, 120)}`);
  // Under each adapter's timeout (athena 8 s, Stripe 15 s, SignWell 10 s, SMTP 15 s): completes, slower.
  expect(athena.value.status).toBe(200);
  expect(stripe.value.status).toBe(200);
  expect(signwell.value.status).toBe(200);
  expect(mail.value.status).toBe(200);
  expect(firebase.value.status).toBe(200);
  // Turnstile's siteverify timeout is 5 s: a 5 s answer is no answer, and the check fails closed.
  expect([200, 403]).toContain(turnstile.value.status);
  if (turnstile.value.status === 403) expect(turnstile.value.body).toMatchObject({ error: SECURITY_CHECK_REQUIRED });
  for (const [name, outcome] of Object.entries({ ...lines, firebase })) {
    report({ fault: `${name} slow (5 s)`, lost: 'nothing', recoveryMs: null, detail: `${outcome.value.status} in ${outcome.ms} ms` });
  }
}, 60_000);
