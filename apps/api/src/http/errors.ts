/**
 * The one error middleware: every failure leaves the API as JSON in one of three shapes.
 * - decode failures: 400 { error, message, errors: [{ field, message }] } with the spec's messages;
 * - known errors (HttpError): their status and body;
 * - anything else: 500 { error: 'Internal Server Error', requestId } and nothing of the internals.
 */
import { isLeft } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { Context, Next } from 'koa';
import { STATUS_CODES } from 'node:http';
import { INVALID_PAYMENT_METHOD_MESSAGE, decodeBody, validationErrorBody, type ValidationFailure } from '@portal/contracts';
import type { Logger } from '@portal/composition';

export const HEALTH_RECORD_UNAVAILABLE_MESSAGE = "The practice's health record is not answering right now. Please try again in a moment.";

export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly body: Readonly<Record<string, unknown>>;

  constructor(status: number, body: Readonly<Record<string, unknown>> & { readonly error: string }) {
    super(body.error);
    this.status = status;
    this.body = body;
  }
}

/** A request body or query that failed its codec. */
export class ValidationError extends HttpError {
  constructor(failure: ValidationFailure) {
    super(400, validationErrorBody(failure));
  }
}

/** The decoded body, or a ValidationError carrying the spec's message for each failing field. */
export const decodeOrThrow = <A>(codec: t.Decoder<unknown, A>, input: unknown): A => {
  const result = decodeBody(codec, input);
  if (isLeft(result)) throw new ValidationError(result.left);
  return result.right;
};

const isClientError = (error: unknown): error is { status: number; expose: boolean; message: string } =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { status?: unknown }).status === 'number' &&
  (error as { status: number }).status >= 400 &&
  (error as { status: number }).status < 500 &&
  (error as { expose?: unknown }).expose === true;

export const PAYMENT_UNAVAILABLE_MESSAGE = 'The payment service is not answering right now. Please wait a moment and check your membership on the dashboard before trying again.';
export const SIGNING_UNAVAILABLE_MESSAGE = 'The e-signature service is not answering right now. Please try again in a moment.';

/** A provider that did not answer (after its adapter's retries): 503 with what the user can do. */
const PROVIDER_DOWN: Readonly<Record<string, { readonly log: string; readonly error: string; readonly message: string }>> = {
  HealthRecordUnavailableError: { log: 'health record unavailable', error: 'Health record unavailable', message: HEALTH_RECORD_UNAVAILABLE_MESSAGE },
  CardsUnavailableError: { log: 'payment service unavailable', error: 'Payment service unavailable', message: PAYMENT_UNAVAILABLE_MESSAGE },
  SigningUnavailableError: { log: 'signing service unavailable', error: 'Signing service unavailable', message: SIGNING_UNAVAILABLE_MESSAGE },
};

export const PAYMENT_DETAILS_REFUSED_MESSAGE = 'The payment service did not accept these details. Please check them and try again.';

/**
 * Stripe refused a request (4xx, not an outage): our input was wrong, so the caller gets a 400
 * naming the field where Stripe says which parameter it was, never a 500 or a 503. Keys are
 * Stripe's `param`; values our field and message.
 */
const CARD_PARAMS: Readonly<Record<string, { readonly field: string; readonly message: string }>> = {
  payment_method: { field: 'paymentMethodId', message: INVALID_PAYMENT_METHOD_MESSAGE },
  email: { field: 'billingEmail', message: 'Invalid billing email address' },
  invoice: { field: 'invoiceId', message: 'Invalid invoice ID' },
  subscription: { field: 'subscriptionId', message: 'Invalid subscription ID' },
  customer: { field: 'customer', message: PAYMENT_DETAILS_REFUSED_MESSAGE },
};

const cardRefusal = (error: unknown): Readonly<Record<string, unknown>> & { readonly error: string } => {
  const param = (error as { cause?: { param?: unknown } } | undefined)?.cause?.param;
  const known = typeof param === 'string' && Object.hasOwn(CARD_PARAMS, param) ? CARD_PARAMS[param] : undefined;
  if (known) return { error: 'Validation failed', message: known.message, errors: [{ field: known.field, message: known.message }] };
  return { error: 'Payment details not accepted', message: PAYMENT_DETAILS_REFUSED_MESSAGE };
};

/** Status texts for errors answered without a body (the router's 405 and 501, Koa's own). */
const STATUS_TEXT: Readonly<Record<number, string>> = { 405: 'Method Not Allowed', 501: 'Not Implemented' };

export const errorMiddleware = (logger: Logger) => async (ctx: Context, next: Next): Promise<void> => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
      ctx.status = 404;
      ctx.body = { error: 'Not Found' };
    } else if (ctx.status >= 400 && (ctx.body === undefined || ctx.body === null) && ctx.path.startsWith('/api/')) {
      // The router's allowedMethods answers 405 and 501 without a body: JSON like every other error.
      const status = ctx.status;
      ctx.body = { error: STATUS_TEXT[status] ?? STATUS_CODES[status] ?? 'Error' };
      ctx.status = status;
    }
  } catch (error) {
    if (error instanceof HttpError) {
      ctx.status = error.status;
      ctx.body = error.body;
      if (typeof error.body.retryAfterSeconds === 'number') ctx.set('Retry-After', String(error.body.retryAfterSeconds));
      return;
    }
    const name = (error as Error | undefined)?.name ?? '';
    const provider = Object.hasOwn(PROVIDER_DOWN, name) ? PROVIDER_DOWN[name] : undefined;
    if (provider) {
      logger.warn({ requestId: String(ctx.state.requestId ?? ''), path: ctx.path, err: error }, provider.log);
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = { error: provider.error, message: provider.message };
      return;
    }
    if (name === 'CardsRejectedError') {
      // Logged: a refusal our own code caused (not the caller's input) still shows up here.
      logger.warn({ requestId: String(ctx.state.requestId ?? ''), path: ctx.path, err: error }, 'payment service refused the request');
      ctx.status = 400;
      ctx.body = cardRefusal(error);
      return;
    }
    if (isClientError(error)) {
      // Koa/body-parser errors such as malformed JSON or a body over the size limit.
      ctx.status = error.status;
      ctx.body = { error: error.status === 413 ? 'Request body too large' : 'Invalid request body' };
      return;
    }
    const requestId = String(ctx.state.requestId ?? '');
    logger.error({ err: error, requestId, method: ctx.method, path: ctx.path }, 'unhandled error');
    ctx.status = 500;
    ctx.body = { error: 'Internal Server Error', requestId };
  }
};
