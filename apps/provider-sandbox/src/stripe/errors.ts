/**
 * Stripe's error shape: `{error: {type, code?, decline_code?, message, param?, doc_url?, ...}}` with
 * Stripe's statuses (400 invalid request, 401 bad key, 402 card error, 404 no such object, 409
 * conflict). A thrown StripeError rolls the request back and is not stored for its idempotency key.
 */

export class StripeError extends Error {
  override readonly name = 'StripeError';
  readonly status: number;
  readonly body: { readonly error: Readonly<Record<string, unknown>> };
  constructor(status: number, error: Readonly<Record<string, unknown>> & { readonly type: string; readonly message: string }) {
    super(error.message);
    this.status = status;
    this.body = { error };
  }
}

const DOCS = 'https://docs.stripe.com/error-codes';

export const invalidRequest = (message: string, param?: string, code?: string): StripeError =>
  new StripeError(400, {
    type: 'invalid_request_error',
    message,
    ...(code === undefined ? {} : { code, doc_url: `${DOCS}/${code.replace(/_/g, '-')}` }),
    ...(param === undefined ? {} : { param }),
  });

export const missingParam = (param: string): StripeError => invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

/** How Stripe names a kind in "No such …" (a PaymentMethod is "No such PaymentMethod: 'pm_…'"). */
const KIND_NAMES: Readonly<Record<string, string>> = { payment_method: 'PaymentMethod' };

export const noSuchObject = (kind: string, id: string, param = 'id'): StripeError =>
  new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: `${DOCS}/resource-missing`,
    message: `No such ${KIND_NAMES[kind] ?? kind}: '${id}'`,
    param,
  });

export const unauthorized = (message: string): StripeError => new StripeError(401, { type: 'invalid_request_error', message });

/** A card_error body (402) with the decline details Stripe gives. */
export const cardErrorBody = (fields: {
  readonly code: string;
  readonly declineCode: string | null;
  readonly message: string;
  readonly param?: string;
  readonly extra?: Readonly<Record<string, unknown>>;
}): { error: Record<string, unknown> } => ({
  error: {
    type: 'card_error',
    code: fields.code,
    ...(fields.declineCode === null ? {} : { decline_code: fields.declineCode }),
    doc_url: `${DOCS}/${fields.code.replace(/_/g, '-')}`,
    message: fields.message,
    ...(fields.param === undefined ? {} : { param: fields.param }),
    ...fields.extra,
  },
});
