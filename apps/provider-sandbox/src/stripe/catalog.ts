/** The catalog: a tier's price, and the billing periods a price's interval makes. */
import { type Obj, rec } from './billing-values.ts';
import type { CatalogTier } from './constants.ts';
import { priceObject } from './objects.ts';
import { list, save, type Tx } from './store.ts';
import { TABLES } from '../store/schema.ts';

/**
 * A price for a tier (for the sandbox's own setups; the API sells the seeded catalog): like
 * POST /v1/prices with `transfer_lookup_key=true`, the tier's lookup key moves to it from the price
 * that had it, since a lookup key names one price.
 */
export const createCatalogPrice = async (tx: Tx, tier: CatalogTier): Promise<Obj> => {
  const holders = await list(tx, TABLES.stripePrices, (query) => query.where({ lookup_key: tier.lookupKey }).whereNot({ id: tier.priceId }));
  for (const holder of holders) await save(tx, { ...holder, lookup_key: null });
  return save(tx, priceObject(tier, tx.now));
};

const addMonthsUtc = (unix: number, months: number): number => {
  const date = new Date(unix * 1000);
  const day = date.getUTCDate();
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return Math.floor(target.getTime() / 1000);
};

const intervalMonths = (price: Obj): number => {
  const recurring = rec(price['recurring']);
  const count = Number(recurring['interval_count'] ?? 1);
  switch (recurring['interval']) {
    case 'year':
      return 12 * count;
    case 'month':
      return count;
    default:
      return count; // week/day prices are not sold here.
  }
};

/** The end of the period that starts at `start` for a subscription anchored at `anchor`. */
export const periodEnd = (anchor: number, start: number, price: Obj): number => {
  const months = intervalMonths(price);
  for (let k = 1; k < 1200; k += 1) {
    const end = addMonthsUtc(anchor, months * k);
    if (end > start) return end;
  }
  return addMonthsUtc(start, months);
};
