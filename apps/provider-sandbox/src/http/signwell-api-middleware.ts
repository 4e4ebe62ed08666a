/** What every call under /signwell/api/v1 passes through: SignWell's error shapes, the large JSON body parser, the X-Api-Key check. */
import { timingSafeEqual } from 'node:crypto';
import { bodyParser } from '@koa/bodyparser';
import type { Context, Next } from 'koa';
import { SIGNWELL_API_KEY, SIGNWELL_API_PREFIX } from '../seed/providers.ts';
import { metaError, SignwellApiError, unauthorized } from '../signwell/api-errors.ts';
import { isRecord } from '../signwell/create-request.ts';

export const isSignwellPath = (path: string): boolean => path === '/signwell' || path.startsWith('/signwell/');
export const isSignwellApiPath = (path: string): boolean => path === SIGNWELL_API_PREFIX || path.startsWith(`${SIGNWELL_API_PREFIX}/`);

/** The largest create body: SignWell takes files of tens of MB as base64. */
export const SIGNWELL_JSON_LIMIT = '40mb';

/** The API's own error shapes for everything under /signwell/api/v1, body parser failures included. */
export const signwellApiBoundary = () => async (ctx: Context, next: Next): Promise<void> => {
  if (!isSignwellApiPath(ctx.path)) return next();
  try {
    await next();
    // No route matched: the app's fallback answered in athenahealth's shape.
    if (ctx.status === 404 && !(isRecord(ctx.body) && ('message' in ctx.body || 'errors' in ctx.body))) {
      const error = metaError(404, 'Not found', 'route_not_found', `The sandbox has no ${ctx.method} ${ctx.path}.`);
      ctx.status = 404;
      ctx.body = error.body;
    }
  } catch (error) {
    if (error instanceof SignwellApiError) {
      ctx.status = error.status;
      ctx.body = error.body;
      return;
    }
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status !== 'number' || status < 400 || status >= 500) throw error;
    const detail = status === 413 ? `The request body is larger than ${SIGNWELL_JSON_LIMIT}.` : 'The request body is not valid JSON.';
    ctx.status = status === 413 ? 413 : 400;
    ctx.body = metaError(ctx.status, status === 413 ? 'Request body too large' : 'Bad request', 'bad_request', detail).body;
  }
};

/** JSON bodies up to SIGNWELL_JSON_LIMIT on the API (the app-wide parser stops at 1 MB). */
export const signwellBodyParser = () => {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: SIGNWELL_JSON_LIMIT, encoding: 'utf-8' });
  return async (ctx: Context, next: Next): Promise<void> => (isSignwellApiPath(ctx.path) ? parse(ctx, next) : next());
};

/** Every API call needs the sandbox key in X-Api-Key (compared in constant time). */
export const requireSignwellKey = () => async (ctx: Context, next: Next): Promise<void> => {
  if (!isSignwellApiPath(ctx.path)) return next();
  if (!sameSecret(ctx.get('X-Api-Key'), SIGNWELL_API_KEY)) throw unauthorized();
  return next();
};

export const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
};
