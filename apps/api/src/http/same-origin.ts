/**
 * Refuses state-changing API calls that a page of another origin could make with the user's
 * cookie (issue 10, finding 3). The session cookie is SameSite=Lax, which still lets a sibling
 * origin (another port, a subdomain: same *site*) send it, so the check is by origin:
 *
 * - `Origin` present: it must be the configured public origin (or one listed in TRUSTED_ORIGINS).
 *   Never the request's own Host: Koa's `ctx.origin` is built from what the client sent.
 * - `Origin` absent (old browsers, some same-origin navigations): only when the browser says
 *   `Sec-Fetch-Site: same-origin` or `none` (typed by the user). Anything else, including no
 *   header at all, is refused: a non-browser client can send `Origin` like any other header.
 * - A body must be `application/json` (a cross-site form can send only form or text bodies
 *   without a preflight), and any Content-Type sent must be JSON.
 *
 * Routes called by providers, not browsers (Stripe's webhook: its signature is its proof), are
 * listed in `exempt`.
 */
import type { Context, Next } from 'koa';
import { HttpError } from './errors.ts';

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_REFUSED = 'Cross-site request refused';
export const JSON_REQUIRED = 'Content-Type must be application/json';

const originOf = (url: string): string | null => {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
};

const mediaType = (contentType: string): string => contentType.split(';')[0]!.trim().toLowerCase();

/** A declared non-empty body. (A chunked body without a type is never parsed: handlers see none.) */
const hasBody = (ctx: Context): boolean => {
  const length = ctx.get('Content-Length');
  return length !== '' && length !== '0';
};

export const sameOriginWrites = (publicOrigin: string, options: { trustedOrigins?: readonly string[]; exempt?: readonly string[] } = {}) => {
  const allowed = new Set([publicOrigin, ...(options.trustedOrigins ?? [])].map(originOf).filter((origin): origin is string => origin !== null));
  const exempt = new Set(options.exempt ?? []);
  return async (ctx: Context, next: Next): Promise<void> => {
    if (WRITE.has(ctx.method) && ctx.path.startsWith('/api/') && !exempt.has(ctx.path)) {
      const origin = ctx.get('Origin');
      const site = ctx.get('Sec-Fetch-Site');
      const fromUs = origin !== '' ? allowed.has(origin) : site === 'same-origin' || site === 'none';
      if (!fromUs) throw new HttpError(403, { error: CROSS_SITE_REFUSED });
      const type = ctx.get('Content-Type');
      if ((type !== '' || hasBody(ctx)) && mediaType(type) !== 'application/json') throw new HttpError(415, { error: JSON_REQUIRED });
    }
    await next();
  };
};
