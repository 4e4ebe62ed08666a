/**
 * An answer the enrollment screens cannot decode (the API changed under a loaded remote): the
 * client reports its field names and throws ApiContractError, and every screen shows its generic
 * error (enrollment-and-payment §8), never the technical text.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { createApiClient } from '@portal/client';
import type { ApiClient } from '@portal/client';
import { payInvoiceWith, recordPaymentWith } from './checkout.ts';
import type { CardProvider } from './checkout.ts';
import { isNotFoundError } from './declination.ts';
import {
  createGuestEnrollment,
  createOAuthEnrollment,
  createSigningDocument,
  createSubscription,
  fetchConfig,
  fetchEnrollment,
  fetchEnrollmentComplete,
  fetchPatientContacts,
  fetchProviders,
  payInvoice,
  reactivateSubscription,
  recordPayment,
  recordSignature,
  updateSession,
  verifyDocumentCompletion,
} from './enrollment-api.ts';
import { createEnrollmentErrorNotice, saveFailure } from './errors.ts';
import {
  CREATE_ENROLLMENT_ERROR,
  CREATE_ENROLLMENT_ERROR_TITLE,
  DOCUMENT_PROCESSING_FAILED_TEXT,
  DOCUMENT_PROCESSING_FAILED_TITLE,
  ERROR_TITLE,
  PAYMENT_ERROR_TITLE,
  SAVE_PATIENT_ERROR,
  UNEXPECTED_ERROR,
} from './messages.ts';
import { createSubscriptionWithRetry } from './payment.ts';
import { completeSigning, processingFailure } from './signing.ts';
import { paymentMessages } from './payment/i18n.ts';

// The screens' texts come from the catalogs; these tests read them in English.
beforeAll(() => paymentMessages.load('en-US'));

const ENROLLMENT_ID = '3f2b8c1e-7d4a-4e9b-a6c5-1b2d3e4f5a6b';

interface Sent {
  readonly url: string;
  readonly body: unknown;
}

/** A client whose API answers every call with `body` (200), recording what the page sends. */
const clientAnswering = (body: unknown): { client: ApiClient; sent: Sent[] } => {
  const sent: Sent[] = [];
  const client = createApiClient({
    fetch: async (input, init) => {
      sent.push({ url: String(input), body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      return new Response(JSON.stringify(body), { status: 200 });
    },
    storage: () => null,
    onSessionExpired: () => undefined,
  });
  return { client, sent };
};

const mismatch = async (call: (client: ApiClient) => Promise<unknown>, body: unknown = { unexpected: true }): Promise<unknown> => {
  const { client } = clientAnswering(body);
  return call(client).then(
    () => {
      throw new Error('the answer decoded');
    },
    (error: unknown) => error,
  );
};

const noStripe = {} as CardProvider;

describe('an answer in a shape the enrollment screens do not know', () => {
  it('is reported by field names, with the id out of the path, and thrown as ApiContractError', async () => {
    const { client, sent } = clientAnswering({ clientSecret: 42, intentType: 'payment' });
    const error = await createSubscription(client, ENROLLMENT_ID).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ApiContractError' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const report = sent.find((call) => call.url === '/api/client-errors');
    expect(report?.body).toMatchObject({ kind: 'contract-mismatch', method: 'POST', path: '/api/enrollments/:id/create-subscription' });
    expect(JSON.stringify(report?.body)).not.toContain('42');
  });

  it('decodes every call of the module', async () => {
    const calls: ReadonlyArray<(client: ApiClient) => Promise<unknown>> = [
      (client) => fetchConfig(client),
      (client) => fetchPatientContacts(client),
      (client) => updateSession(client, { billingEmail: 'billing@example.com' }),
      (client) => fetchProviders(client, '1'),
      (client) => createGuestEnrollment(client, {}),
      (client) => createOAuthEnrollment(client, { patientId: '5101', practiceLocation: '1', membershipTier: '120_annual' }),
      (client) => fetchEnrollment(client, ENROLLMENT_ID),
      (client) => fetchEnrollmentComplete(client, ENROLLMENT_ID),
      (client) => createSigningDocument(client, 'agreement', ENROLLMENT_ID),
      (client) => verifyDocumentCompletion(client, ENROLLMENT_ID),
      (client) => recordSignature(client, 'privacy', ENROLLMENT_ID, ENROLLMENT_ID),
      (client) => payInvoice(client, { invoiceId: 'in_1', paymentMethodId: 'pm_1', subscriptionId: 'sub_1' }),
      (client) => createSubscription(client, ENROLLMENT_ID),
      (client) => recordPayment(client, ENROLLMENT_ID),
      (client) => reactivateSubscription(client, ENROLLMENT_ID),
    ];
    expect(calls).toHaveLength(15);
    for (const call of calls) expect(await mismatch(call, { status: 'not-a-status', id: 7 })).toMatchObject({ name: 'ApiContractError' });
  });

  it("shows the guest form's 'Failed to save patient information…'", async () => {
    const error = await mismatch((client) => createGuestEnrollment(client, {}));
    expect(saveFailure(error)).toEqual({ kind: 'notice', notice: { title: ERROR_TITLE, description: SAVE_PATIENT_ERROR } });
  });

  it("shows the tier screen's 'Error creating enrollment'", async () => {
    const error = await mismatch((client) => createOAuthEnrollment(client, { patientId: '5101', practiceLocation: '1', membershipTier: '120_annual' }));
    expect(createEnrollmentErrorNotice(error)).toEqual({ title: CREATE_ENROLLMENT_ERROR_TITLE, description: CREATE_ENROLLMENT_ERROR });
  });

  it("shows the resume page's load error, not 'not found'", async () => {
    expect(isNotFoundError(await mismatch((client) => fetchEnrollment(client, ENROLLMENT_ID)))).toBe(false);
  });

  it("counts a completion check as not complete, and a signature as 'Document Processing Failed'", async () => {
    const verifyError = await mismatch((client) => verifyDocumentCompletion(client, ENROLLMENT_ID));
    const result = await completeSigning(ENROLLMENT_ID, {
      verify: () => Promise.reject(verifyError),
      submit: () => Promise.reject(new Error('not reached')),
      sleep: async () => undefined,
    });
    expect(result).toEqual({ kind: 'not-complete' });
    const signatureError = await mismatch((client) => recordSignature(client, 'agreement', ENROLLMENT_ID, ENROLLMENT_ID));
    expect(processingFailure(signatureError, 'agreement')).toEqual({ title: DOCUMENT_PROCESSING_FAILED_TITLE, description: DOCUMENT_PROCESSING_FAILED_TEXT, critical: false });
  });

  it("shows 'Payment Error' with 'An unexpected error occurred.' for create-subscription, pay-invoice and payment", async () => {
    const setupError = await mismatch((client) => createSubscription(client, ENROLLMENT_ID));
    expect(await createSubscriptionWithRetry(() => Promise.reject(setupError), async () => undefined)).toEqual({
      kind: 'error',
      title: PAYMENT_ERROR_TITLE,
      message: UNEXPECTED_ERROR,
    });

    const payError = await mismatch((client) => payInvoice(client, { invoiceId: 'in_1', paymentMethodId: 'pm_1', subscriptionId: 'sub_1' }));
    const paid = await payInvoiceWith(
      { stripe: noStripe, api: { payInvoice: () => Promise.reject(payError) }, returnUrl: 'http://localhost/pay/return' },
      { invoiceId: 'in_1', paymentMethodId: 'pm_1', subscriptionId: 'sub_1' },
    );
    expect(paid).toEqual({ kind: 'failed', notice: { title: PAYMENT_ERROR_TITLE, message: UNEXPECTED_ERROR }, declined: false });

    const recordError = await mismatch((client) => recordPayment(client, ENROLLMENT_ID));
    expect(await recordPaymentWith({ recordPayment: () => Promise.reject(recordError) }, ENROLLMENT_ID, null)).toEqual({
      title: PAYMENT_ERROR_TITLE,
      message: UNEXPECTED_ERROR,
    });
  });
});
