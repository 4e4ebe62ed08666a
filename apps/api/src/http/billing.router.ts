import Router from '@koa/router';
import type { Knex } from 'knex';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import { requireSession } from '../auth/session.middleware.ts';
import type { GuestVerification } from '../verification/guest-verification.ts';

/**
 * GET /api/stripe/customer-check: whether the patient acted for has a card-provider customer,
 * i.e. an enrollment of theirs carries a Stripe customer id (spec: the Membership Billing item
 * appears only then). The billing portal itself arrives with payments.
 */
export const billingRouter = (deps: { service: PatientAuthService; guests: GuestVerification; knex: Knex }): Router => {
  const router = new Router();
  router.get('/api/stripe/customer-check', async (ctx) => {
    // A verified guest's enrollments carry the guest hash of their verified email.
    const guest = ctx.state.session ? null : deps.guests.fromRequest(ctx, new Date());
    const owner = guest ? { guestHash: deps.guests.guestHash(guest.email) } : { athenaPatientId: (await requireSession(ctx, deps.service)).actingPatientId };
    const row = await deps.knex('enrollments').where(owner).whereNotNull('stripeCustomerId').first('id');
    ctx.body = { hasCustomer: row !== undefined };
  });
  return router;
};
