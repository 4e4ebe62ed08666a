/**
 * The six plan cards of the tier screen (enrollment-and-payment §1 tier table, §2 'Membership
 * tier screen'; booking-dashboard-staff §2), computed from the tier table.
 */
import { TIERS, TIER_CODES, formatDollars } from '@portal/client';
import type { Tier, TierCode } from '@portal/client';

export interface TierPlan {
  readonly code: TierCode;
  readonly name: string;
  /** 'Best Value' or 'Premium Annual'. */
  readonly badge: string | null;
  /** 'Save $20!' or 'Save $100!'. */
  readonly savings: string | null;
  readonly price: string;
  readonly priceUnit: string;
  readonly features: readonly string[];
  readonly concierge: boolean;
  readonly decline: boolean;
}

const telemedicine = (visits: number): string => `${visits} free telemedicine visit${visits === 1 ? '' : 's'} a year`;
const NURSE_LINE = 'Members-only nurse phone and SMS line';
const RENEWAL = 'Renews automatically; cancel anytime';

const featuresOf = (tier: Tier): readonly string[] => {
  if (tier.code === 'decline') return ['No membership fee', 'Regular primary care with your practice'];
  if (tier.code === 'decline_hardship') return ['No membership fee', 'For patients who cannot afford a membership'];
  const extras = tier.concierge ? ['For patients of select doctors only'] : ['Online scheduling and rescheduling'];
  return [...extras, telemedicine(tier.telemedicineVisits), NURSE_LINE, RENEWAL];
};

export const isDeclineTier = (code: TierCode): boolean => code === 'decline' || code === 'decline_hardship';

/** Choosing one of these first asks to acknowledge who concierge care is for. */
export const needsConciergeAcknowledgment = (code: TierCode): boolean => TIERS[code].concierge;

/** The submit button: 'Decline' for the two decline options, otherwise 'Continue'. */
export const submitLabel = (code: TierCode | null): 'Decline' | 'Continue' => (code !== null && isDeclineTier(code) ? 'Decline' : 'Continue');

export const tierPlan = (code: TierCode): TierPlan => {
  const tier = TIERS[code];
  return {
    code,
    name: tier.name,
    badge: tier.label,
    savings: tier.savings,
    price: formatDollars(tier.priceCents),
    priceUnit: tier.interval ? `per ${tier.interval}` : 'no cost',
    features: featuresOf(tier),
    concierge: tier.concierge,
    decline: isDeclineTier(code),
  };
};

/** The six cards in the tier table's order. */
export const TIER_PLANS: readonly TierPlan[] = TIER_CODES.map(tierPlan);

/** The accessible name of a card's select control. */
export const selectLabel = (plan: Pick<TierPlan, 'name'>): string => `Select ${plan.name}`;

/** The Payment step's description, the 6-month or annual membership: 'Enhanced Annual membership: $120 per year'. */
export const membershipDescription = (code: TierCode): string => {
  const plan = tierPlan(code);
  return `${plan.name} membership: ${plan.price} ${plan.priceUnit}`;
};
