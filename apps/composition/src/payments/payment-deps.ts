/**
 * What the payment use cases need, built once from the container: used by the payments router
 * and by the worker's reconciler, so both heal an enrollment the same way.
 */
import type { Container } from 'inversify';
import type { Knex } from 'knex';
import { pastDueEmail, reconcileSubscription, type Cards, type Clock, type Enrollment, type EnrollmentRepository, type HealthRecordCustomFields, type Mailer, type PaymentDeps } from '@portal/core';
import type { AppConfig } from '../config.ts';
import { SHARED_TOKENS as TOKENS } from '../di/tokens.ts';

export type PaymentServices = PaymentDeps & { readonly notifyPastDue: (enrollment: Enrollment, invoiceId: string) => Promise<void> };

export const paymentServices = (container: Container): PaymentServices => {
  const cards = container.get<Cards>(TOKENS.Cards);
  const knex = container.get<Knex>(TOKENS.Knex);
  const mailer = container.get<Mailer>(TOKENS.Mailer);
  const config = container.get<AppConfig>(TOKENS.Config);

  /** Emails the past-due notice once per invoice (the card_events ledger keys it). */
  const notifyPastDue = async (enrollment: Enrollment, invoiceId: string): Promise<void> => {
    if (!enrollment.stripeCustomerId) return;
    const inserted = await knex('card_events')
      .insert({ id: `notice:past_due:${invoiceId}`, type: 'notice.past_due', objectId: enrollment.id })
      .onConflict('id')
      .ignore()
      .returning('id');
    if (inserted.length === 0) return;
    const customer = await cards.getCustomer(enrollment.stripeCustomerId);
    const to = enrollment.billingEmail ?? customer?.email;
    if (!to) return;
    const { url } = await cards.createPortalSession(enrollment.stripeCustomerId, `${config.publicOrigin}/billing/return`);
    await mailer.send(pastDueEmail(to, url));
  };

  return {
    enrollments: container.get<EnrollmentRepository>(TOKENS.EnrollmentRepository),
    cards,
    healthRecord: container.get<HealthRecordCustomFields>(TOKENS.EnrollmentHealthRecord),
    clock: container.get<Clock>(TOKENS.Clock),
    notifyPastDue,
  };
};

/** The reconciler's pass: enrollments waiting for payment (older than `graceMs`) or past their period. */
export const reconcilePayments = async (services: PaymentServices, options: { readonly graceMs?: number; readonly limit?: number } = {}) => {
  const now = services.clock.now();
  const due = await services.enrollments.findToReconcile(new Date(now.getTime() - (options.graceMs ?? 120_000)), now, options.limit ?? 50);
  let changed = 0;
  for (const enrollment of due) {
    if (!enrollment.stripeSubscriptionId) continue;
    const result = await reconcileSubscription(services, enrollment.stripeSubscriptionId);
    if (result?.changed) changed += 1;
  }
  return { checked: due.length, changed };
};
