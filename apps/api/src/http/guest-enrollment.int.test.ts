/**
 * Guest enrollment and the signing steps over HTTP: our API, the provider sandbox as
 * athenahealth and SignWell, the worker filing documents, a real PostgreSQL
 * (spec enrollment-and-payment §4 'Guest enrollment path', §5, §7; issue 5).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { backendToken, call, submitSigningPage } from '../../../provider-sandbox/src/testing.ts';
import { verifiedGuest, type VerifiedGuest } from '../../../../tools/src/testing/guest.ts';
import { existingPatientForm, newPatientForm } from '../../../../tools/src/testing/guest-forms.ts';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
}, 60_000);
afterAll(async () => {
  await portal.close();
});

const request = async (guest: VerifiedGuest | null, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${portal.url}${path}`, {
    method,
    headers: { ...(guest?.headers ?? { Origin: portal.url }), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
};

const NEW_SSN = '900990417';

const chartDocuments = async (patientId: string) => {
  const token = await backendToken(portal.sandbox.url);
  const answer = await call(portal.sandbox.url, token, 'GET', `/v1/29391/patients/${patientId}/documents/admin`);
  return (answer.body as { admins: Array<{ adminid: number; internalnote: string | null }> }).admins;
};

/** What the browser does after the SignWell `completed` event: verify, then record until filed. */
const signAndRecord = async (guest: VerifiedGuest, enrollmentId: string, kind: 'document' | 'privacy-document') => {
  const created = await request(guest, 'POST', `/api/enrollments/${enrollmentId}/create-${kind}`);
  expect(created.status).toBe(200);
  expect(created.body).toMatchObject({ embeddedUrl: expect.stringContaining('/signwell/sign/'), documentId: expect.any(String) });
  const signed = await submitSigningPage(created.body.embeddedUrl, { fullName: 'Avery Lindqvist' });
  expect(signed.status).toBeLessThan(400);
  const verified = await request(guest, 'GET', `/api/signwell/verify-completion/${created.body.documentId}`);
  expect(verified).toMatchObject({ status: 200, body: { isComplete: true } });
  const path = `/api/enrollments/${enrollmentId}/${kind === 'document' ? 'signature' : 'privacy-signature'}`;
  let answer = await request(guest, 'POST', path, { documentId: created.body.documentId });
  for (let tries = 0; answer.status === 200 && answer.body.upload === 'processing' && tries < 20; tries += 1) {
    answer = await request(guest, 'POST', path, { documentId: created.body.documentId });
  }
  return { documentId: created.body.documentId as string, answer };
};

describe('a new patient enrolls as a guest and signs both documents', () => {
  let guest: VerifiedGuest;
  let enrollmentId = '';
  let patientId = '';

  beforeAll(async () => {
    guest = await verifiedGuest(portal, 'avery.lindqvist@example.com', '4015550142');
  }, 30_000);

  it('registers the patient in the health record and stores a pending enrollment owned by the guest', async () => {
    const created = await request(guest, 'POST', '/api/enrollments', newPatientForm(guest));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), status: 'pending' });
    enrollmentId = created.body.id;

    const row = await portal.db.knex('enrollments').where({ id: enrollmentId }).first();
    expect(row).toMatchObject({ status: 'pending', patientStatus: 'new', membershipTier: '70_biannual', department: '1', signerName: 'Avery Lindqvist' });
    patientId = row.athenaPatientId;

    const token = await backendToken(portal.sandbox.url);
    const record = await call(portal.sandbox.url, token, 'GET', `/v1/29391/patients/${patientId}`);
    expect(record.body).toEqual([
      expect.objectContaining({ firstname: 'Avery', lastname: 'Lindqvist', dob: '05/14/1988', address1: '12 Elm Street', state: 'RI', ssn: '*****0417' }),
    ]);
  });

  it('never stores or logs the SSN', async () => {
    const rows = JSON.stringify(await portal.db.knex('enrollments').select());
    const audit = JSON.stringify(await portal.db.knex('audit_logs').select());
    for (const text of [rows, audit, portal.logs().join('\n')]) {
      expect(text).not.toContain(NEW_SSN);
      expect(text).not.toContain('900-99-0417');
    }
  });

  it('serves the enrollment to its guest only: any other guest gets 404 for every call', async () => {
    const own = await request(guest, 'GET', `/api/enrollments/${enrollmentId}`);
    expect(own).toMatchObject({ status: 200, body: { id: enrollmentId, status: 'pending', patientStatus: 'new' } });
    const stranger = await verifiedGuest(portal, 'stranger@example.com', '4015550143');
    for (const [method, path, body] of [
      ['GET', `/api/enrollments/${enrollmentId}`, undefined],
      ['POST', `/api/enrollments/${enrollmentId}/create-document`, undefined],
      ['POST', `/api/enrollments/${enrollmentId}/signature`, { documentId: 'x' }],
    ] as const) {
      expect((await request(stranger, method, path, body)).status).toBe(404);
    }
    expect((await request(null, 'GET', `/api/enrollments/${enrollmentId}`)).status).toBe(401);
  }, 30_000);

  it('refuses to record a signature SignWell has not completed', async () => {
    const created = await request(guest, 'POST', `/api/enrollments/${enrollmentId}/create-document`);
    const again = await request(guest, 'POST', `/api/enrollments/${enrollmentId}/create-document`);
    expect(again.body.documentId).toBe(created.body.documentId);
    const early = await request(guest, 'POST', `/api/enrollments/${enrollmentId}/signature`, { documentId: created.body.documentId });
    expect(early).toMatchObject({ status: 409, body: { error: 'Document Processing Failed' } });
    expect((await request(guest, 'GET', `/api/signwell/verify-completion/${created.body.documentId}`)).body).toMatchObject({ isComplete: false });
  });

  it('signs the membership agreement: signed, filed into the chart once, privacy notice next', async () => {
    const { answer } = await signAndRecord(guest, enrollmentId, 'document');
    expect(answer).toEqual({ status: 200, body: { status: 'signed', requiresPrivacyPractices: true, declined: false, upload: 'uploaded' } });
    expect(await chartDocuments(patientId)).toHaveLength(1);
  }, 30_000);

  it('signs the privacy notice: privacy_signed, and both PDFs are in the chart exactly once', async () => {
    const { documentId, answer } = await signAndRecord(guest, enrollmentId, 'privacy-document');
    expect(answer).toEqual({ status: 200, body: { status: 'privacy_signed', requiresPrivacyPractices: false, declined: false, upload: 'uploaded' } });
    // A repeat (double click, retry) files nothing new.
    const repeat = await request(guest, 'POST', `/api/enrollments/${enrollmentId}/privacy-signature`, { documentId });
    expect(repeat.body).toMatchObject({ status: 'privacy_signed', upload: 'uploaded' });
    const documents = await chartDocuments(patientId);
    expect(documents).toHaveLength(2);
    const submissions = await portal.db.knex('document_submissions').where({ enrollmentId }).select('documentType', 'status');
    expect(submissions.map((row: { documentType: string; status: string }) => `${row.documentType}:${row.status}`).sort()).toEqual([
      'membership_agreement:uploaded',
      'privacy_practices:uploaded',
    ]);
  }, 30_000);
});

describe('guest enrollment refusals', () => {
  let guest: VerifiedGuest;
  beforeAll(async () => {
    guest = await verifiedGuest(portal, 'margaret.sullivan@example.com', '4015550111');
  }, 30_000);

  it('matches an existing patient by name, date of birth and SSN digits; wrong digits get the spec message', async () => {
    const wrong = await request(guest, 'POST', '/api/enrollments', existingPatientForm(guest, { lastFourSSN: '0000' }));
    expect(wrong).toEqual({
      status: 422,
      body: {
        error: 'Patient Not Found',
        message: 'Failed to save patient information. Please verify the provided information. If the problem persists, please call the practice for assistance.',
      },
    });
    const right = await request(guest, 'POST', '/api/enrollments', existingPatientForm(guest));
    expect(right.status).toBe(201);
    expect(await portal.db.knex('enrollments').where({ id: right.body.id }).first('athenaPatientId', 'patientStatus')).toEqual({ athenaPatientId: '5101', patientStatus: 'existing' });
  });

  it('refuses Medicaid and under-27 with the spec texts, and a form whose email is not the verified one', async () => {
    const medicaid = await request(guest, 'POST', '/api/enrollments', existingPatientForm(guest, { hasMedicareInsurance: 'medicaid' }));
    expect(medicaid.status).toBe(400);
    expect(JSON.stringify(medicaid.body)).toContain('Medicaid participants must complete enrollment by calling or visiting our office during business hours.');
    const young = await request(guest, 'POST', '/api/enrollments', newPatientForm(guest, { firstName: 'Young', dateOfBirth: '2010-01-01' }));
    expect(young).toMatchObject({ status: 403, body: { error: 'Age Requirement Not Met' } });
    const notMine = await request(guest, 'POST', '/api/enrollments', existingPatientForm(guest, { email: 'someone@example.com' }));
    expect(notMine).toMatchObject({ status: 403, body: { error: 'Verification Error', message: 'Unable to verify your identity.' } });
  });

  it('answers every form rule with its field message (400) and stores nothing', async () => {
    const before = await portal.db.knex('enrollments').count({ n: '*' }).first();
    const bad = await request(guest, 'POST', '/api/enrollments', newPatientForm(guest, { fullSSN: '12345', zipCode: '123', state: 'R', emergencyContactName: '' }));
    expect(bad.status).toBe(400);
    const messages = (bad.body.errors as Array<{ field: string; message: string }>).map((error) => `${error.field}: ${error.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'fullSSN: SSN must be exactly 9 digits',
        'zipCode: Invalid ZIP code format',
        'state: State must be 2 characters',
        'emergencyContactName: Emergency contact name is required for new patients',
      ]),
    );
    expect(await portal.db.knex('enrollments').count({ n: '*' }).first()).toEqual(before);
  });

  it('refuses a guest without a verified token', async () => {
    const answer = await request(null, 'POST', '/api/enrollments', existingPatientForm(guest, { verificationToken: 'verified_forged' }));
    expect(answer).toMatchObject({ status: 401, body: { error: 'Authentication Error' } });
  });
});
