/**
 * The dashboard's Membership Status (booking-dashboard-staff §2 'Dashboard', §6, §7):
 * GET /api/dashboard/subscription-status and POST /api/dashboard/subscription-status/refresh.
 *
 * Provider-login sessions only: a verified guest (X-Verification-Token, no session) gets 403 —
 * guests do not see membership status (§6); no session at all gets requireSession's 401.
 * Both go through core's `currentMembershipStatus`: the GET answers from subscription_cache when
 * the entry is younger than 5 minutes (no Stripe call), the refresh reads Stripe at once and
 * stores the answer; Stripe's webhook drops entries of the customer it names (payments.router.ts).
 * Each read writes an audit row (with whether it came from the cache).
 * Stripe down (CardsUnavailableError) → 503 {error:'Billing unavailable', message}; the client
 * shows 'Refresh Failed'.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { currentMembershipStatus, type CachedMembershipStatusDeps, type GuestVerification } from '@portal/core';
import type { SubscriptionStatusResponse } from '@portal/contracts';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import { requireSession } from '../auth/session.middleware.ts';
import type { RequestAudit } from './audit.ts';
import { HttpError } from './errors.ts';
import { guestOf } from './guest.ts';

export const SUBSCRIPTION_STATUS_PATH = '/api/dashboard/subscription-status';
export const GUEST_FORBIDDEN_BODY = { error: 'Forbidden', message: 'Membership status is shown to patients signed in with athenahealth.' } as const;
export const BILLING_UNAVAILABLE_BODY = {
  error: 'Billing unavailable',
  message: 'We could not reach our billing service. Please try again in a few minutes.',
} as const;

export interface DashboardRouterDeps extends CachedMembershipStatusDeps {
  readonly service: PatientAuthService;
  readonly guests: GuestVerification;
  readonly audit: RequestAudit;
}

export const dashboardRouter = (deps: DashboardRouterDeps): Router => {
  const router = new Router();

  const answer = async (ctx: Context, action: 'read_subscription_status' | 'refresh_subscription_status'): Promise<void> => {
    if (!ctx.state.session && (await guestOf(ctx, deps.guests, deps.clock.now()))) {
      await deps.audit(ctx, { eventType: 'phi_read', action: `${action}_refused`, statusCode: 403, severity: 'warning', metadata: { reason: 'guest' } });
      throw new HttpError(403, { ...GUEST_FORBIDDEN_BODY });
    }
    const session = await requireSession(ctx, deps.service);
    let body: SubscriptionStatusResponse;
    let fromCache = false;
    try {
      const answer = await currentMembershipStatus(deps, { session, refresh: action === 'refresh_subscription_status' });
      const { status } = answer;
      fromCache = answer.fromCache;
      body = {
        ...status,
        subscriptions: {
          tier1PatientMatches: [...status.subscriptions.tier1PatientMatches],
          tier1Others: [...status.subscriptions.tier1Others],
          tier2Matches: [...status.subscriptions.tier2Matches],
        },
      };
    } catch (error) {
      if ((error as Error | undefined)?.name === 'CardsUnavailableError') {
        await deps.audit(ctx, { eventType: 'phi_read', action: `${action}_failed`, statusCode: 503, severity: 'warning' });
        ctx.set('Retry-After', '5');
        throw new HttpError(503, { ...BILLING_UNAVAILABLE_BODY });
      }
      throw error;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 200;
    ctx.body = body;
    await deps.audit(ctx, {
      eventType: 'phi_read',
      action,
      metadata: { tier1Matches: body.tier1Matches, tier1Others: body.tier1Others, tier2Matches: body.tier2Matches, fromCache },
    });
  };

  router.get(SUBSCRIPTION_STATUS_PATH, (ctx) => answer(ctx, 'read_subscription_status'));
  router.post(`${SUBSCRIPTION_STATUS_PATH}/refresh`, (ctx) => answer(ctx, 'refresh_subscription_status'));
  return router;
};
