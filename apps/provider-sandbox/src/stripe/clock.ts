/** The Stripe clock: renewals, cancellations at period end and incomplete_expired when it reaches tx.now. */
import { type Obj, rec, str } from './billing-values.ts';
import { periodEnd } from './catalog.ts';
import { INCOMPLETE_EXPIRES_AFTER_SECONDS } from './constants.ts';
import { changed, emit, saveSubscriptionWithEvent } from './events.ts';
import { chargeInvoice, createSubscriptionInvoice } from './invoices.ts';
import { invoicePaymentFailed } from './payments.ts';
import { list, load, save, type Tx } from './store.ts';
import { endSubscription, voidInvoice } from './subscriptions.ts';
import { TABLES } from '../store/schema.ts';

export interface ClockReport {
  readonly renewed: string[];
  readonly pastDue: string[];
  readonly canceled: string[];
  readonly expired: string[];
}

/** What happens when the Stripe clock reaches `tx.now`: renewals, cancellations at period end, incomplete_expired. */
export const runClock = async (tx: Tx): Promise<ClockReport> => {
  const report: ClockReport = { renewed: [], pastDue: [], canceled: [], expired: [] };
  const expiring = await list(tx, TABLES.stripeSubscriptions, (query) =>
    query.where({ status: 'incomplete' }).andWhere('created', '<=', tx.now - INCOMPLETE_EXPIRES_AFTER_SECONDS),
  );
  for (const before of expiring) {
    const after: Obj = { ...before, ended_at: tx.now, status: 'incomplete_expired' };
    await save(tx, after);
    const open = await list(tx, TABLES.stripeInvoices, (query) => query.where({ subscription: before.id, status: 'open' }));
    for (const invoice of open) await voidInvoice(tx, invoice);
    await emit(tx, 'customer.subscription.updated', after, changed(before, after, ['status', 'ended_at']));
    report.expired.push(before.id);
  }
  for (let guard = 0; guard < 500; guard += 1) {
    const [due] = (await tx.db
      .table(TABLES.stripeSubscriptions, tx.trx)
      .whereIn('status', ['active', 'trialing'])
      .andWhere('current_period_end', '<=', tx.now)
      .orderBy([{ column: 'current_period_end' }, { column: 'seq' }])
      .limit(1)
      .forUpdate()
      .select('object')) as { object: Obj }[];
    if (due === undefined) break;
    const before = due.object;
    const item = (rec(before['items'])['data'] as Obj[])[0] as Obj;
    const end = Number(item['current_period_end']);
    if (before['cancel_at_period_end'] === true) {
      await endSubscription(tx, { ...before, canceled_at: before['canceled_at'] ?? end }, end, 'cancellation_requested');
      report.canceled.push(before.id);
      continue;
    }
    const price = (await load(tx, String(rec(item['price'])['id']))) ?? (item['price'] as Obj);
    const nextEnd = periodEnd(Number(before['billing_cycle_anchor']), end, price);
    const nextItem: Obj = { ...item, current_period_start: end, current_period_end: nextEnd };
    const renewed: Obj = {
      ...before,
      items: { ...rec(before['items']), data: [nextItem] },
      status: before['status'] === 'trialing' ? 'active' : before['status'],
    };
    const { invoice } = await createSubscriptionInvoice(
      tx,
      renewed,
      price,
      { start: end, end: nextEnd },
      'subscription_cycle',
      Number(price['unit_amount']),
      Number(item['current_period_start']),
    );
    const after: Obj = { ...renewed, latest_invoice: invoice.id };
    await saveSubscriptionWithEvent(tx, before, after);
    if (before['collection_method'] === 'send_invoice') {
      // Emailed, not charged: the invoice waits for the customer until its due date.
      report.renewed.push(before.id);
      continue;
    }
    const customer = await load(tx, String(before['customer']));
    const pmId = str(after['default_payment_method']) ?? str(rec(customer?.['invoice_settings'])['default_payment_method']);
    const pm = pmId === null ? null : await load(tx, pmId);
    if (pm === null) {
      await invoicePaymentFailed(tx, invoice, false);
      report.pastDue.push(before.id);
      continue;
    }
    const result = await chargeInvoice(tx, invoice, pm, true, null);
    if (result.kind === 'paid') report.renewed.push(before.id);
    else report.pastDue.push(before.id);
  }
  return report;
};
