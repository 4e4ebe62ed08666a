/**
 * The Stripe stand-in's keys, version and catalog: the four paid membership tiers as products and
 * prices (the price's lookup_key is the tier code, amounts in cents).
 */

export const STRIPE_SECRET_KEY = 'sk_test_portal_sandbox';
export const STRIPE_PUBLISHABLE_KEY = 'pk_test_portal_sandbox';
export const STRIPE_WEBHOOK_SECRET = 'whsec_portal_sandbox';
export const STRIPE_API_VERSION = '2025-08-27.basil';
/** How long the sandbox waits between attempts to deliver a Stripe event (then gives up). */
export const STRIPE_WEBHOOK_RETRY_DELAYS_MS = [1_000, 5_000, 15_000] as const;
/** Stripe lets an `incomplete` subscription's first invoice be paid for about 23 hours. */
export const INCOMPLETE_EXPIRES_AFTER_SECONDS = 23 * 3600;

export interface CatalogTier {
  readonly lookupKey: string;
  readonly productId: string;
  readonly priceId: string;
  readonly name: string;
  readonly unitAmount: number;
  readonly interval: 'month' | 'year';
  readonly intervalCount: number;
}

export const STRIPE_CATALOG: readonly CatalogTier[] = [
  { lookupKey: '120_annual', productId: 'prod_sandbox_120_annual', priceId: 'price_sandbox_120_annual', name: 'Annual Membership', unitAmount: 12_000, interval: 'year', intervalCount: 1 },
  { lookupKey: '70_biannual', productId: 'prod_sandbox_70_biannual', priceId: 'price_sandbox_70_biannual', name: 'Semiannual Membership', unitAmount: 7_000, interval: 'month', intervalCount: 6 },
  {
    lookupKey: '300_concierge_biannual',
    productId: 'prod_sandbox_300_concierge_biannual',
    priceId: 'price_sandbox_300_concierge_biannual',
    name: 'Concierge Membership (semiannual)',
    unitAmount: 30_000,
    interval: 'month',
    intervalCount: 6,
  },
  {
    lookupKey: '500_concierge_annual',
    productId: 'prod_sandbox_500_concierge_annual',
    priceId: 'price_sandbox_500_concierge_annual',
    name: 'Concierge Membership (annual)',
    unitAmount: 50_000,
    interval: 'year',
    intervalCount: 1,
  },
];
