/**
 * The staff portal over HTTP (issue 14; booking-dashboard-staff §3, §4 'Staff flow', §5, §7, §8):
 * our API, the provider sandbox as athenahealth and Stripe, a real PostgreSQL. Staff sign in with
 * the emailed code (the sandbox's inbox); the card is collected as Stripe.js collects it (the
 * publishable key, POST /v1/payment_methods).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { seedPatients } from '../../../provider-sandbox/src/seed/patients.ts';
import { stripeCall } from '../../../provider-sandbox/src/testing.ts';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';
import { send, staffSignIn, type Answer } from './security/actors.ts';

let portal: TestPortal;
let token: string;
const STAFF = 'front.desk@mdri-primarycare.example';
const PUBLISHABLE = 'pk_test_portal_sandbox';

beforeAll(async () => {
  portal = await startTestPortal({ worker: false });
  token = await staffSignIn(portal, STAFF, 'Front Desk');
}, 90_000);
afterAll(async () => {
  await portal?.close();
});

const patients = () => seedPatients(new Date());
const seeded = (id: number) => patients().find((patient) => patient.patientid === id)!;

const staffPost = (path: string, body: unknown, bearer: string | null = token): Promise<Answer> =>
  send(portal, null, { method: 'POST', path, body, ...(bearer === null ? {} : { headers: { Authorization: `Bearer ${bearer}` } }) });

const trailSince = async (id: number) => portal.db.knex('staff_audit_trail').where('id', '>', id).orderBy('id');
const lastTrailId = async (): Promise<number> => Number((await portal.db.knex('staff_audit_trail').max('id as id').first())?.id ?? 0);

const subscriptionBody = (patientId: number, paymentMethod: 'card' | 'manual_payment', tier = '120_annual') => {
  const patient = seeded(patientId);
  return {
    patientId: String(patientId),
    membershipTier: tier,
    email: `billing.${patientId}@example.com`,
    address: { line1: patient.address1, line2: '', city: patient.city, state: 'ri', postalCode: patient.zip },
    paymentMethod,
    patientName: `${patient.firstname} ${patient.lastname}`,
    department: patient.primarydepartmentid,
  };
};

/** A card as Stripe.js creates it in the browser. */
const cardPaymentMethod = async (number: string): Promise<string> => {
  const method = await stripeCall(portal.sandbox.url, 'POST', '/v1/payment_methods', { type: 'card', card: { number, exp_month: '12', exp_year: '2030', cvc: '123' } }, { key: PUBLISHABLE });
  expect(method.status).toBe(200);
  return String((method.body as { id: string }).id);
};

const customerSubscriptions = async (patientId: number) => {
  const row = await portal.db.knex('enrollments').where({ athenaPatientId: String(patientId) }).whereNotNull('stripeCustomerId').first();
  const listed = await stripeCall(portal.sandbox.url, 'GET', '/v1/subscriptions', { customer: row.stripeCustomerId, status: 'all' });
  return (listed.body as { data: Array<Record<string, any>> }).data;
};

describe('staff routes refuse a missing, expired or forged bearer token', () => {
  const routes: Array<[string, unknown]> = [
    ['/api/staff/patient-search', { firstName: 'Tyler', lastName: 'Brooks', dateOfBirth: '01/01/2000' }],
    ['/api/staff/patient-details', { patientId: String(PATIENT_IDS.tyler) }],
    ['/api/staff/create-subscription', subscriptionBody(PATIENT_IDS.margaret, 'manual_payment')],
    ['/api/stripe/pay-invoice', { invoiceId: 'in_123', paymentMethodId: 'pm_123', subscriptionId: 'sub_123' }],
  ];

  let expired: string;
  beforeAll(async () => {
    // Signed in, then past its end (the 12-hour limit, as stored).
    expired = await staffSignIn(portal, 'expired.staff@mdri-primarycare.example', 'Expired');
    await portal.db.knex('staff_sessions').where({ email: 'expired.staff@mdri-primarycare.example' }).update({ expiresAt: new Date(Date.now() - 1000) });
  });

  it.each(routes)('%s: 401 without, with an expired and with a forged token, and nothing is audited', async (path, body) => {
    const since = await lastTrailId();
    const forged = 'Zm9yZ2VkLXRva2VuLWZvci1zdGFmZi1wb3J0YWw';
    for (const bearer of [null, expired, forged]) {
      const answer = await staffPost(path, body, bearer);
      expect({ path, bearer: bearer === null ? 'missing' : bearer === forged ? 'forged' : 'expired', status: answer.status }).toEqual({
        path,
        bearer: bearer === null ? 'missing' : bearer === forged ? 'forged' : 'expired',
        status: 401,
      });
    }
    expect(await trailSince(since)).toEqual([]);
  });
});

describe('patient search and details', () => {
  it('finds the 26-year-old by first name, last name and date of birth; one audit row names the patient id, not the person', async () => {
    const tyler = seeded(PATIENT_IDS.tyler);
    const since = await lastTrailId();
    const auditSince = Number((await portal.db.knex('audit_logs').max('id as id').first())?.id ?? 0);
    const answer = await staffPost('/api/staff/patient-search', { firstName: 'tyler', lastName: 'BROOKS', dateOfBirth: tyler.dob });
    expect(answer.status).toBe(200);
    expect((answer.body as any).patients).toEqual([
      expect.objectContaining({ patientid: String(PATIENT_IDS.tyler), firstname: 'Tyler', lastname: 'Brooks', dob: tyler.dob, customfields: expect.any(Array) }),
    ]);
    const rows = await trailSince(since);
    expect(rows).toEqual([expect.objectContaining({ staffEmail: STAFF, action: 'patient_search', athenaPatientId: String(PATIENT_IDS.tyler) })]);
    const logged = JSON.stringify([rows, await portal.db.knex('audit_logs').where('id', '>', auditSince)]);
    for (const secret of ['Tyler', 'Brooks', tyler.dob, tyler.email!, tyler.address1]) expect(logged).not.toContain(secret);
  });

  it('answers an empty list when nobody matches, with its audit row', async () => {
    const since = await lastTrailId();
    const answer = await staffPost('/api/staff/patient-search', { firstName: 'Nobody', lastName: 'Here', dateOfBirth: '02/03/1980' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ patients: [] });
    expect(await trailSince(since)).toEqual([expect.objectContaining({ action: 'patient_search', athenaPatientId: '' })]);
  });

  it('refuses a search without every field, or with a date not MM/DD/YYYY', async () => {
    expect((await staffPost('/api/staff/patient-search', { firstName: 'Tyler', lastName: '', dateOfBirth: '01/01/2000' })).status).toBe(400);
    expect((await staffPost('/api/staff/patient-search', { firstName: 'Tyler', lastName: 'Brooks', dateOfBirth: '2000-01-01' })).status).toBe(400);
  });

  it('gives each patient the warnings of §5: under 27, paid up (field 21), opted out (field 81), hardship; none for an eligible patient', async () => {
    // Nora declined here for financial hardship (as the decline path stores it).
    await portal.db.knex('enrollments').insert({ athenaPatientId: String(PATIENT_IDS.nora), membershipTier: 'decline_hardship', status: 'declined', department: '2' });
    const codes = async (id: number) => {
      const since = await lastTrailId();
      const answer = await staffPost('/api/staff/patient-details', { patientId: String(id) });
      expect(answer.status).toBe(200);
      expect(await trailSince(since)).toEqual([expect.objectContaining({ action: 'patient_view', athenaPatientId: String(id), staffEmail: STAFF })]);
      return (answer.body as any).warnings.map((warning: { code: string }) => warning.code);
    };
    expect(await codes(PATIENT_IDS.tyler)).toEqual(['under_27']);
    expect(await codes(PATIENT_IDS.paul)).toEqual(['paid_up']);
    expect(await codes(PATIENT_IDS.olivia)).toEqual(['opted_out']);
    expect(await codes(PATIENT_IDS.nora)).toEqual(['hardship']);
    expect(await codes(PATIENT_IDS.jordan)).toEqual([]);
    const tyler = await staffPost('/api/staff/patient-details', { patientId: String(PATIENT_IDS.tyler) });
    expect((tyler.body as any).warnings[0].message).toBe('Enrollment is currently only open to patients aged 27 and older (and non-Medicaid patients)');
    const paul = await staffPost('/api/staff/patient-details', { patientId: String(PATIENT_IDS.paul) });
    expect((paul.body as any).patient.customfields).toEqual([expect.objectContaining({ customfieldid: '21', optionid: '2101' })]);
  });

  it('answers 404 for a patient the health record does not have, audited', async () => {
    const since = await lastTrailId();
    expect((await staffPost('/api/staff/patient-details', { patientId: '99999' })).status).toBe(404);
    expect(await trailSince(since)).toEqual([expect.objectContaining({ action: 'patient_view', athenaPatientId: '99999' })]);
  });
});

describe('subscription creation', () => {
  it('manual payment: an emailed invoice, the subscription active at once; a second attempt is 409 with existingSubscription', async () => {
    const since = await lastTrailId();
    const created = await staffPost('/api/staff/create-subscription', subscriptionBody(PATIENT_IDS.margaret, 'manual_payment'));
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ subscriptionId: expect.stringMatching(/^sub_/), clientSecret: null, intentType: null, invoiceId: expect.stringMatching(/^in_/) });
    const subscriptionId = (created.body as any).subscriptionId as string;
    expect(await trailSince(since)).toEqual([
      expect.objectContaining({ action: 'create_subscription', athenaPatientId: String(PATIENT_IDS.margaret), stripeSubscriptionId: subscriptionId, membershipTier: '120_annual', paymentMethod: 'manual_payment', practiceLocation: '1' }),
    ]);
    const [subscription] = await customerSubscriptions(PATIENT_IDS.margaret);
    expect(subscription).toMatchObject({ id: subscriptionId, status: 'active', collection_method: 'send_invoice' });
    const customer = await stripeCall(portal.sandbox.url, 'GET', `/v1/customers/${String(subscription!.customer)}`);
    expect((customer.body as any).address).toMatchObject({ state: 'RI', postal_code: seeded(PATIENT_IDS.margaret).zip });

    const again = await staffPost('/api/staff/create-subscription', subscriptionBody(PATIENT_IDS.margaret, 'card', '70_biannual'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'Duplicate Subscription Detected', existingSubscription: { status: 'active', subscriptionId } });
    expect(await customerSubscriptions(PATIENT_IDS.margaret)).toHaveLength(1);
    expect((await trailSince(since)).map((row: any) => row.action)).toEqual(['create_subscription', 'create_subscription_refused']);
  });

  it('card: ten clicks at once make one subscription; the staff pay-invoice pays it, the enrollment is active, and another attempt is 409', async () => {
    const since = await lastTrailId();
    const clicks = await Promise.all(Array.from({ length: 10 }, () => staffPost('/api/staff/create-subscription', subscriptionBody(PATIENT_IDS.jordan, 'card'))));
    expect(clicks.map((click) => click.status)).toEqual(Array(10).fill(200));
    const ids = new Set(clicks.map((click) => (click.body as any).subscriptionId));
    expect(ids.size).toBe(1);
    expect(clicks[0]!.body).toMatchObject({ clientSecret: expect.stringContaining('_secret_'), intentType: 'payment', invoiceId: expect.stringMatching(/^in_/) });
    expect(await customerSubscriptions(PATIENT_IDS.jordan)).toHaveLength(1);
    expect(await portal.db.knex('enrollments').where({ athenaPatientId: String(PATIENT_IDS.jordan) })).toHaveLength(1);
    expect((await trailSince(since)).filter((row: any) => row.action === 'create_subscription')).toHaveLength(10);

    const { subscriptionId, invoiceId } = clicks[0]!.body as any;
    const paySince = await lastTrailId();
    const paid = await staffPost('/api/stripe/pay-invoice', { invoiceId, subscriptionId, paymentMethodId: await cardPaymentMethod('4242424242424242') });
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ success: true });
    expect(await trailSince(paySince)).toEqual([expect.objectContaining({ action: 'pay_invoice', athenaPatientId: String(PATIENT_IDS.jordan), stripeSubscriptionId: subscriptionId })]);
    expect(await portal.db.knex('enrollments').where({ athenaPatientId: String(PATIENT_IDS.jordan) }).first()).toMatchObject({ status: 'active', stripeSubscriptionId: subscriptionId });

    const again = await staffPost('/api/staff/create-subscription', subscriptionBody(PATIENT_IDS.jordan, 'card'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'Duplicate Subscription Detected', existingSubscription: { status: 'active', subscriptionId } });
  });

  it('card needing 3-D Secure: pay-invoice answers confirm_payment with the client secret for Stripe.js', async () => {
    const created = await staffPost('/api/staff/create-subscription', subscriptionBody(PATIENT_IDS.carol, 'card', '500_concierge_annual'));
    expect(created.status).toBe(200);
    const { subscriptionId, invoiceId } = created.body as any;
    const answer = await staffPost('/api/stripe/pay-invoice', { invoiceId, subscriptionId, paymentMethodId: await cardPaymentMethod('4000002500003155') });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ action: 'confirm_payment', clientSecret: expect.stringContaining('_secret_') });
  });

  it("pay-invoice with the staff bearer refuses a patient's own checkout exactly like an unknown subscription", async () => {
    // Harold's subscription, made by the patient path's create-subscription (no staff row names it).
    const enrollment = await portal.db.knex('enrollments').insert({ athenaPatientId: String(PATIENT_IDS.harold), membershipTier: '120_annual', status: 'payment_pending', department: '8', stripeSubscriptionId: 'sub_patientOwnCheckout1' }).returning('*');
    expect(enrollment).toHaveLength(1);
    const own = await staffPost('/api/stripe/pay-invoice', { invoiceId: 'in_patientOwnCheckout1', subscriptionId: 'sub_patientOwnCheckout1', paymentMethodId: 'pm_card_visa' });
    const unknown = await staffPost('/api/stripe/pay-invoice', { invoiceId: 'in_nobodysInvoice0001', subscriptionId: 'sub_nobodysSubscription1', paymentMethodId: 'pm_card_visa' });
    expect(own.status).toBe(404);
    expect([own.status, own.body]).toEqual([unknown.status, unknown.body]);
  });

  it('refuses the free tiers and a state longer than 2 characters', async () => {
    expect((await staffPost('/api/staff/create-subscription', subscriptionBody(PATIENT_IDS.harold, 'card', 'decline'))).status).toBe(400);
    const body = subscriptionBody(PATIENT_IDS.harold, 'card');
    expect((await staffPost('/api/staff/create-subscription', { ...body, address: { ...body.address, state: 'RIX' } })).status).toBe(400);
  });
});
