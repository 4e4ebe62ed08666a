/**
 * The three pricing cards of the login page (booking-dashboard-staff §1-2), computed from the
 * tier table so prices and savings are never typed twice; the words from the catalogs
 * (src/messages), in the page's language: '$120 per year or $70 per 6 months',
 * '$120.00 al año o $70.00 cada 6 meses'. English keeps the spec's whole-dollar prices.
 */
import { TIERS, formatDollars } from '@portal/client';
import type { Tier } from '@portal/client';
import type { Locale } from '@portal/contracts/locale.ts';
import { formatPrice } from '@portal/i18n/format.ts';
import type { MessageValues } from '@portal/i18n/messages.ts';
import { messages } from './i18n.ts';
import type { MessageId } from './i18n.ts';

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

type Translate = (id: MessageId, values?: MessageValues) => string;

/** '$120' in English (the spec's form), '$120.00' in Spanish. */
const priceIn = (locale: Locale) => (cents: number): string => (locale === 'en-US' ? formatDollars(cents) : formatPrice(cents, locale));

const intervalOf = (tier: Tier): string => (tier.interval === 'year' ? 'year' : '6 months');

const paidPlan = (
  t: Translate,
  money: (cents: number) => string,
  id: 'enhanced' | 'concierge',
  title: string,
  annual: Tier,
  sixMonth: Tier,
  extra: { subtitle: string | null; features: readonly string[]; highlighted: boolean },
): PricingPlan => {
  const price = money(annual.priceCents);
  const alternativePrice = money(sixMonth.priceCents);
  const interval = intervalOf(annual);
  const alternativeInterval = intervalOf(sixMonth);
  // 'Save $20!': a year paid at once against two half-years.
  const savedCents = sixMonth.priceCents * 2 - annual.priceCents;
  return {
    id,
    title,
    subtitle: extra.subtitle,
    badge: annual.savings && savedCents > 0 ? t('pricing.badge.save', { amount: money(savedCents) }) : null,
    price,
    priceUnit: t('pricing.unit', { interval }),
    priceAlternative: t('pricing.alternative', { price: alternativePrice, interval: alternativeInterval }),
    priceSummary: t('pricing.summary', { price, interval, alternativePrice, alternativeInterval }),
    features: [...extra.features, t('pricing.telemedicine', { count: annual.telemedicineVisits }), t('pricing.nurseLine')],
    highlighted: extra.highlighted,
  };
};

/** The cards in the active language (`t` and `locale` from `messages.useT()` and `messages.useLocale()` in a component). */
export const pricingPlans = (t: Translate = messages.t, locale: Locale = messages.locale()): readonly PricingPlan[] => {
  const money = priceIn(locale);
  const basic = TIERS.decline;
  const free = money(basic.priceCents);
  return [
    // The tiers' names are the practice's: Enhanced, Concierge, Basic.
    paidPlan(t, money, 'enhanced', 'Enhanced', TIERS['120_annual'], TIERS['70_biannual'], {
      subtitle: null,
      features: [t('pricing.enhanced.scheduling')],
      highlighted: true,
    }),
    paidPlan(t, money, 'concierge', 'Concierge', TIERS['500_concierge_annual'], TIERS['300_concierge_biannual'], {
      subtitle: t('pricing.concierge.subtitle'),
      features: [],
      highlighted: false,
    }),
    {
      id: 'decline',
      title: t('pricing.decline.title'),
      subtitle: t('pricing.decline.name'),
      badge: null,
      price: free,
      priceUnit: t('pricing.decline.unit'),
      priceAlternative: null,
      priceSummary: t('pricing.decline.summary', { tier: t('pricing.decline.name'), price: free }),
      features: [t('pricing.decline.feature')],
      highlighted: false,
    },
  ];
};
