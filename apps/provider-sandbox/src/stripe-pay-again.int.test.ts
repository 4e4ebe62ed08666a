/**
 * The pay-again path against a Stripe as strict as its reference (issue 24, finding 1): the whole
 * portal (our API, the provider sandbox as Stripe and athenahealth, a real PostgreSQL).
 *
 * docs.stripe.com/api/invoices/pay: `payment_method` "must be the ID of a PaymentMethod belonging
 * to the customer associated with the invoice". A card Stripe.js makes in the browser
 * (POST /v1/payment_methods with the publishable key) belongs to no customer; the API pays the
 * invoice with it after a decline (patients) and for every staff card payment. The sandbox refuses
 * such a card (400 invalid_request_error, param payment_method), so these fail unless the portal
 * attaches the card to the invoice's customer first (docs/decisions/0051).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS, seedPatients } from './seed/patients.ts';
import { stripeCall } from './testing.ts';
import { jsonCall, signedEnrollment, signedInForEnrollment } from '../../../tools/src/testing/enrollment-flow.ts';
import { startTestPortal, type TestPortal } from '../../../tools/src/testing/portal.ts';
import { send, staffSignIn } from '../../api/src/http/security/actors.ts';

let portal: TestPortal;
const PUBLISHABLE = 'pk_test_portal_sandbox';

beforeAll(async () => {
  portal = await startTestPortal();
}, 90_000);
afterAll(async () => {
  await portal?.close();
});

/** A card as Stripe.js creates it in the browser: no customer. */
const browserCard = async (number: string): Promise<string> => {
  const method = await stripeCall(portal.sandbox.url, 'POST', '/v1/payment_methods', { type: 'card', card: { number, exp_month: '12', exp_year: '2030', cvc: '123' } }, { key: PUBLISHABLE });
  expect(method.status).toBe(200);
  expect((method.body as { customer: unknown }).customer).toBeNull();
  return String((method.body as { id: string }).id);
};

const invoiceOf = async (invoiceId: string) => (await stripeCall(portal.sandbox.url, 'GET', `/v1/invoices/${invoiceId}`)).body as Record<string, any>;

/** The 3-D Secure page answered as the person would (complete or fail). */
const authenticate = async (clientSecret: string, outcome: 'complete' | 'fail'): Promise<void> => {
  const intent = clientSecret.split('_secret_')[0]!;
  const answer = await fetch(`${portal.sandbox.url}/stripe/3ds/${intent}`, { method: 'POST', body: new URLSearchParams({ client_secret: clientSecret, outcome }), redirect: 'manual' });
  expect(answer.status).toBeLessThan(400);
};

describe('a patient pays again with a new card after a decline (pay-invoice)', () => {
  it('declined card → 402 with the decline; a second new card pays the same invoice; the card is the customer\'s and the subscription\'s', async () => {
    const margaret = await signedInForEnrollment(portal.url, PATIENT_IDS.margaret);
    const id = await signedEnrollment(portal.url, margaret, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan');
    const setup = (await jsonCall(margaret, portal.url, 'POST', `/api/enrollments/${id}/create-subscription`)).body;
    const pay = async (paymentMethodId: string) => jsonCall(margaret, portal.url, 'POST', '/api/stripe/pay-invoice', { invoiceId: setup.invoiceId, subscriptionId: setup.subscriptionId, paymentMethodId });

    const declined = await pay(await browserCard('4000000000000002'));
    expect({ status: declined.status, body: declined.body }).toEqual({ status: 402, body: { error: 'Your card was declined.', code: 'card_declined', declineCode: 'generic_decline' } });
    expect((await invoiceOf(setup.invoiceId)).status).toBe('open');

    // 0341 attaches, then the charge is declined: the decline comes from /pay this time.
    const chargeFails = await pay(await browserCard('4000000000000341'));
    expect({ status: chargeFails.status, body: chargeFails.body }).toEqual({ status: 402, body: { error: 'Your card was declined.', code: 'card_declined', declineCode: 'generic_decline' } });

    const good = await browserCard('4242424242424242');
    const paid = await pay(good);
    expect({ status: paid.status, body: paid.body }).toEqual({ status: 200, body: { success: true } });
    const invoice = await invoiceOf(setup.invoiceId);
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 12000 });
    expect((await stripeCall(portal.sandbox.url, 'GET', `/v1/payment_methods/${good}`)).body).toMatchObject({ customer: invoice.customer });
    expect((await stripeCall(portal.sandbox.url, 'GET', `/v1/subscriptions/${setup.subscriptionId}`)).body).toMatchObject({ status: 'active', default_payment_method: good });
    const recorded = await jsonCall(margaret, portal.url, 'POST', `/api/enrollments/${id}/payment`, {});
    expect(recorded).toMatchObject({ status: 200, body: { success: true, status: 'active' } });
  }, 60_000);

  it('3-D Secure on pay-invoice in both of Stripe\'s answers (authentication_required, invoice_payment_intent_requires_action): confirm_payment, then the challenge pays it', async () => {
    const carol = await signedInForEnrollment(portal.url, PATIENT_IDS.carol, PATIENT_IDS.harold);
    const id = await signedEnrollment(portal.url, carol, PATIENT_IDS.harold, '70_biannual', 'Carol Bennett');
    const setup = (await jsonCall(carol, portal.url, 'POST', `/api/enrollments/${id}/create-subscription`)).body;
    const pay = async (paymentMethodId: string) => jsonCall(carol, portal.url, 'POST', '/api/stripe/pay-invoice', { invoiceId: setup.invoiceId, subscriptionId: setup.subscriptionId, paymentMethodId });
    // 3220: the sandbox answers invoice_payment_intent_requires_action (no intent in the error).
    const first = await pay(await browserCard('4000000000003220'));
    expect({ status: first.status, body: first.body }).toEqual({ status: 200, body: { action: 'confirm_payment', clientSecret: expect.stringContaining('_secret_') } });
    await authenticate(first.body.clientSecret, 'fail');
    expect((await invoiceOf(setup.invoiceId)).status).toBe('open');
    // 3155: card_error authentication_required carrying the intent; the challenge completes.
    const second = await pay(await browserCard('4000002500003155'));
    expect({ status: second.status, body: second.body }).toEqual({ status: 200, body: { action: 'confirm_payment', clientSecret: expect.stringContaining('_secret_') } });
    await authenticate(second.body.clientSecret, 'complete');
    expect((await invoiceOf(setup.invoiceId)).status).toBe('paid');
    expect((await jsonCall(carol, portal.url, 'POST', `/api/enrollments/${id}/payment`, {})).body).toMatchObject({ success: true, status: 'active' });
  }, 60_000);
});

describe("staff's pay-invoice with the card Stripe.js made", () => {
  it('declined card → 402; a second new card pays; the enrollment is active', async () => {
    const token = await staffSignIn(portal, 'front.desk@mdri-primarycare.example', 'Front Desk');
    const staffPost = (path: string, body: unknown) => send(portal, null, { method: 'POST', path, body, headers: { Authorization: `Bearer ${token}` } });
    const patient = seedPatients(new Date()).find((candidate) => candidate.patientid === PATIENT_IDS.jordan)!;
    const created = await staffPost('/api/staff/create-subscription', {
      patientId: String(PATIENT_IDS.jordan),
      membershipTier: '120_annual',
      email: `billing.${PATIENT_IDS.jordan}@example.com`,
      address: { line1: patient.address1, line2: '', city: patient.city, state: 'ri', postalCode: patient.zip },
      paymentMethod: 'card',
      patientName: `${patient.firstname} ${patient.lastname}`,
      department: patient.primarydepartmentid,
    });
    expect(created.status).toBe(200);
    const { subscriptionId, invoiceId } = created.body as { subscriptionId: string; invoiceId: string };

    const declined = await staffPost('/api/stripe/pay-invoice', { invoiceId, subscriptionId, paymentMethodId: await browserCard('4000000000000002') });
    expect(declined.status).toBe(402);
    expect((await invoiceOf(invoiceId)).status).toBe('open');
    const paid = await staffPost('/api/stripe/pay-invoice', { invoiceId, subscriptionId, paymentMethodId: await browserCard('5555555555554444') });
    expect({ status: paid.status, body: paid.body }).toEqual({ status: 200, body: { success: true } });
    expect(await portal.db.knex('enrollments').where({ athenaPatientId: String(PATIENT_IDS.jordan) }).first()).toMatchObject({ status: 'active', stripeSubscriptionId: subscriptionId });
  }, 60_000);
});
