/**
 * The six plan cards of the tier screen (enrollment-and-payment §1 tier table, §2 'Membership
 * tier screen'; booking-dashboard-staff §2), computed from the tier table, in the page's language
 * (issue 26): English keeps the spec's '$120' 'per year'; Spanish reads '$120.00' 'al año'.
 */
import { TIERS, TIER_CODES, formatDollars } from '@portal/client';
import type { Tier, TierCode } from '@portal/client';
import { formatPrice } from '@portal/i18n/format.ts';
import type { Locale } from '@portal/i18n';
import { messages } from './i18n.ts';
import type { MessageId, Translate } from './i18n.ts';

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

/** The words and the price form of one language: a component's `useT()` and `useLocale()`. */
export interface TierTexts {
  readonly t: Translate;
  readonly locale: Locale;
}

const activeTexts = (): TierTexts => ({ t: messages.t, locale: messages.locale() });

/** English keeps the portal's '$120'; Spanish '$120.00' (Intl). */
const price = (cents: number, locale: Locale): string => (locale === 'en-US' ? formatDollars(cents) : formatPrice(cents, locale));

const featuresOf = (tier: Tier, t: Translate): readonly string[] => {
  const ids = (...list: MessageId[]): string[] => list.map((id) => t(id));
  if (tier.code === 'decline') return ids('tiers.feature.noFee', 'tiers.feature.regularCare');
  if (tier.code === 'decline_hardship') return ids('tiers.feature.noFee', 'tiers.feature.hardship');
  return [
    t(tier.concierge ? 'tiers.feature.conciergeOnly' : 'tiers.feature.scheduling'),
    t('tiers.feature.telemedicine', { count: tier.telemedicineVisits }),
    ...ids('tiers.feature.nurseLine', 'tiers.feature.renewal'),
  ];
};

/** An annual plan's saving over two 6-month payments of the same family ('Save $20!'). */
const savingsCents = (tier: Tier): number | null => {
  if (tier.savings === null) return null;
  const halfYear = TIER_CODES.map((code) => TIERS[code]).find((other) => other.family === tier.family && other.interval === '6 months');
  return halfYear ? halfYear.priceCents * 2 - tier.priceCents : null;
};

export const isDeclineTier = (code: TierCode): boolean => code === 'decline' || code === 'decline_hardship';

/** Choosing one of these first asks to acknowledge who concierge care is for. */
export const needsConciergeAcknowledgment = (code: TierCode): boolean => TIERS[code].concierge;

/** The submit button: 'Decline' for the two decline options, otherwise 'Continue'. */
export const submitLabel = (code: TierCode | null, t: Translate = messages.t): string =>
  t(code !== null && isDeclineTier(code) ? 'common.decline' : 'common.continue');

/** A tier's name as the practice gives it ('Enhanced Annual'); the period words follow the language. */
export const tierName = (code: TierCode, t: Translate = messages.t): string => t('tiers.name', { code });

export const tierPlan = (code: TierCode, texts: TierTexts = activeTexts()): TierPlan => {
  const { t, locale } = texts;
  const tier = TIERS[code];
  const saving = savingsCents(tier);
  return {
    code,
    name: tierName(code, t),
    badge: tier.label === null ? null : t('tiers.badge', { label: tier.label === 'Best Value' ? 'best' : 'premium' }),
    savings: saving === null ? null : t('tiers.savings', { amount: price(saving, locale) }),
    price: price(tier.priceCents, locale),
    priceUnit: t('tiers.priceUnit', { interval: tier.interval === 'year' ? 'year' : tier.interval === '6 months' ? 'six' : 'none' }),
    features: featuresOf(tier, t),
    concierge: tier.concierge,
    decline: isDeclineTier(code),
  };
};

/** The six cards in the tier table's order. */
export const tierPlans = (texts: TierTexts = activeTexts()): readonly TierPlan[] => TIER_CODES.map((code) => tierPlan(code, texts));

/** The accessible name of a card's select control. */
export const selectLabel = (plan: Pick<TierPlan, 'name'>, t: Translate = messages.t): string => t('tiers.selectLabel', { plan: plan.name });

/** The Payment step's description, the 6-month or annual membership: 'Enhanced Annual membership: $120 per year'. */
export const membershipDescription = (code: TierCode, texts: TierTexts = activeTexts()): string => {
  const plan = tierPlan(code, texts);
  return texts.t('tiers.membershipDescription', { plan: plan.name, price: plan.price, unit: plan.priceUnit });
};
