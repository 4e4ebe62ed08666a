/**
 * The provider step's list (booking-dashboard-staff §2 'Provider step'): grouped by specialty
 * ('Provider' when a provider has none), 'No Preference' first.
 */
import type { AppointmentType, Provider } from '@portal/contracts';
import { ANNUAL_PHYSICAL_TYPE_IDS } from '@portal/contracts/screen-rules.ts';
import type { Translate } from './i18n.ts';

/** The id the API takes for "any provider". */
export const ANY_PROVIDER_ID = 'any';

export interface ProviderGroup {
  readonly specialty: string;
  /** The group holding only 'No Preference' (its heading is for screen readers only). */
  readonly noPreference?: boolean;
  readonly providers: readonly Provider[];
}

/** The name an API may give its own 'any provider' entry (its data, not a text of ours). */
const API_NO_PREFERENCE = 'No Preference';

/** 'No Preference' in the page's language, as a provider. */
export const noPreferenceProvider = (t: Translate): Provider => {
  const name = t('provider.noPreference');
  return { id: ANY_PROVIDER_ID, name, displayName: name, specialty: null };
};

const isNoPreference = (provider: Provider): boolean => provider.id === ANY_PROVIDER_ID || provider.displayName === API_NO_PREFERENCE;

/** The chosen provider's name as the screen shows it: 'No Preference' in the page's language. */
export const providerName = (t: Translate, provider: { readonly id: string; readonly name: string } | null | undefined): string =>
  provider ? (provider.id === ANY_PROVIDER_ID ? t('provider.noPreference') : provider.name) : '';

export const providerLabel = (provider: Provider): string => provider.displayName.trim() || provider.name;

/**
 * Groups for the screen: first a group holding only 'No Preference', then one per specialty in
 * alphabetical order, providers by name. No providers at all: no groups ('No providers available').
 */
export const groupProviders = (t: Translate, providers: readonly Provider[]): ProviderGroup[] => {
  const real = providers.filter((provider) => !isNoPreference(provider));
  if (real.length === 0) return [];
  const bySpecialty = new Map<string, Provider[]>();
  for (const provider of real) {
    // The health record's specialty, in Spanish for the common ones (the catalog's select), else as it came.
    const name = provider.specialty?.trim();
    const specialty = name ? t('provider.specialty', { key: name.replace(/\W+/g, '_'), name }) : t('provider.defaultSpecialty');
    bySpecialty.set(specialty, [...(bySpecialty.get(specialty) ?? []), provider]);
  }
  const groups = [...bySpecialty]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([specialty, list]) => ({ specialty, providers: [...list].sort((a, b) => providerLabel(a).localeCompare(providerLabel(b))) }));
  const noPreference = noPreferenceProvider(t);
  return [{ specialty: noPreference.name, noPreference: true, providers: [noPreference] }, ...groups];
};

/** Type ids 5 and 12 are annual physicals: choosing one shows the insurance warning. */
export { ANNUAL_PHYSICAL_TYPE_IDS };
export const isAnnualPhysical = (typeId: string | null | undefined): boolean => typeId !== null && typeId !== undefined && (ANNUAL_PHYSICAL_TYPE_IDS as readonly string[]).includes(typeId);

export const typeLabel = (type: AppointmentType): string => type.displayName.trim() || type.name;
