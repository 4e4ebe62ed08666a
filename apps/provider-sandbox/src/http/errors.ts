/**
 * athenahealth's error shape: a non-2xx status with `{error, detailedmessage}`. Anything
 * unexpected becomes a 500 of the same shape, without internals.
 */
import type { Context, Next } from 'koa';

export class AthenaError extends Error {
  override readonly name = 'AthenaError';
  readonly status: number;
  readonly body: Readonly<Record<string, unknown>>;

  /** `message` names the error in logs when the body has no `error` (a FHIR OperationOutcome). */
  constructor(status: number, body: Readonly<Record<string, unknown>> & { readonly error: string });
  constructor(status: number, body: Readonly<Record<string, unknown>>, message: string);
  constructor(status: number, body: Readonly<Record<string, unknown>>, message?: string) {
    super(message ?? String(body['error']));
    this.status = status;
    this.body = body;
  }
}

/** `{error, detailedmessage}` with a status. */
export const athenaError = (status: number, error: string, detailedmessage?: string): AthenaError =>
  new AthenaError(status, detailedmessage === undefined ? { error } : { error, detailedmessage });

export const notFound = (what: string): AthenaError => athenaError(404, `${what} not found`, `The ${what.toLowerCase()} does not exist in practice 29391.`);

export const badRequest = (detailedmessage: string, error = 'Invalid request'): AthenaError => athenaError(400, error, detailedmessage);

const clientErrorStatus = (error: unknown): number | null => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
};

/** `ownShape`: paths whose handlers answer in their provider's own error shape (left alone). */
export const errorMiddleware = (ownShape: (path: string) => boolean = () => false) => async (ctx: Context, next: Next): Promise<void> => {
  try {
    await next();
    // The router's allowedMethods answers 405/501 after the not-found fallback has run.
    if ((ctx.status === 405 || ctx.status === 501) && !ownShape(ctx.path)) {
      const status = ctx.status;
      ctx.body = { error: status === 405 ? 'Method Not Allowed' : 'Not Implemented', detailedmessage: `${ctx.method} is not supported on ${ctx.path}.` };
      ctx.status = status;
    }
  } catch (error) {
    if (error instanceof AthenaError) {
      ctx.status = error.status;
      ctx.body = error.body;
      return;
    }
    const status = clientErrorStatus(error);
    if (status !== null) {
      // Body parser failures: malformed JSON, a body over the limit.
      ctx.status = status;
      ctx.body = { error: status === 413 ? 'Request body too large' : 'Invalid request body' };
      return;
    }
    ctx.status = 500;
    ctx.body = { error: 'Internal Server Error', detailedmessage: 'The sandbox failed to answer; see its console.' };
    // No request details: paths and bodies may name patients.
    console.error('provider-sandbox: unhandled error', error instanceof Error ? error.stack : String(error));
  }
};
