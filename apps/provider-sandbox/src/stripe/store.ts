/**
 * Stripe objects in the sandbox's tables: one table per kind, chosen by the id's prefix. Each row
 * keeps the object exactly as the API answers it (unexpanded, in a `json` column so key order is
 * kept) and the columns the API looks things up by. Every write of a request happens in one
 * transaction (`Tx`), which also collects the events to deliver after the commit.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../store/db.ts';
import { TABLES } from '../store/schema.ts';

export type StripeObject = { id: string; object: string; created?: number } & Record<string, unknown>;

export interface Tx {
  readonly trx: Knex | Knex.Transaction;
  readonly db: Db;
  /** The Stripe clock, Unix seconds (the sandbox clock plus what tests advanced). */
  readonly now: number;
  /** The sandbox clock itself (events' `created`, signatures). */
  readonly realNow: () => Date;
  /** This sandbox's origin as the caller reached it, for page URLs (3-D Secure, receipts, portal). */
  readonly base: string;
  readonly request: { readonly id: string | null; readonly idempotency_key: string | null };
  /** Where events go now (null: nowhere, they are only logged). */
  readonly endpoint: string | null;
  /** Seqs of the events this transaction logged; delivered after the commit. */
  readonly events: string[];
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const randomToken = (length: number): string => {
  const bytes = randomBytes(length);
  let text = '';
  for (const byte of bytes) text += ALPHABET[byte % ALPHABET.length];
  return text;
};

export const newId = (prefix: string): string => `${prefix}_${randomToken(24)}`;

const TABLE_BY_PREFIX: Readonly<Record<string, string>> = {
  prod: TABLES.stripeProducts,
  price: TABLES.stripePrices,
  cus: TABLES.stripeCustomers,
  pm: TABLES.stripePaymentMethods,
  sub: TABLES.stripeSubscriptions,
  in: TABLES.stripeInvoices,
  inpay: TABLES.stripeInvoicePayments,
  pi: TABLES.stripePaymentIntents,
  seti: TABLES.stripeSetupIntents,
  ch: TABLES.stripeCharges,
  bps: TABLES.stripePortalSessions,
};

export const tableOf = (id: string): string | null => {
  const prefix = id.slice(0, id.indexOf('_'));
  return /^[a-z]+_[A-Za-z0-9_]+$/.test(id) ? (TABLE_BY_PREFIX[prefix] ?? null) : null;
};

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/** The lookup columns of a row, derived from its object. */
const columnsOf = (table: string, object: StripeObject): Record<string, unknown> => {
  switch (table) {
    case TABLES.stripePrices:
      return { lookup_key: object['lookup_key'] ?? null, product: object['product'] };
    case TABLES.stripeCustomers:
      return { email: typeof object['email'] === 'string' ? object['email'].toLowerCase() : null };
    case TABLES.stripePaymentMethods:
      return { customer: object['customer'] ?? null };
    case TABLES.stripeSubscriptions: {
      const item = (record(object['items'])['data'] as Record<string, unknown>[] | undefined)?.[0];
      return { customer: object['customer'], status: object['status'], current_period_end: Number(item?.['current_period_end'] ?? 0) };
    }
    case TABLES.stripeInvoices:
      return {
        customer: object['customer'],
        subscription: record(record(object['parent'])['subscription_details'])['subscription'] ?? null,
        status: object['status'],
      };
    case TABLES.stripeInvoicePayments:
      return { invoice: object['invoice'], payment_intent: record(object['payment'])['payment_intent'] };
    case TABLES.stripePaymentIntents:
    case TABLES.stripeSetupIntents:
      return { customer: object['customer'] ?? null };
    case TABLES.stripeCharges:
      return { payment_intent: object['payment_intent'] };
    case TABLES.stripePortalSessions:
      return { customer: object['customer'] };
    default:
      return {};
  }
};

/** The object behind an id (any kind), or null. `forUpdate` locks the row for the transaction. */
export const load = async <T extends StripeObject = StripeObject>(tx: Tx, id: string, forUpdate = false): Promise<T | null> => {
  const table = tableOf(id);
  if (table === null) return null;
  const query = tx.db.table(table, tx.trx).where({ id }).first('object');
  if (forUpdate && 'commit' in tx.trx) query.forUpdate();
  const row = (await query) as { object: T } | undefined;
  return row?.object ?? null;
};

/** Inserts or replaces the object; `extra`: columns not derived from it (kept on later saves). */
export const save = async <T extends StripeObject>(tx: Tx, object: T, extra: Record<string, unknown> = {}): Promise<T> => {
  const table = tableOf(object.id);
  if (table === null) throw new Error(`no table for ${object.id}`);
  const columns = { object: JSON.stringify(object), ...columnsOf(table, object), ...extra };
  await tx.db
    .table(table, tx.trx)
    .insert({ id: object.id, created: Number(object.created ?? tx.now), ...columns })
    .onConflict('id')
    .merge(Object.keys(columns));
  return object;
};

/** Objects of one table matching `where`, newest first. */
export const list = async <T extends StripeObject = StripeObject>(
  tx: Tx,
  table: string,
  where: (query: Knex.QueryBuilder) => void,
): Promise<T[]> => {
  const query = tx.db.table(table, tx.trx).select('object').orderBy([{ column: 'created', order: 'desc' }, { column: 'seq', order: 'desc' }]);
  where(query);
  return ((await query) as { object: T }[]).map((row) => row.object);
};

/** A column of a row (e.g. a payment method's test-card behaviour). */
export const column = async (tx: Tx, id: string, name: string): Promise<unknown> => {
  const table = tableOf(id);
  if (table === null) return null;
  const row = (await tx.db.table(table, tx.trx).where({ id }).first(name)) as Record<string, unknown> | undefined;
  return row?.[name] ?? null;
};
