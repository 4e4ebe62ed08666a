/**
 * Provider-login enrollment over HTTP: our API, the provider sandbox as athenahealth, a real
 * PostgreSQL (spec enrollment-and-payment §4 'Provider-login enrollment path', 'Declining', §5).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { extractPdfText } from '@portal/pdf/pdf-read.ts';
import { backendToken, call, submitSigningPage } from '../../../provider-sandbox/src/testing.ts';
import { signIn } from '../../../../tools/src/testing/sign-in.ts';
import { untilSessionChangeSeen } from '../../../../tools/src/testing/session-writes.ts';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal({ env: { ATHENA_TIMEOUT_MS: '3000' } });
}, 60_000);
afterAll(async () => {
  await portal.close();
});

type Browser = Awaited<ReturnType<typeof signIn>>['portal'];

const json = async (response: Response) => ({ status: response.status, body: await response.json() });

const post = async (browser: Browser | null, path: string, body: unknown) => {
  const init = { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: portal.url }, body: JSON.stringify(body) };
  return json(await (browser ? browser.fetch(`${portal.url}${path}`, init) : fetch(`${portal.url}${path}`, init)));
};

/** Signs in and saves the location step (spec §4: step 0 saves the location to the session). */
const signedIn = async (personId: number, hasMedicareInsurance = 'no', actFor?: number): Promise<Browser> => {
  const { portal: browser, landedAt } = await signIn({ apiUrl: portal.url, personId, ...(actFor === undefined ? {} : { actFor }) });
  expect(landedAt).toBe('/dashboard');
  const saved = await post(browser, '/api/auth/update-session', {
    practiceLocation: '1',
    workflowType: 'enrollment',
    hasMedicareInsurance,
  });
  expect(saved).toEqual({ status: 200, body: { success: true } });
  return browser;
};

const enroll = (browser: Browser | null, patientId: number, membershipTier: string, practiceLocation: string | null = '1') =>
  post(browser, '/api/enrollments/oauth', { patientId: String(patientId), membershipTier, ...(practiceLocation === null ? {} : { practiceLocation }) });

const read = async (browser: Browser | null, id: string) =>
  json(await (browser ? browser.fetch(`${portal.url}/api/enrollments/${id}`) : fetch(`${portal.url}/api/enrollments/${id}`)));

const OFFICE_MESSAGE = 'Medicaid participants must complete enrollment by calling or visiting our office during business hours.';

/** What a session saved before the location step's checks existed (or was tampered with) would hold. */
const setNewestSessionData = async (personId: number, data: Record<string, string>) => {
  const newest = await portal.db.knex('auth_sessions').where({ personPatientId: String(personId) }).orderBy('createdAt', 'desc').first('id');
  await portal.db.knex('auth_sessions').where({ id: newest.id }).update({ data: JSON.stringify(data) });
};

const rowsOf = async (patientId: number) => portal.db.knex('enrollments').where({ athenaPatientId: String(patientId) }).select('id', 'status');

const faults = async (route: string, fault: Record<string, number>) =>
  fetch(`${portal.sandbox.url}/_sandbox/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ route, ...fault }) });
const clearFaults = async () => fetch(`${portal.sandbox.url}/_sandbox/faults`, { method: 'DELETE' });

const optOutOf = async (patientId: number) => {
  const token = await backendToken(portal.sandbox.url);
  const fields = await call(portal.sandbox.url, token, 'GET', `/v1/29391/patients/${patientId}/customfields`);
  expect(fields.status).toBe(200);
  return (fields.body as Array<{ customfieldid: string | number; customfieldvalue: string; optionid: string | number | null }>).find(
    (field) => String(field.customfieldid) === '81',
  );
};

describe('POST /api/enrollments/oauth', () => {
  let margaretsEnrollment = '';

  it('enrolls Margaret in 120_annual as pending, and she can read it back', async () => {
    const browser = await signedIn(PATIENT_IDS.margaret);
    const created = await enroll(browser, PATIENT_IDS.margaret, '120_annual');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), status: 'pending' });
    margaretsEnrollment = created.body.id;

    const record = await read(browser, created.body.id);
    expect(record.status).toBe(200);
    expect(record.body).toEqual({
      id: created.body.id,
      status: 'pending',
      membershipTier: '120_annual',
      patientStatus: 'existing',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      membershipStartDate: null,
      membershipEndDate: null,
      stripeSubscriptionId: null,
      signwellDocumentId: null,
      privacyPracticesDocumentId: null,
      isGuardianSigning: false,
      // Spec §3 'Enrollment record as read': the names and email from her chart; no billing email chosen yet.
      firstName: 'Margaret',
      lastName: 'Sullivan',
      email: 'margaret.sullivan@example.com',
      hasBillingEmail: false,
      billingEmail: null,
      originalPatientEmail: 'margaret.sullivan@example.com',
    });
    const row = await portal.db.knex('enrollments').where({ id: created.body.id }).first();
    expect(row).toMatchObject({ athenaPatientId: String(PATIENT_IDS.margaret), department: '1', membershipTier: '120_annual', status: 'pending' });

    const audits = await portal.db.knex('audit_logs').where({ enrollmentId: created.body.id }).select('eventType', 'action', 'hipaaRelevant');
    expect(audits).toEqual(
      expect.arrayContaining([
        { eventType: 'phi_write', action: 'create_enrollment', hipaaRelevant: true },
        { eventType: 'phi_read', action: 'read_enrollment', hipaaRelevant: true },
      ]),
    );
  });

  it('records Margaret declining as declined and sets the opt-out field in the health record', async () => {
    expect((await optOutOf(PATIENT_IDS.margaret))?.customfieldvalue ?? null).not.toBe('Yes');
    const browser = await signedIn(PATIENT_IDS.margaret);
    const declined = await enroll(browser, PATIENT_IDS.margaret, 'decline');
    expect(declined).toEqual({ status: 201, body: { id: expect.any(String), status: 'declined' } });
    const field = await optOutOf(PATIENT_IDS.margaret);
    expect(field).toMatchObject({ customfieldvalue: 'Yes' });
    expect(String(field?.optionid)).toBe('8101');
    const record = await read(browser, declined.body.id);
    expect(record.body).toMatchObject({ status: 'declined', membershipTier: 'decline' });
  });

  it('stores nothing and answers 503 when the health record refuses the opt-out write', async () => {
    const browser = await signedIn(PATIENT_IDS.jordan);
    await faults('PUT /v1/\\d+/patients/\\d+/customfields', { errorRate: 1 });
    try {
      const answer = await enroll(browser, PATIENT_IDS.jordan, 'decline_hardship');
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ error: 'Health record unavailable', message: expect.any(String) });
    } finally {
      await clearFaults();
    }
    expect(await rowsOf(PATIENT_IDS.jordan)).toEqual([]);
  });

  it('refuses Tyler (26): Age Requirement Not Met', async () => {
    const browser = await signedIn(PATIENT_IDS.tyler);
    const answer = await enroll(browser, PATIENT_IDS.tyler, '120_annual');
    expect(answer).toEqual({ status: 403, body: { error: 'Age Requirement Not Met', message: 'Enrollment is currently only open to patients aged 27 and older.' } });
    expect(await rowsOf(PATIENT_IDS.tyler)).toEqual([]);
  });

  it('sends a Medicaid participant to the office', async () => {
    // The location step already refuses the answer ...
    const { portal: browser } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.margaret });
    const refused = await post(browser, '/api/auth/update-session', { practiceLocation: '1', workflowType: 'enrollment', hasMedicareInsurance: 'medicaid' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(OFFICE_MESSAGE);
    // ... and the enrollment call checks it again, whatever the session holds.
    // (Until the API's session cache has the changed row: a refused enrollment stores nothing.)
    await setNewestSessionData(PATIENT_IDS.margaret, { practiceLocation: '1', workflowType: 'enrollment', hasMedicareInsurance: 'medicaid' });
    const answer = await untilSessionChangeSeen(() => enroll(browser, PATIENT_IDS.margaret, '70_biannual'), (seen) => seen.status === 403);
    expect(answer).toEqual({ status: 403, body: { error: 'Office Enrollment Required', message: OFFICE_MESSAGE } });
    await setNewestSessionData(PATIENT_IDS.margaret, { practiceLocation: '1', workflowType: 'enrollment', hasMedicareInsurance: 'both' });
    // 'both' gets the same answer as 'medicaid', so waiting cannot tell them apart: a write through
    // this API (an extend: it marks activity only) drops its cached row before it answers.
    expect((await post(browser, '/api/auth/session/extend', {})).status).toBe(200);
    expect((await enroll(browser, PATIENT_IDS.margaret, '70_biannual')).body.error).toBe('Office Enrollment Required');
  });

  it('requires the Medicare/Medicaid answer and the practice location', async () => {
    const browser = await signedIn(PATIENT_IDS.margaret);
    await setNewestSessionData(PATIENT_IDS.margaret, { practiceLocation: '1', workflowType: 'enrollment' });
    const noAnswer = await enroll(browser, PATIENT_IDS.margaret, '120_annual');
    expect(noAnswer.status).toBe(400);
    expect(noAnswer.body.error).toBe('Medicare/Medicaid participation required');
    const noLocation = await enroll(browser, PATIENT_IDS.margaret, '120_annual', null);
    expect(noLocation.status).toBe(400);
    expect(noLocation.body.error).toBe('Practice location required');
  });

  it("refuses Paul, whose record says 'Paid Up': Already Enrolled", async () => {
    const browser = await signedIn(PATIENT_IDS.paul, 'medicare');
    const answer = await enroll(browser, PATIENT_IDS.paul, '120_annual');
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ error: 'Already Enrolled', message: expect.any(String) });
    expect(await rowsOf(PATIENT_IDS.paul)).toEqual([]);
  });

  it('lets Carol enroll her linked father Harold, and refuses her daughter Emma (19) by age', async () => {
    const browser = await signedIn(PATIENT_IDS.carol, 'medicare', PATIENT_IDS.carol);
    const emma = await enroll(browser, PATIENT_IDS.emma, '120_annual');
    expect(emma.status).toBe(403);
    expect(emma.body.error).toBe('Age Requirement Not Met');
    const harold = await enroll(browser, PATIENT_IDS.harold, '500_concierge_annual');
    expect(harold).toEqual({ status: 201, body: { id: expect.any(String), status: 'pending' } });
    expect((await read(browser, harold.body.id)).body).toMatchObject({ id: harold.body.id, membershipTier: '500_concierge_annual' });
    expect(await rowsOf(PATIENT_IDS.harold)).toEqual([{ id: harold.body.id, status: 'pending' }]);
    // Margaret is nothing to Carol: her enrollment does not exist as far as Carol can tell.
    expect((await read(browser, margaretsEnrollment)).status).toBe(404);
  });

  it('refuses Margaret asking for Emma, whom she is not linked to (403)', async () => {
    const browser = await signedIn(PATIENT_IDS.margaret);
    const answer = await enroll(browser, PATIENT_IDS.emma, '120_annual');
    expect(answer.status).toBe(403);
    expect(await rowsOf(PATIENT_IDS.emma)).toEqual([]);
  });

  it("answers 404 for another user's enrollment and for an unknown id", async () => {
    const jordan = await signedIn(PATIENT_IDS.jordan);
    const other = await read(jordan, margaretsEnrollment);
    expect(other).toEqual({ status: 404, body: { error: 'Not Found', message: 'Enrollment not found.' } });
    expect((await read(jordan, 'no-such-enrollment')).status).toBe(404);
    const refused = await portal.db.knex('audit_logs').where({ action: 'read_enrollment_refused', userId: String(PATIENT_IDS.jordan) });
    expect(refused.length).toBeGreaterThanOrEqual(2);
  });

  it('answers 401 without a session', async () => {
    const answer = await enroll(null, PATIENT_IDS.margaret, '120_annual');
    expect(answer.status).toBe(401);
    expect((await read(null, margaretsEnrollment)).status).toBe(401);
  });
});

describe('provider-login signing (spec §4: tier step → /enrollment?id=&step=signature)', () => {
  const signedPdfText = async (patientId: number): Promise<string[]> => {
    const listed = (await (await fetch(`${portal.sandbox.url}/_sandbox/documents`)).json()) as {
      documents: Array<{ patientid: string | number; contentUrl: string }>;
    };
    const mine = listed.documents.filter((document) => String(document.patientid) === String(patientId));
    const textOf = async (contentUrl: string): Promise<string> =>
      extractPdfText(Buffer.from(await (await fetch(`${portal.sandbox.url}${contentUrl}`)).arrayBuffer()), 100_000).replace(/\s+/g, ' ');
    return Promise.all(mine.map(async (document) => textOf(document.contentUrl)));
  };

  it('Carol signs for her father Harold: the agreement names him and her, is filed into his chart once, and payment is next', async () => {
    const browser = await signedIn(PATIENT_IDS.carol, 'no', PATIENT_IDS.harold);
    const created = await enroll(browser, PATIENT_IDS.harold, '70_biannual');
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const document = await post(browser, `/api/enrollments/${id}/create-document`, {});
    expect(document).toMatchObject({ status: 200, body: { embeddedUrl: expect.stringContaining('/signwell/sign/'), isComplete: false } });
    await submitSigningPage(document.body.embeddedUrl, { fullName: 'Carol Bennett' });
    const verified = await json(await browser.fetch(`${portal.url}/api/signwell/verify-completion/${document.body.documentId}`));
    expect(verified.body).toMatchObject({ isComplete: true });

    let signed = await post(browser, `/api/enrollments/${id}/signature`, { documentId: document.body.documentId });
    for (let tries = 0; signed.body.upload === 'processing' && tries < 20; tries += 1) {
      signed = await post(browser, `/api/enrollments/${id}/signature`, { documentId: document.body.documentId });
    }
    expect(signed).toEqual({ status: 200, body: { status: 'signed', requiresPrivacyPractices: false, declined: false, upload: 'uploaded' } });

    const texts = await signedPdfText(PATIENT_IDS.harold);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('Harold Bennett');
    expect(texts[0]).toContain('Carol Bennett');
    expect(texts[0]).toContain('Enhanced 6 Month');
    // An existing patient has no privacy notice to sign.
    const privacy = await post(browser, `/api/enrollments/${id}/create-privacy-document`, {});
    expect(privacy.status).toBe(409);
  }, 30_000);

  it("refuses a document id that is not the enrollment's, and another person's enrollment is 404", async () => {
    const margaret = await signedIn(PATIENT_IDS.margaret);
    const created = await enroll(margaret, PATIENT_IDS.margaret, '120_annual');
    const document = await post(margaret, `/api/enrollments/${created.body.id}/create-document`, {});
    const wrong = await post(margaret, `/api/enrollments/${created.body.id}/signature`, { documentId: '00000000-0000-0000-0000-000000000000' });
    expect(wrong.status).toBe(409);
    const jordan = await signedIn(PATIENT_IDS.jordan);
    expect((await post(jordan, `/api/enrollments/${created.body.id}/create-document`, {})).status).toBe(404);
    expect((await json(await jordan.fetch(`${portal.url}/api/signwell/verify-completion/${document.body.documentId}`))).status).toBe(404);
  });
});
