/**
 * Provider login and the session (spec booking-dashboard-staff §7, enrollment-and-payment §7):
 * /api/auth/config, /api/auth/athena, /api/auth/callback, /api/auth/session, /api/auth/status,
 * /api/auth/session/extend, /api/auth/update-session, /api/auth/logout, /api/oauth/patient-contacts.
 */
import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import { HealthRecordUnavailableError, PatientLoginError, displayName, mayActFor, patientContacts, sessionExpiresAt, type PatientSession } from '@portal/core';
import { OAuthCallbackQuery, SignInQuery, UpdateSessionRequest } from '@portal/contracts';
import { clearCookie, setCookie, type CookieNames } from '../auth/cookies.ts';
import { SIGN_IN_WINDOW_MS, WORKFLOWS, safeRedirectPath, type PatientAuthService } from '../auth/patient-auth.service.ts';
import { SESSION_EXPIRED_BODY, requireSession } from '../auth/session.middleware.ts';
import type { RequestAudit } from './audit.ts';
import { HttpError, decodeOrThrow } from './errors.ts';

/** athenahealth dates are MM/DD/YYYY; the browser gets YYYY-MM-DD. */
const isoDate = (usDate: string | null): string | null => {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(usDate ?? '');
  return match ? `${match[3]}-${match[1]}-${match[2]}` : null;
};

const sessionBody = (session: PatientSession) => {
  const caregiving = session.actingPatientId !== session.person.patientId;
  return {
    isAuthenticated: true,
    patientId: session.actingPatientId,
    patientName: displayName(session.acting),
    isCaregiver: caregiving,
    caregiver: caregiving ? { name: displayName(session.person) } : null,
    email: session.acting.email,
    practiceLocation: session.data.practiceLocation ?? session.acting.departmentId,
    birthDate: isoDate(session.acting.dateOfBirth),
    phone: session.acting.phone,
  };
};

export const authRouter = (deps: { service: PatientAuthService; audit: RequestAudit; cookies: CookieNames; https: boolean }): Router => {
  const { service, audit, cookies, https } = deps;
  const router = new Router();

  router.get('/api/auth/config', (ctx) => {
    ctx.body = { clientId: service.clientId, redirectUri: service.redirectUri, authorizeUrl: '/api/auth/athena' };
  });

  router.get('/api/auth/athena', async (ctx) => {
    const query = decodeOrThrow(SignInQuery, ctx.query);
    const workflow = query.workflow !== undefined && (WORKFLOWS as readonly string[]).includes(query.workflow) ? query.workflow : 'dashboard';
    const redirectPath = safeRedirectPath(query.redirect);
    let started: Awaited<ReturnType<PatientAuthService['start']>>;
    try {
      started = await service.start(workflow, redirectPath);
    } catch (error) {
      // The login's configuration could not be read (provider down or answering nonsense): the
      // same page as a failed sign-in, where the patient can try again or continue as a guest.
      if (!(error instanceof HealthRecordUnavailableError || error instanceof PatientLoginError)) throw error;
      ctx.redirect(`/login?${new URLSearchParams({ auth: 'error', return: redirectPath }).toString()}`);
      await audit(ctx, { eventType: 'auth', action: 'sign_in_failed', severity: 'warning', metadata: { reason: 'unavailable' } });
      return;
    }
    const { url, binding } = started;
    setCookie(ctx, cookies.signIn, binding, https, SIGN_IN_WINDOW_MS);
    ctx.redirect(url);
  });

  router.get('/api/auth/callback', async (ctx) => {
    const { code, state, error } = decodeOrThrow(OAuthCallbackQuery, ctx.query);
    const result = await service.complete({ code, state, error, binding: ctx.cookies.get(cookies.signIn) });
    clearCookie(ctx, cookies.signIn, https);
    if (E.isLeft(result)) {
      const back = new URLSearchParams({ auth: 'error', return: result.left.redirectPath });
      ctx.redirect(`/login?${back.toString()}`);
      // After the redirect, so the row records the 302 answered (not Koa's 404 default).
      await audit(ctx, { eventType: 'auth', action: 'sign_in_failed', severity: 'warning', metadata: { reason: result.left.reason } });
      return;
    }
    const previous = ctx.state.session as PatientSession | undefined;
    if (previous) await service.end(previous);
    const { token, session, workflow, redirectPath } = result.right;
    setCookie(ctx, cookies.session, token, https, session.absoluteExpiresAt.getTime() - session.createdAt.getTime());
    ctx.state.session = session;
    ctx.redirect(redirectPath);
    await audit(ctx, { eventType: 'auth', action: workflow === 'switch' ? 'switch_account' : 'sign_in' });
  });

  router.get('/api/auth/session', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const auth = ctx.state.auth as { kind: string } | undefined;
    if (auth?.kind === 'forbidden') throw new HttpError(403, { error: 'You are not linked to this patient in the health record.' });
    if (auth?.kind === 'expired') throw new HttpError(401, { ...SESSION_EXPIRED_BODY });
    const session = ctx.state.session as PatientSession | undefined;
    if (!session) {
      ctx.body = { isAuthenticated: false };
      return;
    }
    ctx.body = sessionBody(session);
    await audit(ctx, { eventType: 'phi_read', action: 'read_session' });
  });

  router.get('/api/auth/status', async (ctx) => {
    const session = ctx.state.session as PatientSession | undefined;
    const auth = ctx.state.auth as { kind: string } | undefined;
    if (!session || auth?.kind !== 'active') {
      ctx.body = { isAuthenticated: false, user: null, sessionInfo: null };
      return;
    }
    const numeric = Number(session.actingPatientId);
    ctx.body = {
      isAuthenticated: true,
      user: {
        id: session.person.patientId ?? session.actingPatientId,
        patientId: session.actingPatientId,
        numericPatientId: Number.isSafeInteger(numeric) ? numeric : null,
        name: displayName(session.acting),
        birthDate: isoDate(session.acting.dateOfBirth),
        gender: session.acting.sex,
        email: session.acting.email,
        phone: session.acting.phone,
      },
      sessionInfo: { expiresAt: sessionExpiresAt(session).toISOString() },
    };
    await audit(ctx, { eventType: 'phi_read', action: 'read_auth_status' });
  });

  router.post('/api/auth/session/extend', async (ctx) => {
    const session = await requireSession(ctx, service, true);
    ctx.body = { expiresAt: sessionExpiresAt(session).toISOString() };
  });

  router.post('/api/auth/update-session', async (ctx) => {
    const session = await requireSession(ctx, service);
    const update = decodeOrThrow(UpdateSessionRequest, ctx.request.body) as Record<string, unknown>;
    if (typeof update.selectedContactId === 'string' && !mayActFor(session, update.selectedContactId)) {
      await audit(ctx, { eventType: 'auth', action: 'update_session_refused', severity: 'warning', statusCode: 403 });
      throw new HttpError(403, { error: 'You are not linked to this patient in the health record.' });
    }
    const data = Object.fromEntries(Object.entries(update).filter(([, value]) => typeof value === 'string')) as PatientSession['data'];
    await service.saveData(session, data);
    await audit(ctx, { eventType: 'phi_write', action: 'update_session', statusCode: 200, metadata: { fields: Object.keys(data) } });
    ctx.body = { success: true };
  });

  router.post('/api/auth/logout', async (ctx) => {
    const session = ctx.state.session as PatientSession | undefined;
    if (session) {
      await service.end(session);
      await audit(ctx, { eventType: 'auth', action: 'sign_out', statusCode: 200 });
    }
    clearCookie(ctx, cookies.session, https);
    ctx.body = { clearClientData: true };
  });

  router.get('/api/oauth/patient-contacts', async (ctx) => {
    const session = await requireSession(ctx, service);
    ctx.body = { contacts: patientContacts(session) };
    await audit(ctx, { eventType: 'phi_read', action: 'read_patient_contacts' });
  });

  return router;
};
