/**
 * What the payment use cases need, built once from the container: used by the payments router
 * and by the worker's reconciler, so both heal an enrollment the same way.
 */
import type { Container } from 'inversify';
import { reconcileWithNotices, type CardEventDeps, type CardEventLedger, type Cards, type Clock, type EnrollmentRepository, type HealthRecordCustomFields, type Mailer, type SubscriptionCache } from '@portal/core';
import type { AppConfig } from '../config.ts';
import { SHARED_TOKENS as TOKENS } from '../di/tokens.ts';

export type PaymentServices = CardEventDeps;

export const paymentServices = (container: Container): PaymentServices => ({
  enrollments: container.get<EnrollmentRepository>(TOKENS.EnrollmentRepository),
  cards: container.get<Cards>(TOKENS.Cards),
  healthRecord: container.get<HealthRecordCustomFields>(TOKENS.EnrollmentHealthRecord),
  clock: container.get<Clock>(TOKENS.Clock),
  ledger: container.get<CardEventLedger>(TOKENS.CardEventLedger),
  mailer: container.get<Mailer>(TOKENS.Mailer),
  subscriptionCache: container.get<SubscriptionCache>(TOKENS.SubscriptionCache),
  billingReturnUrl: `${container.get<AppConfig>(TOKENS.Config).publicOrigin}/billing/return`,
});

/** The reconciler's pass: enrollments waiting for payment (older than `graceMs`) or past their period. */
export const reconcilePayments = async (services: PaymentServices, options: { readonly graceMs?: number; readonly limit?: number } = {}) => {
  const now = services.clock.now();
  const due = await services.enrollments.findToReconcile(new Date(now.getTime() - (options.graceMs ?? 120_000)), now, options.limit ?? 50);
  let changed = 0;
  for (const enrollment of due) {
    if (!enrollment.stripeSubscriptionId) continue;
    const result = await reconcileWithNotices(services, enrollment.stripeSubscriptionId);
    if (result?.changed) changed += 1;
  }
  return { checked: due.length, changed };
};
