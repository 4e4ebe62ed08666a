/**
 * GET /api/nurse-line (booking-dashboard-staff §2 'Nurse line dialog', §6; issue 14): the
 * members-only nurse line number, from the practice configuration, to an active member only.
 *
 * - no session and no verified guest → 401 (requireSession);
 * - a verified guest → 403 'Sign in with athenahealth credentials to access' (guests cannot use the
 *   nurse line, §6);
 * - a provider-login patient whose membership is not active → 403 'Membership Required';
 * - an active member → 200 { phone, hours }, Cache-Control: no-store.
 * The number is in no other answer (GET /api/config/practice leaves it out). Membership comes from
 * the dashboard's 5-minute cache (subscription_cache), so revealing the number does not call Stripe
 * again after the dashboard has. Every answer but the 401 is audited; Stripe down → 503.
 */
import Router from '@koa/router';
import { revealNurseLine, type GuestVerification, type NurseLineDeps } from '@portal/core';
import type { NurseLineResponse } from '@portal/contracts';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import { requireSession } from '../auth/session.middleware.ts';
import type { RequestAudit } from './audit.ts';
import { BILLING_UNAVAILABLE_BODY } from './dashboard.router.ts';
import { HttpError } from './errors.ts';
import { guestOf } from './guest.ts';

export const NURSE_LINE_PATH = '/api/nurse-line';
export const NURSE_LINE_GUEST_BODY = { error: 'Forbidden', message: 'Sign in with athenahealth credentials to access' } as const;

export interface NurseLineRouterDeps extends NurseLineDeps {
  readonly service: PatientAuthService;
  readonly guests: GuestVerification;
  readonly audit: RequestAudit;
}

export const nurseLineRouter = (deps: NurseLineRouterDeps): Router => {
  const router = new Router();
  router.get(NURSE_LINE_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (!ctx.state.session && (await guestOf(ctx, deps.guests, deps.clock.now()))) {
      await deps.audit(ctx, { eventType: 'phi_read', action: 'reveal_nurse_line_refused', statusCode: 403, severity: 'warning', metadata: { reason: 'guest' } });
      throw new HttpError(403, { ...NURSE_LINE_GUEST_BODY });
    }
    const session = await requireSession(ctx, deps.service);
    let answer;
    try {
      answer = await revealNurseLine(deps, { session });
    } catch (error) {
      if ((error as Error | undefined)?.name === 'CardsUnavailableError') {
        await deps.audit(ctx, { eventType: 'phi_read', action: 'reveal_nurse_line_failed', statusCode: 503, severity: 'warning' });
        ctx.set('Retry-After', '5');
        throw new HttpError(503, { ...BILLING_UNAVAILABLE_BODY });
      }
      throw error;
    }
    if (!answer.ok) {
      await deps.audit(ctx, { eventType: 'phi_read', action: 'reveal_nurse_line_refused', statusCode: 403, severity: 'warning', metadata: { reason: 'not_member' } });
      throw new HttpError(403, { error: answer.error.title ?? 'Membership Required', message: answer.error.message });
    }
    const body: NurseLineResponse = { phone: answer.nurseLine.phone, hours: answer.nurseLine.hours };
    ctx.status = 200;
    ctx.body = body;
    await deps.audit(ctx, { eventType: 'phi_read', action: 'reveal_nurse_line' });
  });
  return router;
};
