import Router from '@koa/router';
import type { Knex } from 'knex';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';
import { requireSession } from '../auth/session.middleware.ts';

/**
 * GET /api/stripe/customer-check: whether the patient acted for has a card-provider customer,
 * i.e. an enrollment of theirs carries a Stripe customer id (spec: the Membership Billing item
 * appears only then). The billing portal itself arrives with payments.
 */
export const billingRouter = (deps: { service: PatientAuthService; knex: Knex }): Router => {
  const router = new Router();
  router.get('/api/stripe/customer-check', async (ctx) => {
    const session = await requireSession(ctx, deps.service);
    const row = await deps.knex('enrollments').where({ athenaPatientId: session.actingPatientId }).whereNotNull('stripeCustomerId').first('id');
    ctx.body = { hasCustomer: row !== undefined };
  });
  return router;
};
