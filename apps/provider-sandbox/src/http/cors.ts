/**
 * CORS for the routes a browser calls from the portal's origin (the Firebase JS SDK, Turnstile's
 * script and its token endpoint): any origin, no credentials. A preflight is answered here, before
 * faults, so an injected 503 reaches the page as a 503 rather than as a CORS failure.
 */
import type { Context, Next } from 'koa';

export const CORS_ALLOWED_HEADERS = [
  'content-type',
  'x-client-version',
  'x-firebase-gmpid',
  'x-firebase-client',
  'x-firebase-appcheck',
  'x-firebase-locale',
  'x-client-data',
].join(', ');

export const CORS_ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS';

export const cors = (applies: (path: string) => boolean) => async (ctx: Context, next: Next): Promise<void> => {
  if (!applies(ctx.path)) return next();
  const origin = ctx.get('Origin');
  ctx.set('Access-Control-Allow-Origin', origin === '' ? '*' : origin);
  ctx.vary('Origin');
  if (ctx.method === 'OPTIONS') {
    ctx.set('Access-Control-Allow-Methods', CORS_ALLOWED_METHODS);
    ctx.set('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS);
    ctx.set('Access-Control-Max-Age', '600');
    // Chrome's Private Network Access preflight, for a page on a public origin calling the sandbox.
    if (ctx.get('Access-Control-Request-Private-Network') === 'true') ctx.set('Access-Control-Allow-Private-Network', 'true');
    ctx.status = 204;
    return;
  }
  await next();
};
