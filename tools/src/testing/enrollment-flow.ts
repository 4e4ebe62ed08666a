/**
 * A provider-login enrollment brought to the payment step over HTTP, as the browser would:
 * sign in, save the location step, create the enrollment, sign the agreement in the sandbox's
 * SignWell page and record the signature until the chart filing is done.
 */
import { submitSigningPage } from '../../../apps/provider-sandbox/src/testing.ts';
import { signIn } from './sign-in.ts';

export type PortalBrowser = Awaited<ReturnType<typeof signIn>>['portal'];

export interface JsonAnswer {
  readonly status: number;
  readonly body: any;
}

export const jsonCall = async (browser: PortalBrowser, apiUrl: string, method: string, path: string, body?: unknown): Promise<JsonAnswer> => {
  const response = await browser.fetch(`${apiUrl}${path}`, {
    method,
    headers: { Origin: apiUrl, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
};

export const signedInForEnrollment = async (apiUrl: string, personId: number, actFor?: number): Promise<PortalBrowser> => {
  const { portal: browser } = await signIn({ apiUrl, personId, ...(actFor === undefined ? {} : { actFor }) });
  const saved = await jsonCall(browser, apiUrl, 'POST', '/api/auth/update-session', { practiceLocation: '1', workflowType: 'enrollment', hasMedicareInsurance: 'no' });
  if (saved.status !== 200) throw new Error(`update-session answered ${saved.status}`);
  return browser;
};

/** An existing patient's enrollment, signed and filed: ready for create-subscription. */
export const signedEnrollment = async (apiUrl: string, browser: PortalBrowser, patientId: number, membershipTier: string, signerName: string): Promise<string> => {
  const created = await jsonCall(browser, apiUrl, 'POST', '/api/enrollments/oauth', { patientId: String(patientId), practiceLocation: '1', membershipTier });
  if (created.status !== 201) throw new Error(`enrollment answered ${created.status}: ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  const document = await jsonCall(browser, apiUrl, 'POST', `/api/enrollments/${id}/create-document`);
  if (document.status !== 200) throw new Error(`create-document answered ${document.status}: ${JSON.stringify(document.body)}`);
  await submitSigningPage(document.body.embeddedUrl, { fullName: signerName });
  for (let tries = 0; tries < 30; tries += 1) {
    const signed = await jsonCall(browser, apiUrl, 'POST', `/api/enrollments/${id}/signature`, { documentId: document.body.documentId });
    if (signed.status === 200 && signed.body.upload === 'uploaded') return id;
    if (signed.status !== 200) throw new Error(`signature answered ${signed.status}: ${JSON.stringify(signed.body)}`);
  }
  throw new Error('the signed agreement was not filed in time');
};

/**
 * A signed enrollment paid as the browser pays it: create-subscription, the card confirmed the way
 * Stripe.js confirms it (against the sandbox's Stripe, test card 4242), then /payment. Active.
 */
export const paidEnrollment = async (apiUrl: string, sandboxUrl: string, browser: PortalBrowser, enrollmentId: string): Promise<void> => {
  const stripe = async (path: string, form: Record<string, string>) => {
    const response = await fetch(`${sandboxUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: 'Bearer pk_test_portal_sandbox', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return (await response.json()) as Record<string, any>;
  };
  const started = await jsonCall(browser, apiUrl, 'POST', `/api/enrollments/${enrollmentId}/create-subscription`);
  if (started.status !== 200) throw new Error(`create-subscription answered ${started.status}: ${JSON.stringify(started.body)}`);
  const clientSecret = started.body.clientSecret as string;
  const method = await stripe('/v1/payment_methods', { type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2030', 'card[cvc]': '123' });
  await stripe(`/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`, { client_secret: clientSecret, payment_method: method.id as string, return_url: `${apiUrl}/pay/return` });
  const paid = await jsonCall(browser, apiUrl, 'POST', `/api/enrollments/${enrollmentId}/payment`, {});
  if (paid.status !== 200) throw new Error(`payment answered ${paid.status}: ${JSON.stringify(paid.body)}`);
};
