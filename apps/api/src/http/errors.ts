/**
 * The one error middleware: every failure leaves the API as JSON in one of three shapes.
 * - decode failures: 400 { error, message, errors: [{ field, message }] } with the spec's messages;
 * - known errors (HttpError): their status and body;
 * - anything else: 500 { error: 'Internal Server Error', requestId } and nothing of the internals.
 */
import type { Context, Next } from 'koa';
import type { Logger } from '../logger.ts';

export interface FieldError {
  readonly field: string;
  readonly message: string;
}

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
  constructor(errors: readonly FieldError[]) {
    super(400, { error: 'Validation failed', message: errors[0]?.message ?? 'Invalid request', errors });
  }
}

const isClientError = (error: unknown): error is { status: number; expose: boolean; message: string } =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { status?: unknown }).status === 'number' &&
  (error as { status: number }).status >= 400 &&
  (error as { status: number }).status < 500 &&
  (error as { expose?: unknown }).expose === true;

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
