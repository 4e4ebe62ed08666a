/**
 * The provider step's list (booking-dashboard-staff §2 'Provider step'): grouped by specialty
 * ('Provider' when a provider has none), 'No Preference' first.
 */
import type { AppointmentType, Provider } from '@portal/contracts';
import { ANNUAL_PHYSICAL_TYPE_IDS } from '@portal/contracts/screen-rules.ts';
import { DEFAULT_SPECIALTY, NO_PREFERENCE } from './messages.ts';

/** The id the API takes for "any provider". */
export const ANY_PROVIDER_ID = 'any';

export interface ProviderGroup {
  readonly specialty: string;
  readonly providers: readonly Provider[];
}

export const NO_PREFERENCE_PROVIDER: Provider = { id: ANY_PROVIDER_ID, name: NO_PREFERENCE, displayName: NO_PREFERENCE, specialty: null };

const isNoPreference = (provider: Provider): boolean => provider.id === ANY_PROVIDER_ID || provider.displayName === NO_PREFERENCE;

export const providerLabel = (provider: Provider): string => provider.displayName.trim() || provider.name;

/**
 * Groups for the screen: first a group holding only 'No Preference', then one per specialty in
 * alphabetical order, providers by name. No providers at all: no groups ('No providers available').
 */
export const groupProviders = (providers: readonly Provider[]): ProviderGroup[] => {
  const real = providers.filter((provider) => !isNoPreference(provider));
  if (real.length === 0) return [];
  const bySpecialty = new Map<string, Provider[]>();
  for (const provider of real) {
    const specialty = provider.specialty?.trim() || DEFAULT_SPECIALTY;
    bySpecialty.set(specialty, [...(bySpecialty.get(specialty) ?? []), provider]);
  }
  const groups = [...bySpecialty]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([specialty, list]) => ({ specialty, providers: [...list].sort((a, b) => providerLabel(a).localeCompare(providerLabel(b))) }));
  return [{ specialty: NO_PREFERENCE, providers: [NO_PREFERENCE_PROVIDER] }, ...groups];
};

/** Type ids 5 and 12 are annual physicals: choosing one shows the insurance warning. */
export { ANNUAL_PHYSICAL_TYPE_IDS };
export const isAnnualPhysical = (typeId: string | null | undefined): boolean => typeId !== null && typeId !== undefined && (ANNUAL_PHYSICAL_TYPE_IDS as readonly string[]).includes(typeId);

export const typeLabel = (type: AppointmentType): string => type.displayName.trim() || type.name;
