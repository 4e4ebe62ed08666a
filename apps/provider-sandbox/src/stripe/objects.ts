/**
 * Stripe objects as the API answers them (API version 2025-08-27.basil): the shapes of products,
 * prices, customers, payment methods, subscriptions (periods on the items), invoices (the
 * subscription under `parent.subscription_details`, no `payment_intent` or `charge`), invoice
 * payments, payment and setup intents, charges, portal sessions, events, lists.
 */
import type { FormObject, FormValue } from './form.ts';
import { STRIPE_API_VERSION, type CatalogTier } from './constants.ts';
import { invalidRequest } from './errors.ts';
import type { StripeObject } from './store.ts';

export const listObject = (data: readonly unknown[], url: string, hasMore = false): Record<string, unknown> => ({
  object: 'list',
  data,
  has_more: hasMore,
  url,
});

export const productObject = (tier: CatalogTier, created: number): StripeObject => ({
  id: tier.productId,
  object: 'product',
  active: true,
  created,
  default_price: tier.priceId,
  description: null,
  images: [],
  livemode: false,
  marketing_features: [],
  metadata: { tier: tier.lookupKey },
  name: tier.name,
  package_dimensions: null,
  shippable: null,
  statement_descriptor: null,
  tax_code: null,
  type: 'service',
  unit_label: null,
  updated: created,
  url: null,
});

export const priceObject = (tier: CatalogTier, created: number): StripeObject => ({
  id: tier.priceId,
  object: 'price',
  active: true,
  billing_scheme: 'per_unit',
  created,
  currency: 'usd',
  custom_unit_amount: null,
  livemode: false,
  lookup_key: tier.lookupKey,
  metadata: {},
  nickname: tier.name,
  product: tier.productId,
  recurring: { interval: tier.interval, interval_count: tier.intervalCount, meter: null, trial_period_days: null, usage_type: 'licensed' },
  tax_behavior: 'unspecified',
  tiers_mode: null,
  transform_quantity: null,
  type: 'recurring',
  unit_amount: tier.unitAmount,
  unit_amount_decimal: String(tier.unitAmount),
});

/**
 * The legacy Plan Stripe still sends beside each subscription item's price (`items.data[].plan`,
 * required in the 2025-08-27.basil schema): the same recurring price in the Plan object's fields.
 */
export const planObject = (price: StripeObject): StripeObject => {
  const recurring = (price['recurring'] ?? {}) as Record<string, unknown>;
  return {
    id: price.id,
    object: 'plan',
    active: price['active'] ?? true,
    amount: price['unit_amount'] ?? null,
    amount_decimal: price['unit_amount_decimal'] ?? null,
    billing_scheme: price['billing_scheme'] ?? 'per_unit',
    created: price['created'] ?? 0,
    currency: price['currency'] ?? 'usd',
    interval: recurring['interval'] ?? 'year',
    interval_count: recurring['interval_count'] ?? 1,
    livemode: false,
    metadata: price['metadata'] ?? {},
    meter: null,
    nickname: price['nickname'] ?? null,
    product: price['product'],
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: recurring['usage_type'] ?? 'licensed',
  };
};

// ---- reading params ------------------------------------------------------------------------------

export const text = (params: FormObject, key: string): string | null => {
  const value = params[key];
  if (value === undefined) return null;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${key}`, key);
  return value;
};

export const bool = (params: FormObject, key: string): boolean | null => {
  const value = text(params, key);
  if (value === null || value === '') return null;
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, key);
  return value === 'true';
};

export const integer = (params: FormObject, key: string): number | null => {
  const value = text(params, key);
  if (value === null || value === '') return null;
  if (!/^-?\d{1,12}$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, key);
  return Number(value);
};

export const objectParam = (params: FormObject, key: string): FormObject | null => {
  const value = params[key];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`Invalid object`, key);
  return value as FormObject;
};

export const arrayParam = (params: FormObject, key: string): FormValue[] => {
  const value = params[key];
  if (value === undefined || value === '') return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object') return Object.values(value);
  return [value];
};

/** Stripe's metadata update: `metadata[k]=v` sets, `metadata[k]=` unsets, `metadata=` clears. */
export const mergeMetadata = (current: Readonly<Record<string, string>>, params: FormObject): Record<string, string> => {
  const value = params['metadata'];
  if (value === undefined) return { ...current };
  if (value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid metadata', 'metadata');
  const next: Record<string, string> = { ...current };
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw invalidRequest(`Invalid metadata value for ${key}`, `metadata[${key}]`);
    if (key.length > 40) throw invalidRequest('Metadata keys can be at most 40 characters.', `metadata[${key}]`);
    if (entry.length > 500) throw invalidRequest('Metadata values can be at most 500 characters.', `metadata[${key}]`);
    if (entry === '') delete next[key];
    else next[key] = entry;
  }
  if (Object.keys(next).length > 50) throw invalidRequest('Metadata can have at most 50 keys.', 'metadata');
  return next;
};

export const eventObject = (fields: {
  readonly id: string;
  readonly type: string;
  readonly created: number;
  readonly object: StripeObject;
  readonly previous?: Readonly<Record<string, unknown>> | undefined;
  readonly request: { readonly id: string | null; readonly idempotency_key: string | null };
  readonly pendingWebhooks: number;
}): Record<string, unknown> => ({
  id: fields.id,
  object: 'event',
  api_version: STRIPE_API_VERSION,
  created: fields.created,
  data: { object: fields.object, ...(fields.previous === undefined ? {} : { previous_attributes: fields.previous }) },
  livemode: false,
  pending_webhooks: fields.pendingWebhooks,
  request: fields.request,
  type: fields.type,
});
