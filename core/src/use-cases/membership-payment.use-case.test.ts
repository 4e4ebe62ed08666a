import { describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import type { TierCode } from '../domain/tier.ts';
import { CardsRejectedError, type AttachCardResult, type BillingCustomer, type MembershipInvoice, type Cards, type BillingSubscription, type PayInvoiceResult, type SubscriptionSetup } from '../ports/cards.port.ts';
import type { CustomFieldUpdate } from '../ports/health-record.port.ts';
import type { MembershipStatus } from './membership-status.use-case.ts';
import { FixedClock } from '../testing/fixed-clock.ts';
import { InMemoryEnrollments } from '../testing/in-memory-enrollments.ts';
import { InMemorySubscriptionCache } from '../testing/in-memory-subscription-cache.ts';
import {
  NOT_PAID_MESSAGE,
  PAYMENT_NOT_READY_MESSAGE,
  payEnrollmentInvoice,
  reactivateMembership,
  reconcileSubscription,
  recordPayment,
  startSubscription,
} from './membership-payment.use-case.ts';

const NOW = new Date('2026-06-15T16:00:00Z');
const YEAR_LATER = new Date('2027-06-15T16:00:00Z');

/** Stripe as the use cases see it, with idempotency keys honoured like Stripe does. */
class FakeCards implements Cards {
  readonly customers = new Map<string, BillingCustomer>();
  readonly subscriptions = new Map<string, BillingSubscription>();
  readonly invoices = new Map<string, MembershipInvoice>();
  readonly created: string[] = [];
  readonly #idempotent = new Map<string, unknown>();
  nextPayment: PayInvoiceResult['kind'] | 'declined' = 'paid';
  #n = 0;

  #id(prefix: string) {
    this.#n += 1;
    return `${prefix}_${this.#n}`;
  }
  async findCustomerByEmail(email: string) {
    return [...this.customers.values()].find((c) => c.email === email) ?? null;
  }
  async getCustomer(id: string) {
    return this.customers.get(id) ?? null;
  }
  async createCustomer(customer: { email: string; name: string }, key: string) {
    const replay = this.#idempotent.get(key) as BillingCustomer | undefined;
    if (replay) return replay;
    const created: BillingCustomer = { id: this.#id('cus'), email: customer.email, name: customer.name, metadata: {} };
    this.customers.set(created.id, created);
    this.#idempotent.set(key, created);
    return created;
  }
  async updateCustomerEmail(id: string, email: string) {
    const updated = { ...this.customers.get(id)!, email };
    this.customers.set(id, updated);
    return updated;
  }
  async listSubscriptions(customerId: string) {
    return [...this.subscriptions.values()].filter((s) => s.customerId === customerId);
  }
  async getSubscription(id: string) {
    return this.subscriptions.get(id) ?? null;
  }
  async createSubscription(input: { customerId: string; tier: TierCode }, key: string): Promise<SubscriptionSetup> {
    const replay = this.#idempotent.get(key) as SubscriptionSetup | undefined;
    if (replay) return { ...replay, subscription: this.subscriptions.get(replay.subscription.id)! };
    await new Promise((resolve) => setTimeout(resolve, 1));
    const invoiceId = this.#id('in');
    const subscription: BillingSubscription = {
      id: this.#id('sub'),
      customerId: input.customerId,
      status: 'incomplete',
      tier: input.tier,
      cancelAtPeriodEnd: false,
      currentPeriodStart: NOW,
      currentPeriodEnd: YEAR_LATER,
      latestInvoiceId: invoiceId,
      metadata: {},
    };
    this.subscriptions.set(subscription.id, subscription);
    this.invoices.set(invoiceId, {
      id: invoiceId,
      customerId: input.customerId,
      status: 'open',
      subscriptionId: subscription.id,
      amountDueCents: 12_000,
      amountPaidCents: 0,
      paidAt: null,
      periodStart: NOW,
      periodEnd: YEAR_LATER,
      hostedInvoiceUrl: null,
    });
    this.created.push(subscription.id);
    const setup: SubscriptionSetup = { subscription, clientSecret: `pi_secret_${invoiceId}`, intentType: 'payment', invoiceId };
    this.#idempotent.set(key, setup);
    return setup;
  }
  async reactivateSubscription(id: string) {
    const updated = { ...this.subscriptions.get(id)!, cancelAtPeriodEnd: false };
    this.subscriptions.set(id, updated);
    return updated;
  }
  async getInvoice(id: string) {
    return this.invoices.get(id) ?? null;
  }
  /** What Stripe does when the card is charged: the invoice paid, the subscription active. */
  pay(invoiceId: string) {
    const invoice = this.invoices.get(invoiceId)!;
    this.invoices.set(invoiceId, { ...invoice, status: 'paid', amountPaidCents: invoice.amountDueCents, paidAt: NOW });
    const subscription = this.subscriptions.get(invoice.subscriptionId!)!;
    this.subscriptions.set(subscription.id, { ...subscription, status: 'active' });
  }
  setStatus(subscriptionId: string, status: BillingSubscription['status'], cancelAtPeriodEnd = false) {
    this.subscriptions.set(subscriptionId, { ...this.subscriptions.get(subscriptionId)!, status, cancelAtPeriodEnd });
  }
  /** Which customer each card belongs to (a card made in the browser belongs to nobody). */
  readonly cardOwners = new Map<string, string>();
  readonly calls: string[] = [];
  async attachCard(paymentMethodId: string, customerId: string, key: string): Promise<AttachCardResult> {
    this.calls.push(`attach ${paymentMethodId} ${customerId} ${key}`);
    if (paymentMethodId.startsWith('pm_declined')) return { kind: 'declined', message: 'Your card was declined.', code: 'card_declined', declineCode: 'generic_decline' };
    const owner = this.cardOwners.get(paymentMethodId);
    if (owner !== undefined && owner !== customerId) throw new CardsRejectedError('stripe POST /v1/payment_methods/{id}/attach answered 400', 400);
    this.cardOwners.set(paymentMethodId, customerId);
    return { kind: 'attached', paymentMethodId };
  }
  async payInvoice(invoiceId: string, paymentMethodId: string, key: string): Promise<PayInvoiceResult> {
    this.calls.push(`pay ${invoiceId} ${paymentMethodId} ${key}`);
    // Stripe's rule (docs.stripe.com/api/invoices/pay): a PaymentMethod of the invoice's customer.
    if (this.cardOwners.get(paymentMethodId) !== this.invoices.get(invoiceId)?.customerId) {
      throw new CardsRejectedError('stripe POST /v1/invoices/{id}/pay answered 400 (invalid_request_error, param payment_method)', 400);
    }
    if (this.nextPayment === 'declined') return { kind: 'declined', message: 'Your card was declined.', code: 'card_declined', declineCode: 'generic_decline' };
    if (this.nextPayment === 'requires_action') return { kind: 'requires_action', clientSecret: 'pi_3ds_secret', invoice: this.invoices.get(invoiceId)! };
    this.pay(invoiceId);
    return { kind: 'paid', invoice: this.invoices.get(invoiceId)! };
  }
  async receiptUrl(invoiceId: string) {
    return `https://pay.test/receipts/${invoiceId}`;
  }
  async createPortalSession() {
    return { url: 'https://billing.test/session' };
  }
  verifyWebhook(): never {
    throw new Error('not used');
  }
}

class FakeFields {
  readonly writes: Array<{ patientId: string; fields: readonly CustomFieldUpdate[] }> = [];
  async updateCustomFields(patientId: string, _departmentId: string, fields: readonly CustomFieldUpdate[]) {
    this.writes.push({ patientId, fields });
    return { updatedCount: fields.length, disallowedCount: 0 };
  }
}

const payer = { email: 'dana@example.test', name: 'Dana Reyes', billingEmail: null };

const setup = async (status: 'signed' | 'privacy_signed' | 'pending' = 'signed', patientStatus: 'existing' | 'new' = 'existing') => {
  const enrollments = new InMemoryEnrollments();
  const cards = new FakeCards();
  const healthRecord = new FakeFields();
  const subscriptionCache = new InMemorySubscriptionCache();
  const deps = { enrollments, cards, healthRecord, subscriptionCache, clock: new FixedClock(NOW.toISOString()) };
  const created = await enrollments.create({ status: 'pending', membershipTier: '120_annual', department: '1', athenaPatientId: '5101', patientStatus, createdAt: NOW });
  if (status !== 'pending') await enrollments.updateStatus(created.id, 'signed', NOW);
  if (status === 'privacy_signed') await enrollments.updateStatus(created.id, 'privacy_signed', NOW);
  return { enrollments, cards, healthRecord, subscriptionCache, deps, id: created.id };
};

const right = <A>(either: E.Either<unknown, A>): A => {
  if (E.isLeft(either)) throw new Error(`expected Right, got ${JSON.stringify(either.left)}`);
  return either.right;
};

describe('startSubscription', () => {
  it("drops the kept membership status of the patient and of the payer (a status read before the first customer names none)", async () => {
    const { deps, subscriptionCache, id } = await setup();
    const status = { subscriptions: { tier1PatientMatches: [], tier1Others: [], tier2Matches: [] } } as unknown as MembershipStatus;
    const before = new Date(NOW.getTime() - 60_000);
    await subscriptionCache.write({ key: 'patient', patientId: '5101', personId: '5101', customerIds: [], status, cachedAt: before });
    await subscriptionCache.write({ key: 'caregiver', patientId: '5150', personId: '5150', customerIds: [], status, cachedAt: before });
    await subscriptionCache.write({ key: 'stranger', patientId: '5199', personId: '5199', customerIds: [], status, cachedAt: before });
    right(await startSubscription(deps, { enrollmentId: id, payer: { ...payer, patientId: '5150' } }));
    expect([...subscriptionCache.rows.keys()]).toEqual(['stranger']);
  });

  it('creates the customer and one subscription, keeps the ids and moves the enrollment to payment_pending', async () => {
    const { deps, enrollments, cards, id } = await setup();
    const started = right(await startSubscription(deps, { enrollmentId: id, payer }));
    expect(started).toMatchObject({ kind: 'setup', intentType: 'payment', clientSecret: expect.stringMatching(/^pi_secret_/), paid: false });
    expect(await enrollments.findById(id)).toMatchObject({ status: 'payment_pending', stripeCustomerId: 'cus_1', stripeSubscriptionId: cards.created[0] });
  });

  it('twenty concurrent calls for one enrollment create one subscription and answer the same one', async () => {
    const { deps, cards, id } = await setup();
    const answers = await Promise.all(Array.from({ length: 20 }, () => startSubscription(deps, { enrollmentId: id, payer })));
    expect(cards.created).toHaveLength(1);
    expect(new Set(answers.map((answer) => right(answer).kind === 'setup' && (right(answer) as { subscriptionId: string }).subscriptionId)).size).toBe(1);
  });

  it('refuses before the documents are signed (and a new patient before the privacy notice)', async () => {
    const pending = await setup('pending');
    expect(await startSubscription(pending.deps, { enrollmentId: pending.id, payer })).toEqual(E.left(expect.objectContaining({ code: 'PAYMENT.NOT_READY', message: PAYMENT_NOT_READY_MESSAGE })));
    const newPatient = await setup('signed', 'new');
    expect(E.isLeft(await startSubscription(newPatient.deps, { enrollmentId: newPatient.id, payer }))).toBe(true);
    const ready = await setup('privacy_signed', 'new');
    expect(E.isRight(await startSubscription(ready.deps, { enrollmentId: ready.id, payer }))).toBe(true);
  });

  it("answers 'Existing Active Subscription' for a paying member and offers reactivation for one set to cancel", async () => {
    const first = await setup();
    right(await startSubscription(first.deps, { enrollmentId: first.id, payer }));
    first.cards.pay(first.cards.subscriptions.values().next().value!.latestInvoiceId!);
    const second = await first.enrollments.create({ status: 'signed', membershipTier: '70_biannual', department: '1', athenaPatientId: '5101', patientStatus: 'existing', createdAt: NOW });
    const conflict = await startSubscription(first.deps, { enrollmentId: second.id, payer });
    expect(conflict).toEqual(E.left(expect.objectContaining({ code: 'SUBSCRIPTION.EXISTING_ACTIVE', title: 'Existing Active Subscription' })));
    expect(first.cards.created).toHaveLength(1);

    first.cards.setStatus(first.cards.created[0]!, 'active', true);
    const offer = right(await startSubscription(first.deps, { enrollmentId: second.id, payer }));
    expect(offer).toMatchObject({ kind: 'requires_confirmation', subscriptionId: first.cards.created[0] });
    const reactivated = right(await reactivateMembership(first.deps, { enrollment: (await first.enrollments.findById(second.id))! }));
    expect(reactivated.cancelAtPeriodEnd).toBe(false);
  });
});

describe('paying and recording', () => {
  it('records nothing until Stripe says the invoice is paid, then activates once with the period and receipt, and marks the chart Paid Up', async () => {
    const { deps, enrollments, cards, healthRecord, id } = await setup();
    const started = right(await startSubscription(deps, { enrollmentId: id, payer })) as { invoiceId: string };
    const early = await recordPayment(deps, { enrollment: (await enrollments.findById(id))! });
    expect(early).toEqual(E.left(expect.objectContaining({ code: 'PAYMENT.NOT_PAID', message: NOT_PAID_MESSAGE })));
    expect((await enrollments.findById(id))?.status).toBe('payment_pending');

    cards.pay(started.invoiceId);
    const active = right(await recordPayment(deps, { enrollment: (await enrollments.findById(id))! }));
    expect(active).toMatchObject({
      status: 'active',
      membershipStartDate: NOW,
      membershipEndDate: YEAR_LATER,
      stripePaymentId: started.invoiceId,
      stripeReceiptUrl: `https://pay.test/receipts/${started.invoiceId}`,
    });
    right(await recordPayment(deps, { enrollment: (await enrollments.findById(id))! }));
    expect(healthRecord.writes).toEqual([{ patientId: '5101', fields: [{ customFieldId: '21', optionId: '2101' }] }]);
  });

  it('maps pay-invoice outcomes: paid, 3-D Secure, declined; refuses an invoice of another subscription', async () => {
    const { deps, enrollments, cards, id } = await setup();
    const started = right(await startSubscription(deps, { enrollmentId: id, payer })) as { invoiceId: string; subscriptionId: string };
    const enrollment = (await enrollments.findById(id))!;
    const call = (invoiceId = started.invoiceId, subscriptionId = started.subscriptionId) =>
      payEnrollmentInvoice(deps, { enrollment, invoiceId, subscriptionId, paymentMethodId: 'pm_1' });
    expect(E.isLeft(await call(started.invoiceId, 'sub_other'))).toBe(true);
    cards.nextPayment = 'declined';
    expect(right(await call())).toEqual({ kind: 'declined', message: 'Your card was declined.', code: 'card_declined', declineCode: 'generic_decline' });
    cards.nextPayment = 'requires_action';
    expect(right(await call())).toEqual({ kind: 'confirm_payment', clientSecret: 'pi_3ds_secret' });
    cards.nextPayment = 'paid';
    expect(right(await call())).toEqual({ kind: 'paid' });
  });

  it("makes the browser's new card the invoice customer's before paying with it (Stripe's rule); a card declined on attach is a decline and nothing is paid", async () => {
    const { deps, enrollments, cards, id } = await setup();
    const started = right(await startSubscription(deps, { enrollmentId: id, payer })) as { invoiceId: string; subscriptionId: string };
    const enrollment = (await enrollments.findById(id))!;
    const call = (paymentMethodId: string) => payEnrollmentInvoice(deps, { enrollment, invoiceId: started.invoiceId, subscriptionId: started.subscriptionId, paymentMethodId });
    expect(right(await call('pm_declined_1'))).toEqual({ kind: 'declined', message: 'Your card was declined.', code: 'card_declined', declineCode: 'generic_decline' });
    expect(cards.calls).toEqual([`attach pm_declined_1 cus_1 attach:cus_1:pm_declined_1`]);
    expect(right(await call('pm_fresh_2'))).toEqual({ kind: 'paid' });
    expect(cards.calls.slice(1)).toEqual([`attach pm_fresh_2 cus_1 attach:cus_1:pm_fresh_2`, `pay ${started.invoiceId} pm_fresh_2 pay:${started.invoiceId}:pm_fresh_2`]);
    expect(cards.cardOwners.get('pm_fresh_2')).toBe('cus_1');
  });
});

describe('the billing email', () => {
  it('chosen on the payment card, it becomes the Stripe customer email and is kept on the enrollment', async () => {
    const { deps, enrollments, cards, id } = await setup();
    const started = right(await startSubscription(deps, { enrollmentId: id, payer })) as { invoiceId: string };
    cards.pay(started.invoiceId);
    right(await recordPayment(deps, { enrollment: (await enrollments.findById(id))!, billingEmail: 'Billing@Example.test' }));
    expect(cards.customers.get('cus_1')?.email).toBe('billing@example.test');
    expect((await enrollments.findById(id))?.billingEmail).toBe('billing@example.test');
  });
});

describe('reconcileSubscription', () => {
  const activeMember = async () => {
    const context = await setup();
    const started = right(await startSubscription(context.deps, { enrollmentId: context.id, payer })) as { invoiceId: string; subscriptionId: string };
    context.cards.pay(started.invoiceId);
    await reconcileSubscription(context.deps, started.subscriptionId);
    return { ...context, subscriptionId: started.subscriptionId };
  };

  it('marks a failed renewal past due once and tells the member', async () => {
    const { deps, enrollments, cards, id, subscriptionId } = await activeMember();
    const notices: string[] = [];
    cards.setStatus(subscriptionId, 'past_due');
    const withNotice = { ...deps, notifyPastDue: async (_: unknown, invoiceId: string) => void notices.push(invoiceId) };
    await reconcileSubscription(withNotice, subscriptionId);
    await reconcileSubscription(withNotice, subscriptionId);
    expect((await enrollments.findById(id))?.status).toBe('past_due');
    expect(notices).toHaveLength(1);
  });

  it('ends the membership when the subscription is deleted and clears Paid Up in the chart', async () => {
    const { deps, enrollments, cards, healthRecord, id, subscriptionId } = await activeMember();
    cards.setStatus(subscriptionId, 'canceled');
    const result = await reconcileSubscription(deps, subscriptionId);
    expect(result?.changed).toBe(true);
    expect((await enrollments.findById(id))?.status).toBe('cancelled');
    expect(healthRecord.writes.at(-1)).toEqual({ patientId: '5101', fields: [{ customFieldId: '21', optionId: '2102' }] });
  });

  it('ignores a subscription that is not ours', async () => {
    const { deps } = await setup();
    expect(await reconcileSubscription(deps, 'sub_unknown')).toBeNull();
  });
});
