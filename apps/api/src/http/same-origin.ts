/**
 * Refuses state-changing API calls sent by another site's page. The session cookie is
 * SameSite=Lax, so cross-site POSTs carry no session anyway; this also covers calls that need
 * none (verification codes, sign-up) and old browsers.
 */
import type { Context, Next } from 'koa';
import { HttpError } from './errors.ts';

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const sameOriginWrites = (publicOrigin: string) => {
  const allowed = new URL(publicOrigin).origin;
  return async (ctx: Context, next: Next): Promise<void> => {
    if (WRITE.has(ctx.method) && ctx.path.startsWith('/api/')) {
      const origin = ctx.get('Origin');
      const site = ctx.get('Sec-Fetch-Site');
      if ((origin && origin !== allowed && origin !== ctx.origin) || site === 'cross-site') {
        throw new HttpError(403, { error: 'Cross-site request refused' });
      }
    }
    await next();
  };
};
