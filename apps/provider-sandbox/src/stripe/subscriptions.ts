/** Subscriptions: creating (default_incomplete, trials, send_invoice), updating, cancelling, ending with their open invoices voided. */
import { type Obj, rec } from './billing-values.ts';
import { periodEnd } from './catalog.ts';
import { invalidRequest, missingParam } from './errors.ts';
import { changed, emit, saveSubscriptionWithEvent } from './events.ts';
import type { FormObject } from './form.ts';
import { newSetupIntent } from './intent-objects.ts';
import { chargeInvoice, createSubscriptionInvoice, intentOfInvoice } from './invoices.ts';
import { mustLoad } from './lookups.ts';
import { integer, mergeMetadata, objectParam, planObject, text } from './objects.ts';
import { list, load, newId, save, type Tx } from './store.ts';
import { TABLES } from '../store/schema.ts';

/** `ids`: the sandbox's own setups (e.g. a contract's provider state) may choose the new subscription's and first invoice's ids. */
export const createSubscription = async (tx: Tx, params: FormObject, ids: { readonly subscription?: string; readonly invoice?: string } = {}): Promise<Obj> => {
  const customer = await mustLoad(tx, text(params, 'customer'), 'customer', 'customer');
  const items = params['items'];
  const first = Array.isArray(items) ? items[0] : typeof items === 'object' && items !== null ? Object.values(items)[0] : undefined;
  if (first === undefined) throw missingParam('items');
  if (typeof first !== 'object' || Array.isArray(first)) throw invalidRequest('Invalid items', 'items');
  if ((Array.isArray(items) ? items.length : Object.keys(items as object).length) > 1) throw invalidRequest('The sandbox sells one price per subscription.', 'items[1]');
  const priceId = text(first, 'price');
  if (priceId === null) throw missingParam('items[0][price]');
  const price = await mustLoad(tx, priceId, 'price', 'items[0][price]');
  const behaviour = text(params, 'payment_behavior') ?? 'allow_incomplete';
  if (!['default_incomplete', 'allow_incomplete', 'error_if_incomplete', 'pending_if_incomplete'].includes(behaviour)) {
    throw invalidRequest(`Invalid payment_behavior: ${behaviour}`, 'payment_behavior');
  }
  const settings = objectParam(params, 'payment_settings');
  const saveDefault = settings === null ? 'off' : (text(settings, 'save_default_payment_method') ?? 'off');
  const trialDays = integer(params, 'trial_period_days');
  const defaultPmId = text(params, 'default_payment_method');
  const defaultPm = defaultPmId === null || defaultPmId === '' ? null : await mustLoad(tx, defaultPmId, 'payment_method', 'default_payment_method');
  // send_invoice (staff's manual payment): Stripe emails the invoice, due in days_until_due days,
  // and the subscription is active at once (it does not wait for the first payment).
  const collection = text(params, 'collection_method') ?? 'charge_automatically';
  if (collection !== 'charge_automatically' && collection !== 'send_invoice') throw invalidRequest(`Invalid collection_method: ${collection}`, 'collection_method');
  const daysUntilDue = integer(params, 'days_until_due');
  if (collection === 'send_invoice' && (daysUntilDue === null || daysUntilDue < 0)) throw missingParam('days_until_due');
  if (collection !== 'send_invoice' && daysUntilDue !== null) throw invalidRequest('days_until_due is only allowed with collection_method=send_invoice', 'days_until_due');
  const start = tx.now;
  const trialEnd = trialDays !== null && trialDays > 0 ? start + trialDays * 86_400 : null;
  const end = trialEnd ?? periodEnd(start, start, price);
  const id = ids.subscription ?? newId('sub');
  const item: Obj = {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: start,
    current_period_end: end,
    current_period_start: start,
    discounts: [],
    metadata: {},
    plan: planObject(price),
    price,
    quantity: 1,
    subscription: id,
    tax_rates: [],
  };
  let sub: Obj = {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: end === trialEnd ? trialEnd : start,
    billing_cycle_anchor_config: null,
    billing_mode: { type: 'classic' },
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: collection,
    created: start,
    currency: 'usd',
    customer: customer.id,
    days_until_due: collection === 'send_invoice' ? daysUntilDue : null,
    default_payment_method: defaultPm?.id ?? null,
    default_source: null,
    default_tax_rates: [],
    description: text(params, 'description'),
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    metadata: mergeMetadata({}, params),
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: saveDefault },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: trialEnd !== null ? 'trialing' : collection === 'send_invoice' ? 'active' : 'incomplete',
    test_clock: null,
    transfer_data: null,
    trial_end: trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: trialEnd === null ? null : start,
  };
  await save(tx, sub);
  const { invoice, pi } = await createSubscriptionInvoice(tx, sub, price, { start, end }, 'subscription_create', trialEnd === null ? Number(price['unit_amount']) : 0, start, ids.invoice);
  sub = { ...sub, latest_invoice: invoice.id };
  if (pi === null) {
    // Nothing due now: the card is collected with a SetupIntent (basil: pending_setup_intent).
    const setup = newSetupIntent(tx, customer.id);
    await save(tx, setup, { subscription: id });
    sub['pending_setup_intent'] = setup.id;
  }
  await save(tx, sub);
  await emit(tx, 'customer.subscription.created', sub);
  if (pi !== null && defaultPm !== null && behaviour !== 'default_incomplete' && collection !== 'send_invoice') {
    await chargeInvoice(tx, invoice, defaultPm, true, null);
    sub = (await load(tx, id)) ?? sub;
  }
  return sub;
};

export const updateSubscription = async (tx: Tx, id: string, params: FormObject): Promise<Obj> => {
  const before = await mustLoad(tx, id, 'subscription', 'id', true);
  if (before['status'] === 'canceled' || before['status'] === 'incomplete_expired') {
    const keys = Object.keys(params).filter((key) => !['metadata', 'cancellation_details', 'expand'].includes(key));
    if (keys.length > 0) throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.', keys[0]);
  }
  const after: Obj = { ...before, metadata: mergeMetadata(rec(before['metadata']) as Record<string, string>, params) };
  const cancel = text(params, 'cancel_at_period_end');
  if (cancel !== null) {
    if (cancel !== 'true' && cancel !== 'false') throw invalidRequest(`Invalid boolean: ${cancel}`, 'cancel_at_period_end');
    after['cancel_at_period_end'] = cancel === 'true';
    const item = (rec(before['items'])['data'] as Obj[])[0] as Obj;
    after['cancel_at'] = cancel === 'true' ? item['current_period_end'] : null;
    after['cancellation_details'] = { comment: null, feedback: null, reason: cancel === 'true' ? 'cancellation_requested' : null };
  }
  const pmId = text(params, 'default_payment_method');
  if (pmId !== null) {
    if (pmId === '') after['default_payment_method'] = null;
    else {
      const pm = await mustLoad(tx, pmId, 'payment_method', 'default_payment_method');
      if (pm['customer'] !== before['customer']) throw invalidRequest(`The payment method ${pm.id} is not attached to this subscription's customer.`, 'default_payment_method');
      after['default_payment_method'] = pm.id;
    }
  }
  const details = objectParam(params, 'cancellation_details');
  if (details !== null) after['cancellation_details'] = { ...rec(after['cancellation_details']), comment: text(details, 'comment'), feedback: text(details, 'feedback') };
  return saveSubscriptionWithEvent(tx, before, after);
};

export const endSubscription = async (tx: Tx, before: Obj, at: number, reason: string): Promise<Obj> => {
  const after: Obj = {
    ...before,
    canceled_at: before['canceled_at'] ?? at,
    ended_at: at,
    status: 'canceled',
    cancellation_details: { ...rec(before['cancellation_details']), reason },
  };
  await save(tx, after);
  // Its open invoice can no longer be paid.
  const open = await list(tx, TABLES.stripeInvoices, (query) => query.where({ subscription: before.id, status: 'open' }));
  for (const invoice of open) await voidInvoice(tx, invoice);
  await emit(tx, 'customer.subscription.deleted', after, changed(before, after, ['status', 'canceled_at', 'ended_at']));
  return after;
};

export const voidInvoice = async (tx: Tx, invoice: Obj): Promise<void> => {
  await save(tx, { ...invoice, amount_remaining: 0, status: 'void', status_transitions: { ...rec(invoice['status_transitions']), voided_at: tx.now } });
  const pi = await intentOfInvoice(tx, invoice);
  if (pi !== null && pi['status'] !== 'succeeded') await save(tx, { ...pi, canceled_at: tx.now, cancellation_reason: 'void_invoice', next_action: null, status: 'canceled' });
};

export const cancelSubscription = async (tx: Tx, id: string): Promise<Obj> => {
  const before = await mustLoad(tx, id, 'subscription', 'id', true);
  if (before['status'] === 'canceled' || before['status'] === 'incomplete_expired') {
    throw invalidRequest(`No such subscription: '${id}'; it has already been canceled.`, 'id', 'resource_missing');
  }
  return endSubscription(tx, before, tx.now, 'cancellation_requested');
};
