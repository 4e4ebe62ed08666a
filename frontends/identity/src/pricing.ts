/**
 * The three pricing cards of the login page (booking-dashboard-staff §1-2), computed from the
 * tier table so prices and savings are never typed twice.
 */
import { TIERS, formatDollars } from '@portal/client';
import type { Tier } from '@portal/client';

export type PricingPlanId = 'enhanced' | 'concierge' | 'decline';

export interface PricingPlan {
  readonly id: PricingPlanId;
  readonly title: string;
  readonly subtitle: string | null;
  readonly badge: string | null;
  readonly price: string;
  readonly priceUnit: string;
  readonly priceAlternative: string | null;
  /** The whole price as one sentence: '$120 per year or $70 per 6 months'. */
  readonly priceSummary: string;
  readonly features: readonly string[];
  readonly highlighted: boolean;
}

const telemedicine = (visits: number): string => `${visits} free telemedicine visit${visits === 1 ? '' : 's'} a year`;

const NURSE_LINE = 'Members-only nurse phone and SMS line';

const paidPlan = (
  id: 'enhanced' | 'concierge',
  title: string,
  annual: Tier,
  sixMonth: Tier,
  extra: { subtitle: string | null; features: readonly string[]; highlighted: boolean },
): PricingPlan => {
  const price = formatDollars(annual.priceCents);
  const priceUnit = `per ${annual.interval ?? 'year'}`;
  const priceAlternative = `or ${formatDollars(sixMonth.priceCents)} per ${sixMonth.interval ?? '6 months'}`;
  return {
    id,
    title,
    subtitle: extra.subtitle,
    badge: annual.savings,
    price,
    priceUnit,
    priceAlternative,
    priceSummary: `${price} ${priceUnit} ${priceAlternative}`,
    features: [...extra.features, telemedicine(annual.telemedicineVisits), NURSE_LINE],
    highlighted: extra.highlighted,
  };
};

export const pricingPlans = (): readonly PricingPlan[] => {
  const basic = TIERS.decline;
  const free = formatDollars(basic.priceCents);
  return [
    paidPlan('enhanced', 'Enhanced', TIERS['120_annual'], TIERS['70_biannual'], {
      subtitle: null,
      features: ['Online scheduling and rescheduling'],
      highlighted: true,
    }),
    paidPlan('concierge', 'Concierge', TIERS['500_concierge_annual'], TIERS['300_concierge_biannual'], {
      subtitle: 'For select providers only',
      features: [],
      highlighted: false,
    }),
    {
      id: 'decline',
      title: 'Decline (Opt Out)',
      subtitle: basic.name,
      badge: null,
      price: free,
      priceUnit: 'no membership fee',
      priceAlternative: null,
      priceSummary: `${basic.name}: free (${free})`,
      features: ['Membership is optional and does not affect access to medically necessary care.'],
      highlighted: false,
    },
  ];
};
