/**
 * The one error middleware: every failure leaves the API as JSON in one of these shapes.
 * - decode failures: 400 { error, message, errors: [{ field, message }] } with the spec's messages;
 * - known errors (HttpError): their status and body;
 * - a provider or PostgreSQL that cannot serve: 503 with Retry-After and what the user can do;
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

export const DATABASE_UNAVAILABLE_MESSAGE = 'The portal cannot reach its database right now. Please try again in a moment.';
/** Seconds a client is asked to wait when PostgreSQL cannot serve (a restart or failover takes about this long). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Why PostgreSQL could not serve a request; see databaseUnavailableReason. */
export type DatabaseUnavailableReason = 'connection' | 'timeout' | 'shutdown' | 'disk_full' | 'read_only';

/** SQLSTATEs that mean the server cannot serve now, not that the query was wrong. */
const SQLSTATE_REASONS: Readonly<Record<string, DatabaseUnavailableReason>> = {
  '57P01': 'shutdown', // admin_shutdown (pg_terminate_backend, a fast shutdown)
  '57P02': 'shutdown', // crash_shutdown
  '57P03': 'shutdown', // cannot_connect_now (starting up, recovery)
  '53300': 'connection', // too_many_connections
  '53100': 'disk_full',
  '25006': 'read_only', // read_only_sql_transaction (a standby after failover)
};

/** Socket failures of the database connection (only with a syscall: nodemailer and fetch name theirs otherwise). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * node-postgres' own messages for a connection that is gone or never came, at the start of the
 * message or after the SQL knex puts in front of a query's error (`select … - Connection terminated unexpectedly`).
 */
const PG_CONNECTION_MESSAGES = [
  /(?:^| - )Connection terminated/,
  /(?:^| - )timeout exceeded when trying to connect/,
  /(?:^| - )Client has encountered a connection error and is not queryable/,
  /(?:^| - )Client was closed and is not queryable/,
];

/**
 * Whether an error says PostgreSQL could not serve (down, restarting, unreachable, the pool
 * exhausted, the disk full), and why; null for anything else. Follows `cause`, Objection's
 * `nativeError` and an AggregateError's `errors` (a refused connection to each address), but never into a provider's
 * failed fetch (a provider that is down is not the database).
 */
export const databaseUnavailableReason = (error: unknown, depth = 0): DatabaseUnavailableReason | null => {
  if (depth > 5 || typeof error !== 'object' || error === null) return null;
  const { name, message, code, syscall, cause, errors, nativeError } = error as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    syscall?: unknown;
    cause?: unknown;
    errors?: unknown;
    nativeError?: unknown;
  };
  if (message === 'fetch failed') return null;
  if (name === 'KnexTimeoutError') return 'timeout';
  if (typeof code === 'string') {
    if (Object.hasOwn(SQLSTATE_REASONS, code)) return SQLSTATE_REASONS[code]!;
    if (/^08[0-9A-Z]{3}$/.test(code)) return 'connection'; // class 08: connection exception
    if (SOCKET_CODES.has(code) && typeof syscall === 'string') return 'connection';
  }
  if (typeof message === 'string' && PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return 'connection';
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const reason = databaseUnavailableReason(inner, depth + 1);
      if (reason !== null) return reason;
    }
  }
  // Objection wraps driver errors (db-errors' DBError) with the original as `nativeError`.
  return databaseUnavailableReason(nativeError, depth + 1) ?? databaseUnavailableReason(cause, depth + 1);
};

export interface ErrorMiddlewareOptions {
  /** Hears each request answered 503 because PostgreSQL could not serve (metrics). */
  readonly onDatabaseUnavailable?: (reason: DatabaseUnavailableReason) => void;
}

/** Status texts for errors answered without a body (the router's 405 and 501, Koa's own). */
const STATUS_TEXT: Readonly<Record<number, string>> = { 405: 'Method Not Allowed', 501: 'Not Implemented' };

export const errorMiddleware = (logger: Logger, options: ErrorMiddlewareOptions = {}) => async (ctx: Context, next: Next): Promise<void> => {
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
    const database = databaseUnavailableReason(error);
    if (database !== null) {
      // PostgreSQL down, restarting, unreachable or full: a transaction that failed did not
      // commit (multi-row writes run in one, decision 0038), so the client may simply try again.
      logger.warn({ requestId, method: ctx.method, path: ctx.path, database }, 'database unavailable');
      options.onDatabaseUnavailable?.(database);
      ctx.status = 503;
      ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      ctx.body = { error: 'Service Unavailable', message: DATABASE_UNAVAILABLE_MESSAGE, requestId };
      return;
    }
    logger.error({ err: error, requestId, method: ctx.method, path: ctx.path }, 'unhandled error');
    ctx.status = 500;
    ctx.body = { error: 'Internal Server Error', requestId };
  }
};
