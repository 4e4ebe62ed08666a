/**
 * What the enrollment screens need (enrollment-and-payment §2, §4): guests and provider-login
 * patients at each step of the wizard, set up through the running portal as the browser gets
 * there — the guest verification, the enrollment, the SignWell signing page, Stripe.js's calls
 * with the sandbox's publishable key. Each answers the values the pact's requests take:
 * `sessionCookie` or `guestToken`, and `enrollmentId`, `documentId`, `invoiceId`,
 * `subscriptionId`, `paymentMethodId`.
 */
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { submitSigningPage } from '../../../../provider-sandbox/src/testing.ts';
import { jsonCall, paidEnrollment, signedEnrollment, signedInForEnrollment, type PortalBrowser } from '../../../../../tools/src/testing/enrollment-flow.ts';
import { verifiedGuest, type VerifiedGuest } from '../../../../../tools/src/testing/guest.ts';
import { existingPatientForm, newPatientForm } from '../../../../../tools/src/testing/guest-forms.ts';
import type { TestPortal } from '../../../../../tools/src/testing/portal.ts';
import { signedInCookie } from './common.ts';
import type { ProviderStates, StateValues } from './types.ts';

const STRIPE_PUBLISHABLE_KEY = 'pk_test_portal_sandbox';
const STRIPE_SECRET_KEY = 'sk_test_portal_sandbox';

const cookieOf = (browser: PortalBrowser): string => {
  const value = browser.jar.get('portal_session');
  if (!value) throw new Error('no session cookie');
  return `portal_session=${value}`;
};

const expectStatus = (what: string, answer: { status: number; body: unknown }, status: number): void => {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
};

/** A form-encoded call to the sandbox's Stripe, as Stripe.js (publishable key) or our server (secret key) makes it. */
const stripe = async (portal: TestPortal, key: string, path: string, form: Record<string, string>): Promise<Record<string, any>> => {
  const response = await fetch(`${portal.sandbox.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const body = (await response.json()) as Record<string, any>;
  if (!response.ok) throw new Error(`stripe ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
};

/** The card Stripe.js makes from the card element (test card 4242). */
const cardPaymentMethod = async (portal: TestPortal): Promise<string> =>
  (await stripe(portal, STRIPE_PUBLISHABLE_KEY, '/v1/payment_methods', { type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2030', 'card[cvc]': '123' })).id as string;

// ---------------------------------------------------------------------------------------------
// Provider-login patients (Margaret Sullivan, 5101, department 1)

/** Signed in, with the practice location and the Medicare answer saved (the tier screen). */
const atTierScreen = (portal: TestPortal): Promise<PortalBrowser> => signedInForEnrollment(portal.url, PATIENT_IDS.margaret);

const oauthEnrollment = async (portal: TestPortal, browser: PortalBrowser, membershipTier: string): Promise<string> => {
  const created = await jsonCall(browser, portal.url, 'POST', '/api/enrollments/oauth', { patientId: String(PATIENT_IDS.margaret), practiceLocation: '1', membershipTier });
  expectStatus('enrollment', created, 201);
  return created.body.id as string;
};

/** The agreement created and signed on the sandbox's SignWell page; the signature not yet recorded. */
const signedInSignWell = async (portal: TestPortal): Promise<StateValues> => {
  const browser = await atTierScreen(portal);
  const enrollmentId = await oauthEnrollment(portal, browser, '120_annual');
  const document = await jsonCall(browser, portal.url, 'POST', `/api/enrollments/${enrollmentId}/create-document`);
  expectStatus('create-document', document, 200);
  await submitSigningPage(document.body.embeddedUrl as string, { fullName: 'Margaret Sullivan' });
  return { sessionCookie: cookieOf(browser), enrollmentId, documentId: document.body.documentId as string };
};

/** Signed and filed, the subscription created (payment_pending): the card form is showing. */
const atCardForm = async (portal: TestPortal) => {
  const browser = await atTierScreen(portal);
  const enrollmentId = await signedEnrollment(portal.url, browser, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan');
  const setup = await jsonCall(browser, portal.url, 'POST', `/api/enrollments/${enrollmentId}/create-subscription`);
  expectStatus('create-subscription', setup, 200);
  return { browser, enrollmentId, setup: setup.body as { clientSecret: string; invoiceId: string; subscriptionId: string } };
};

// ---------------------------------------------------------------------------------------------
// Guests

const MARGARET_EMAIL = 'margaret.sullivan@example.com';
const MARGARET_PHONE = '4015550111';
const NEW_PATIENT_EMAIL = 'avery.lindqvist@example.com';
const NEW_PATIENT_PHONE = '4015550142';

const guestCall = async (portal: TestPortal, guest: VerifiedGuest, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${portal.url}${path}`, {
    method,
    headers: { ...guest.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as any };
};


/** A new patient's guest enrollment with the agreement signed and filed: the privacy notice is next. */
const newPatientAgreementSigned = async (portal: TestPortal): Promise<{ guest: VerifiedGuest; enrollmentId: string }> => {
  const guest = await verifiedGuest(portal, NEW_PATIENT_EMAIL, NEW_PATIENT_PHONE);
  const created = await guestCall(portal, guest, 'POST', '/api/enrollments', newPatientForm(guest));
  expectStatus('guest enrollment', created, 201);
  const enrollmentId = created.body.id as string;
  const document = await guestCall(portal, guest, 'POST', `/api/enrollments/${enrollmentId}/create-document`);
  expectStatus('create-document', document, 200);
  await submitSigningPage(document.body.embeddedUrl as string, { fullName: 'Avery Lindqvist' });
  for (let tries = 0; tries < 30; tries += 1) {
    const signed = await guestCall(portal, guest, 'POST', `/api/enrollments/${enrollmentId}/signature`, { documentId: document.body.documentId });
    expectStatus('signature', signed, 200);
    if (signed.body.upload === 'uploaded') return { guest, enrollmentId };
  }
  throw new Error('the signed agreement was not filed in time');
};

export const enrollmentStates: ProviderStates = {
  // ---- provider login ----

  /** Carol Bennett signed in as herself: her contacts are herself, her father Harold and her daughter Emma. */
  'a signed-in caregiver who acts for two patients': async (portal) => ({ sessionCookie: await signedInCookie(portal.url, PATIENT_IDS.carol) }),

  /** Margaret past the practice-location screen (location 1, Medicare 'no' saved): the tier screen. */
  'a signed-in patient who has chosen a practice location': async (portal) => ({ sessionCookie: cookieOf(await atTierScreen(portal)) }),

  'a signed-in patient with a pending enrollment': async (portal) => {
    const browser = await atTierScreen(portal);
    return { sessionCookie: cookieOf(browser), enrollmentId: await oauthEnrollment(portal, browser, '120_annual') };
  },

  'a signed-in patient who declined the membership': async (portal) => {
    const browser = await atTierScreen(portal);
    return { sessionCookie: cookieOf(browser), enrollmentId: await oauthEnrollment(portal, browser, 'decline') };
  },

  'a signed-in patient who has signed the agreement in SignWell': signedInSignWell,

  'a signed-in patient with a signed agreement': async (portal) => {
    const browser = await atTierScreen(portal);
    const enrollmentId = await signedEnrollment(portal.url, browser, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan');
    return { sessionCookie: cookieOf(browser), enrollmentId };
  },

  /** The subscription's invoice open, a card saved by Stripe.js: pay-invoice charges it. */
  'a signed-in patient with an open invoice and a saved card': async (portal) => {
    const { browser, enrollmentId, setup } = await atCardForm(portal);
    return {
      sessionCookie: cookieOf(browser),
      enrollmentId,
      invoiceId: setup.invoiceId,
      subscriptionId: setup.subscriptionId,
      paymentMethodId: await cardPaymentMethod(portal),
    };
  },

  /** Stripe.js confirmed the card payment; the portal has not recorded it yet. */
  'a signed-in patient whose card payment went through': async (portal) => {
    const { browser, enrollmentId, setup } = await atCardForm(portal);
    const paymentMethod = await cardPaymentMethod(portal);
    await stripe(portal, STRIPE_PUBLISHABLE_KEY, `/v1/payment_intents/${setup.clientSecret.split('_secret_')[0]}/confirm`, {
      client_secret: setup.clientSecret,
      payment_method: paymentMethod,
      return_url: `${portal.url}/pay/return`,
    });
    return { sessionCookie: cookieOf(browser), enrollmentId };
  },

  'a signed-in member whose enrollment is paid': async (portal) => {
    const browser = await atTierScreen(portal);
    const enrollmentId = await signedEnrollment(portal.url, browser, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan');
    await paidEnrollment(portal.url, portal.sandbox.url, browser, enrollmentId);
    return { sessionCookie: cookieOf(browser), enrollmentId };
  },

  /**
   * Margaret pays one membership, then sets it to cancel at the period end (Stripe's billing
   * portal); a second enrollment, signed, reaches the payment step, which offers to turn
   * auto-renewal back on ('Existing Subscription Found').
   */
  'a paying member whose subscription is set to cancel, at the payment step of a new enrollment': async (portal) => {
    const browser = await atTierScreen(portal);
    const first = await signedEnrollment(portal.url, browser, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan');
    const second = await signedEnrollment(portal.url, browser, PATIENT_IDS.margaret, '70_biannual', 'Margaret Sullivan');
    await paidEnrollment(portal.url, portal.sandbox.url, browser, first);
    const subscriptionId = (await portal.db.knex('enrollments').where({ id: first }).first('stripeSubscriptionId')).stripeSubscriptionId as string;
    await stripe(portal, STRIPE_SECRET_KEY, `/v1/subscriptions/${subscriptionId}`, { cancel_at_period_end: 'true' });
    const offer = await jsonCall(browser, portal.url, 'POST', `/api/enrollments/${second}/create-subscription`);
    expectStatus('create-subscription', offer, 200);
    if (offer.body.requiresConfirmation !== true) throw new Error(`no reactivation offer: ${JSON.stringify(offer.body)}`);
    return { sessionCookie: cookieOf(browser), enrollmentId: second };
  },

  // ---- guests ----

  /** Margaret verified her own email and phone on /guest-login: the Patient Info form. */
  'a verified guest who is an existing patient': async (portal) => ({ guestToken: (await verifiedGuest(portal, MARGARET_EMAIL, MARGARET_PHONE)).verificationToken }),

  'a guest with a pending enrollment': async (portal) => {
    const guest = await verifiedGuest(portal, MARGARET_EMAIL, MARGARET_PHONE);
    const created = await guestCall(portal, guest, 'POST', '/api/enrollments', existingPatientForm(guest));
    expectStatus('guest enrollment', created, 201);
    return { guestToken: guest.verificationToken, enrollmentId: created.body.id as string };
  },

  'a guest new patient whose agreement is signed': async (portal) => {
    const { guest, enrollmentId } = await newPatientAgreementSigned(portal);
    return { guestToken: guest.verificationToken, enrollmentId };
  },

  /** The privacy notice created and signed on the sandbox's SignWell page; not yet recorded. */
  'a guest new patient who has signed the privacy notice in SignWell': async (portal) => {
    const { guest, enrollmentId } = await newPatientAgreementSigned(portal);
    const document = await guestCall(portal, guest, 'POST', `/api/enrollments/${enrollmentId}/create-privacy-document`);
    expectStatus('create-privacy-document', document, 200);
    await submitSigningPage(document.body.embeddedUrl as string, { fullName: 'Avery Lindqvist' });
    return { guestToken: guest.verificationToken, enrollmentId, documentId: document.body.documentId as string };
  },
};
