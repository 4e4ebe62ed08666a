/**
 * The six membership tiers of the spec (enrollment-and-payment §1, booking-dashboard-staff §2, §9).
 * The single source of truth for codes, names, prices and labels: the API, the codecs and the
 * pricing pages all read this table.
 */

export const TIER_CODES = [
  '120_annual',
  '70_biannual',
  '300_concierge_biannual',
  '500_concierge_annual',
  'decline',
  'decline_hardship',
] as const;

export type TierCode = (typeof TIER_CODES)[number];

export type TierFamily = 'enhanced' | 'concierge' | 'basic';

/** Billing interval of a paid tier; null for the free ones. */
export type TierInterval = 'year' | '6 months' | null;

export interface Tier {
  readonly code: TierCode;
  readonly name: string;
  readonly family: TierFamily;
  /** Price per interval in cents. */
  readonly priceCents: number;
  readonly interval: TierInterval;
  /** 'Best Value' or 'Premium Annual' badge, when the plan card carries one. */
  readonly label: 'Best Value' | 'Premium Annual' | null;
  /** 'Save $20!' or 'Save $100!' on the annual plans. */
  readonly savings: 'Save $20!' | 'Save $100!' | null;
  /** Free telemedicine visits a year. */
  readonly telemedicineVisits: 0 | 1 | 4;
  readonly concierge: boolean;
  readonly paid: boolean;
}

export const TIERS: Readonly<Record<TierCode, Tier>> = {
  '120_annual': {
    code: '120_annual',
    name: 'Enhanced Annual',
    family: 'enhanced',
    priceCents: 12_000,
    interval: 'year',
    label: 'Best Value',
    savings: 'Save $20!',
    telemedicineVisits: 1,
    concierge: false,
    paid: true,
  },
  '70_biannual': {
    code: '70_biannual',
    name: 'Enhanced 6 Month',
    family: 'enhanced',
    priceCents: 7_000,
    interval: '6 months',
    label: null,
    savings: null,
    telemedicineVisits: 1,
    concierge: false,
    paid: true,
  },
  '300_concierge_biannual': {
    code: '300_concierge_biannual',
    name: 'Concierge 6 Month',
    family: 'concierge',
    priceCents: 30_000,
    interval: '6 months',
    label: null,
    savings: null,
    telemedicineVisits: 4,
    concierge: true,
    paid: true,
  },
  '500_concierge_annual': {
    code: '500_concierge_annual',
    name: 'Concierge Annual',
    family: 'concierge',
    priceCents: 50_000,
    interval: 'year',
    label: 'Premium Annual',
    savings: 'Save $100!',
    telemedicineVisits: 4,
    concierge: true,
    paid: true,
  },
  decline: {
    code: 'decline',
    name: 'Basic',
    family: 'basic',
    priceCents: 0,
    interval: null,
    label: null,
    savings: null,
    telemedicineVisits: 0,
    concierge: false,
    paid: false,
  },
  decline_hardship: {
    code: 'decline_hardship',
    name: 'Decline, financial hardship (self-attested)',
    family: 'basic',
    priceCents: 0,
    interval: null,
    label: null,
    savings: null,
    telemedicineVisits: 0,
    concierge: false,
    paid: false,
  },
};

export const DEFAULT_TIER: TierCode = '120_annual';

export const isTierCode = (value: unknown): value is TierCode =>
  typeof value === 'string' && (TIER_CODES as readonly string[]).includes(value);

/** The four tiers staff may create subscriptions for (booking-dashboard-staff §5). */
export const PAID_TIER_CODES: readonly TierCode[] = TIER_CODES.filter((code) => TIERS[code].paid);

/** '$120' from 12000 cents; cents shown only when not whole dollars. */
export const formatDollars = (cents: number): string =>
  cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
