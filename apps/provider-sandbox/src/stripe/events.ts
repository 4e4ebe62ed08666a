/** The events a billing change emits (logged for delivery after the commit), and a subscription saved with its customer.subscription.updated. */
import type { Obj } from './billing-values.ts';
import { eventObject } from './objects.ts';
import { newId, save, type Tx } from './store.ts';
import { TABLES } from '../store/schema.ts';

/** Logs an event (a snapshot of `object`) for delivery after the commit. */
export const emit = async (tx: Tx, type: string, object: Obj, previous?: Record<string, unknown>): Promise<void> => {
  const id = newId('evt');
  const event = eventObject({
    id,
    type,
    created: Math.floor(tx.realNow().getTime() / 1000),
    object: structuredClone(object),
    previous: previous !== undefined && Object.keys(previous).length > 0 ? previous : undefined,
    request: tx.request,
    pendingWebhooks: tx.endpoint === null ? 0 : 1,
  });
  const [row] = (await tx.db
    .table(TABLES.stripeEvents, tx.trx)
    .insert({
      id,
      type,
      object_id: object.id,
      event: JSON.stringify(event),
      endpoint_url: tx.endpoint,
      status: tx.endpoint === null ? 'no_endpoint' : 'pending',
      attempts: 0,
      created_at: tx.realNow(),
    })
    .returning('seq')) as { seq: string }[];
  if (tx.endpoint !== null && row !== undefined) tx.events.push(String(row.seq));
};

/** The fields of `before` that differ in `after` (Stripe's previous_attributes), top level only. */
export const changed = (before: Obj, after: Obj, keys: readonly string[]): Record<string, unknown> => {
  const previous: Record<string, unknown> = {};
  for (const key of keys) if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null;
  return previous;
};

const SUBSCRIPTION_KEYS = ['status', 'cancel_at_period_end', 'cancel_at', 'canceled_at', 'ended_at', 'default_payment_method', 'latest_invoice', 'metadata', 'items', 'pending_setup_intent'];

export const saveSubscriptionWithEvent = async (tx: Tx, before: Obj, after: Obj): Promise<Obj> => {
  await save(tx, after);
  const previous = changed(before, after, SUBSCRIPTION_KEYS);
  if (Object.keys(previous).length > 0) await emit(tx, 'customer.subscription.updated', after, previous);
  return after;
};
