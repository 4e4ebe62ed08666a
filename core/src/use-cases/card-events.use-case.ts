/**
 * Stripe's events, each handled once (the ledger keys them by event id), and the one-time notices
 * they cause. The webhook route only verifies the signature and calls `receiveCardEvent`; the
 * worker's reconciler and the webhook heal enrollments through the same `reconcileSubscription`.
 */
import type { CardEvent } from '../ports/cards.port.ts';
import type { CardEventLedger } from '../ports/card-event-ledger.port.ts';
import type { Enrollment } from '../ports/enrollment.repository.port.ts';
import type { Mailer } from '../ports/mailer.port.ts';
import type { PatientLanguages } from '../ports/patient-languages.port.ts';
import { pastDueEmail, reconcileSubscription, type PaymentDeps, type ReconcileResult } from './membership-payment.use-case.ts';
import { forgetMembership } from './membership-status-cache.use-case.ts';
import { patientLocale } from './patient-language.use-case.ts';

export interface CardEventDeps extends PaymentDeps {
  readonly ledger: CardEventLedger;
  readonly mailer: Mailer;
  /** Where the billing portal sends the member back to. */
  readonly billingReturnUrl: string;
  /** The patient's language for the notice (English when none is kept). */
  readonly languages?: PatientLanguages;
}

/** Emails the past-due notice once per invoice, to the billing email or else Stripe's customer email. */
export const notifyPastDue = async (deps: CardEventDeps, enrollment: Enrollment, invoiceId: string): Promise<void> => {
  if (!enrollment.stripeCustomerId) return;
  if (!(await deps.ledger.record({ id: `notice:past_due:${invoiceId}`, type: 'notice.past_due', objectId: enrollment.id }))) return;
  const customer = await deps.cards.getCustomer(enrollment.stripeCustomerId);
  const to = enrollment.billingEmail ?? customer?.email;
  if (!to) return;
  const { url } = await deps.cards.createPortalSession(enrollment.stripeCustomerId, deps.billingReturnUrl);
  await deps.mailer.send(pastDueEmail(to, url, await patientLocale(deps.languages, enrollment.athenaPatientId)));
};

type EventObject = CardEvent['object'];

/** The Stripe customer an event is about: a customer event's own id, else the object's `customer` (an id or an expanded object). */
export const eventCustomer = (object: EventObject): string | null => {
  if (object.object === 'customer') return object.id;
  const customer = object.customer;
  if (typeof customer === 'string') return customer;
  if (typeof customer === 'object' && customer !== null && typeof (customer as { id?: unknown }).id === 'string') return (customer as { id: string }).id;
  return null;
};

/** The patient the object names in its metadata (our customers and subscriptions carry athenaPatientId). */
const metadataPatient = (object: EventObject): string | null => {
  const metadata = object.metadata;
  if (typeof metadata !== 'object' || metadata === null) return null;
  const id = (metadata as { athenaPatientId?: unknown }).athenaPatientId;
  return typeof id === 'string' && id !== '' ? id : null;
};

/** reconcileSubscription with the past-due notice wired in. */
export const reconcileWithNotices = (deps: CardEventDeps, subscriptionId: string): Promise<ReconcileResult | null> =>
  reconcileSubscription({ ...deps, notifyPastDue: (enrollment, invoiceId) => notifyPastDue(deps, enrollment, invoiceId) }, subscriptionId);

/**
 * A verified event: a repeat (Stripe retries) changes nothing; a new one moves its subscription's
 * enrollment to match Stripe, then is recorded — so an event whose handling failed is handled
 * again on Stripe's retry.
 */
export const receiveCardEvent = async (deps: CardEventDeps, event: CardEvent): Promise<{ duplicate: boolean; reconciled: ReconcileResult | null }> => {
  if (await deps.ledger.has(event.id)) return { duplicate: true, reconciled: null };
  const reconciled = event.subscriptionId ? await reconcileWithNotices(deps, event.subscriptionId) : null;
  // Any event may change what a dashboard shows without moving our enrollment (cancel at period
  // end set in the billing portal, a subscription staff made on a customer found by email).
  await forgetMembership(deps, {
    patientIds: [reconciled?.enrollment.athenaPatientId, metadataPatient(event.object)],
    customerIds: [eventCustomer(event.object)],
  });
  await deps.ledger.record({ id: event.id, type: event.type, objectId: event.object.id });
  return { duplicate: false, reconciled };
};
