/**
 * The plan as the payment card and the confirmation name it: 'Enhanced Annual membership: $120 per
 * year' (English, as the tier screen words it), 'Membresía Enhanced anual: $120.00 al año'. The
 * tiers' family names (Enhanced, Concierge) stay as the practice names them.
 */
import { TIERS, formatDollars } from '@portal/client';
import type { TierCode } from '@portal/client';
import type { Locale } from '@portal/contracts/locale.ts';
import { formatPrice } from '@portal/i18n/format.ts';
import { membershipDescription } from '../tiers.ts';
import { paymentMessages } from './i18n.ts';

export const planText = (code: TierCode, locale: Locale = paymentMessages.locale()): string => {
  const tier = TIERS[code];
  if (!tier.interval) return membershipDescription(code);
  const family = tier.name.split(' ')[0] ?? tier.name;
  const price = locale === 'en-US' ? formatDollars(tier.priceCents) : formatPrice(tier.priceCents, locale);
  return paymentMessages.t('payment.plan', { family, interval: tier.interval === 'year' ? 'year' : 'months', price });
};

/** In a component: drawn again when the page's language changes. */
export const usePlanText = (): ((code: TierCode) => string) => {
  paymentMessages.useT();
  const locale = paymentMessages.useLocale();
  return (code) => planText(code, locale);
};
