/**
 * The one error middleware: every failure leaves the API as JSON in one of three shapes.
 * - decode failures: 400 { error, message, errors: [{ field, message }] } with the spec's messages;
 * - known errors (HttpError): their status and body;
 * - anything else: 500 { error: 'Internal Server Error', requestId } and nothing of the internals.
 */
import { isLeft } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { Context, Next } from 'koa';
import { decodeBody, validationErrorBody, type ValidationFailure } from '@portal/contracts';
import type { Logger } from '../logger.ts';

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

export const errorMiddleware = (logger: Logger) => async (ctx: Context, next: Next): Promise<void> => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
      ctx.status = 404;
      ctx.body = { error: 'Not Found' };
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
