/**
 * Guessing and lockout (issue 10, findings 1, 2 and 4), over HTTP against two API instances on
 * one database, the provider sandbox as athenahealth, and a real PostgreSQL:
 * - the existing-patient match cannot be used as an oracle (a stranger gets one answer whatever
 *   the SSN digits, and whether or not the chart exists), and stops after its limit, counted
 *   across both instances;
 * - the new-patient path answers the same whether or not a stranger's chart has that name;
 * - 'Paid Up' (custom field 21) stops a paying member from enrolling again as a guest;
 * - a stranger's sends and wrong codes never lock a guest or a staff member out.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ATTEMPT_LIMITS } from '@portal/core';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { backendToken, call } from '../../../../provider-sandbox/src/testing.ts';
import { startApi, type RunningApi } from '../../server.ts';
import { capturingLogger } from '@portal/composition/testing.ts';
import { verifiedGuest, type VerifiedGuest } from '../../../../../tools/src/testing/guest.ts';
import { existingPatientForm, newPatientForm } from '../../../../../tools/src/testing/guest-forms.ts';
import { startTestPortal, type TestPortal } from '../../../../../tools/src/testing/portal.ts';
import { CookieJar } from '../../../../../tools/src/testing/sign-in.ts';

let portal: TestPortal;
let second: RunningApi;

beforeAll(async () => {
  portal = await startTestPortal({ worker: false });
  second = await startApi({ databaseUrl: portal.db.url, port: 0, env: portal.env, logger: capturingLogger().logger });
}, 60_000);
afterAll(async () => {
  await second.close();
  await portal.close();
});

const send = async (base: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; jar?: CookieJar } = {}) => {
  const cookie = options.jar?.header() ?? '';
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      Origin: base,
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(cookie ? { Cookie: cookie } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  options.jar?.store(response);
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: text === '' ? null : JSON.parse(text) };
};

const chart = async (patientId: string) => {
  const token = await backendToken(portal.sandbox.url);
  const answer = await call(portal.sandbox.url, token, 'GET', `/v1/29391/patients/${patientId}`);
  return (answer.body as Array<{ firstname: string; lastname: string; dob: string }>)[0]!;
};

type Person = { firstname: string; lastname: string; dob: string };

const existingForm = (guest: VerifiedGuest, person: Person, lastFourSSN: string, department = '1') =>
  existingPatientForm(guest, { firstName: person.firstname, lastName: person.lastname, dateOfBirth: person.dob, lastFourSSN, department });

const newForm = (guest: VerifiedGuest, person: Person) =>
  newPatientForm(guest, { firstName: person.firstname, lastName: person.lastname, dateOfBirth: person.dob, fullSSN: '900-99-0555' });

const OFFICE = 'Office Enrollment Required';

describe('the existing-patient match', () => {
  it('gives a stranger the same answer for every SSN guess, the right one included, and for a chart that does not exist', async () => {
    const stranger = await verifiedGuest(portal, 'guesser.one@example.com', '4015550161');
    const margaret = await chart(String(PATIENT_IDS.margaret));
    const answers = [
      await send(portal.url, 'POST', '/api/enrollments', { headers: stranger.headers, body: existingForm(stranger, margaret, '0000') }),
      await send(second.url, 'POST', '/api/enrollments', { headers: { ...stranger.headers, Origin: second.url }, body: existingForm(stranger, margaret, '4412') }),
      await send(portal.url, 'POST', '/api/enrollments', { headers: stranger.headers, body: existingForm(stranger, { ...margaret, firstname: 'Nobody' }, '4412') }),
    ];
    for (const answer of answers) expect(answer).toMatchObject({ status: 403, body: { error: OFFICE } });
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await portal.db.knex('enrollments').where({ athenaPatientId: String(PATIENT_IDS.margaret) })).toHaveLength(0);
  }, 60_000);

  it('stops a guest token after its limit, counted across two API instances, with Retry-After', async () => {
    const stranger = await verifiedGuest(portal, 'guesser.two@example.com', '4015550162');
    const margaret = await chart(String(PATIENT_IDS.margaret));
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof send>> | null = null;
    for (let attempt = 0; attempt <= ATTEMPT_LIMITS.matchPerGuestToken.points; attempt += 1) {
      const base = attempt % 2 === 0 ? portal.url : second.url;
      last = await send(base, 'POST', '/api/enrollments', {
        headers: { ...stranger.headers, Origin: base },
        body: existingForm(stranger, margaret, String(1000 + attempt)),
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(ATTEMPT_LIMITS.matchPerGuestToken.points).fill(403), 429]);
    expect(last!.body).toMatchObject({ error: 'Too many requests', message: 'Too many attempts. Please try again later' });
    expect(Number(last!.retryAfter)).toBeGreaterThan(0);
  }, 60_000);

  it('lets the owner (verified email on the chart) match with the right digits; wrong digits get the spec message', async () => {
    const owner = await verifiedGuest(portal, 'margaret.sullivan@example.com', '4015550111');
    const margaret = await chart(String(PATIENT_IDS.margaret));
    const wrong = await send(portal.url, 'POST', '/api/enrollments', { headers: owner.headers, body: existingForm(owner, margaret, '0000') });
    expect(wrong).toMatchObject({ status: 422, body: { error: 'Patient Not Found' } });
    const right = await send(second.url, 'POST', '/api/enrollments', { headers: { ...owner.headers, Origin: second.url }, body: existingForm(owner, margaret, '4412') });
    expect(right.status).toBe(201);
  }, 60_000);

  it("says 'Already Enrolled' to a paying member (custom field 21 'Paid Up') through the real adapter, and stores nothing", async () => {
    const paul = await verifiedGuest(portal, 'paul.whitaker@example.com', '4015550117');
    const record = await chart(String(PATIENT_IDS.paul));
    const answer = await send(portal.url, 'POST', '/api/enrollments', { headers: paul.headers, body: existingForm(paul, record, '6104', '2') });
    expect(answer).toMatchObject({ status: 409, body: { error: 'Already Enrolled' } });
    expect(await portal.db.knex('enrollments').where({ athenaPatientId: String(PATIENT_IDS.paul) })).toHaveLength(0);
  }, 60_000);
});

describe('the new-patient path', () => {
  it("answers a stranger the same whether or not someone else's chart has the name and birth date, and never attaches to it", async () => {
    const margaret = await chart(String(PATIENT_IDS.margaret));
    const one = await verifiedGuest(portal, 'newcomer.one@example.com', '4015550171');
    const two = await verifiedGuest(portal, 'newcomer.two@example.com', '4015550172');
    const taken = await send(portal.url, 'POST', '/api/enrollments', { headers: one.headers, body: newForm(one, margaret) });
    const free = await send(portal.url, 'POST', '/api/enrollments', { headers: two.headers, body: newForm(two, { firstname: 'Rowan', lastname: 'Ellery', dob: '02/03/1984' }) });
    expect(taken.status).toBe(201);
    expect(free.status).toBe(201);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(free.body).sort());
    expect(taken.body.status).toBe(free.body.status);
    const row = await portal.db.knex('enrollments').where({ id: taken.body.id }).first('athenaPatientId');
    expect(row.athenaPatientId).not.toBe(String(PATIENT_IDS.margaret));
    // The office sees the possible duplicate in the audit trail (ids only).
    const audit = await portal.db.knex('audit_logs').where({ enrollmentId: taken.body.id, action: 'create_enrollment' }).first('metadata');
    expect(audit.metadata).toMatchObject({ possibleDuplicate: true, patientCreated: true });
  }, 60_000);

  it('tells the chart owner who chose "new" that they are an existing patient', async () => {
    const owner = await verifiedGuest(portal, 'olivia.hart@example.com', '4015550118');
    const olivia = await chart(String(PATIENT_IDS.olivia));
    const answer = await send(portal.url, 'POST', '/api/enrollments', { headers: owner.headers, body: newForm(owner, olivia) });
    expect(answer).toMatchObject({ status: 409, body: { error: 'Existing Patient' } });
  }, 60_000);
});

const humanToken = async (): Promise<string> => {
  const answer = await send(portal.sandbox.url, 'POST', '/turnstile/v0/issue', { body: { sitekey: 'sandbox-turnstile-sitekey' } });
  return answer.body.token as string;
};

const inboxCodes = async (to: string): Promise<string[]> => {
  const response = await fetch(`${portal.sandbox.url}/inbox/api/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as Array<{ code: string | null }>).map((message) => message.code ?? '');
};

/** Lets the next send through the two-minute resend lock, as if time had passed. */
const ageCodes = async () => portal.db.knex('verification_codes').update({ createdAt: portal.db.knex.raw(`"createdAt" - interval '3 minutes'`) });

describe('lockout', () => {
  it("never lets a stranger's sends and wrong codes lock a guest out", async () => {
    const email = 'locked.out@example.com';
    const stranger = new CookieJar();
    const person = new CookieJar();
    // The person asks for a code first; then a stranger floods the same address from their own browser.
    expect((await send(portal.url, 'POST', '/api/verify-email/send-otp', { jar: person, body: { email, 'cf-turnstile-response': await humanToken() } })).status).toBe(200);
    const [personCode] = await inboxCodes(email);
    const strangerAnswers: number[] = [];
    for (let round = 0; round < ATTEMPT_LIMITS.emailSendPerAddress.points + 1; round += 1) {
      await ageCodes();
      strangerAnswers.push((await send(second.url, 'POST', '/api/verify-email/send-otp', { jar: stranger, headers: { Origin: second.url }, body: { email, 'cf-turnstile-response': await humanToken() } })).status);
    }
    expect(strangerAnswers.at(-1)).toBe(429);
    for (let guess = 0; guess < 12; guess += 1) {
      await send(portal.url, 'POST', '/api/verify-email/verify-otp', { jar: stranger, body: { email, code: personCode === '000000' ? '111111' : '000000' } });
    }
    // The person's code still works from the person's browser, and a new send still goes out.
    const verified = await send(portal.url, 'POST', '/api/verify-email/verify-otp', { jar: person, body: { email, code: personCode } });
    expect(verified.status).toBe(200);
    await ageCodes();
    expect((await send(portal.url, 'POST', '/api/verify-email/send-otp', { jar: person, body: { email, 'cf-turnstile-response': await humanToken() } })).status).toBe(200);
  }, 60_000);

  it('refuses a code tried from another browser without spending it', async () => {
    const email = 'other.browser@example.com';
    const person = new CookieJar();
    await send(portal.url, 'POST', '/api/verify-email/send-otp', { jar: person, body: { email, 'cf-turnstile-response': await humanToken() } });
    const [code] = await inboxCodes(email);
    const elsewhere = await send(portal.url, 'POST', '/api/verify-email/verify-otp', { jar: new CookieJar(), body: { email, code } });
    expect(elsewhere.status).toBe(400);
    expect((await send(portal.url, 'POST', '/api/verify-email/verify-otp', { jar: person, body: { email, code } })).status).toBe(200);
  }, 60_000);

  it("never lets a stranger's sends lock a staff member out", async () => {
    const email = 'front.desk@mdri-primarycare.example';
    await portal.db.knex('staff_emails').insert({ email, name: 'Front Desk' }).onConflict('email').ignore();
    const stranger = new CookieJar();
    const strangerAnswers: number[] = [];
    for (let round = 0; round < ATTEMPT_LIMITS.staffSendPerAddress.points + 2; round += 1) {
      strangerAnswers.push((await send(portal.url, 'POST', '/api/staff/send-otp', { jar: stranger, body: { email, 'cf-turnstile-response': await humanToken() } })).status);
    }
    expect(strangerAnswers.at(-1)).toBe(429);
    // The stranger's codes are mailed in the background: wait for all of them, so the next one is the staff member's.
    const waitForCodes = async (count: number): Promise<string[]> => {
      for (let wait = 0; wait < 100; wait += 1) {
        const codes = await inboxCodes(email);
        if (codes.length >= count) return codes;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`expected ${count} codes for the staff address`);
    };
    const strangerSent = strangerAnswers.filter((status) => status === 200).length;
    await waitForCodes(strangerSent);
    const staffBrowser = new CookieJar();
    const sent = await send(second.url, 'POST', '/api/staff/send-otp', { jar: staffBrowser, headers: { Origin: second.url }, body: { email, 'cf-turnstile-response': await humanToken() } });
    expect(sent.status).toBe(200);
    const [code] = await waitForCodes(strangerSent + 1);
    const signedIn = await send(portal.url, 'POST', '/api/staff/verify-otp', { jar: staffBrowser, body: { sessionToken: sent.body.sessionToken, otpCode: code! } });
    expect(signedIn).toMatchObject({ status: 200, body: { email } });
  }, 60_000);
});
