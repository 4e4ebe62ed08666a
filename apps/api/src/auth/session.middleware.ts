/** Reads the session cookie once per API request and decides what a protected route may do. */
import type { Context, Next } from 'koa';
import type { PatientSession } from '@portal/core';
import { HttpError } from '../http/errors.ts';
import { clearCookie, type CookieNames } from './cookies.ts';
import type { PatientAuthService } from './patient-auth.service.ts';

export const SESSION_EXPIRED_BODY = { error: 'Session expired', redirect: '/login?logout=expired', clearClientData: true } as const;

export const sessionMiddleware =
  (service: PatientAuthService, names: CookieNames, https: boolean) =>
  async (ctx: Context, next: Next): Promise<void> => {
    if (!ctx.path.startsWith('/api/')) return next();
    const result = await service.load(ctx.cookies.get(names.session));
    ctx.state.auth = result;
    if (result.kind === 'active' || result.kind === 'forbidden') ctx.state.session = result.session;
    if (result.kind === 'expired') clearCookie(ctx, names.session, https);
    await next();
  };

/** The active session, or the 401/403 the spec's client understands. Marks activity (to the minute; `always` for an explicit extend). */
export const requireSession = async (ctx: Context, service: PatientAuthService, always = false): Promise<PatientSession> => {
  const auth = ctx.state.auth as Awaited<ReturnType<PatientAuthService['load']>> | undefined;
  if (!auth || auth.kind === 'none') throw new HttpError(401, { error: 'Authentication required', redirect: '/login' });
  if (auth.kind === 'expired') throw new HttpError(401, { ...SESSION_EXPIRED_BODY });
  if (auth.kind === 'forbidden') throw new HttpError(403, { error: 'You are not linked to this patient in the health record.' });
  const lastSeenAt = await service.touch(auth.session, always);
  return { ...auth.session, lastSeenAt };
};
