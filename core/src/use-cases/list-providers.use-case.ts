/**
 * The providers a patient may choose (GET /api/providers): read through a 24-hour cache. When the
 * health record does not answer, a stale list is better than none; with no list at all the
 * health record's error stands.
 */
import { UNKNOWN_PROVIDER } from '../domain/practice.ts';
import type { HealthRecord, HealthRecordProvider } from '../ports/health-record.port.ts';
import type { ProviderCache } from '../ports/provider-cache.port.ts';

export const PROVIDER_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** athenahealth's provider list is practice-wide; one cache entry serves every location. */
const PRACTICE_WIDE = 'all';

export interface ProviderChoice {
  readonly id: string;
  readonly name: string;
  readonly displayName: string;
  readonly specialty: string | null;
}

export const toProviderChoice = (provider: HealthRecordProvider): ProviderChoice => ({
  id: provider.providerId,
  name: `${provider.firstName} ${provider.lastName}`.trim() || UNKNOWN_PROVIDER,
  displayName: provider.displayName || UNKNOWN_PROVIDER,
  specialty: provider.specialty,
});

export const listProviders = async (deps: { healthRecord: HealthRecord; cache: ProviderCache; now: () => Date }): Promise<ProviderChoice[]> => {
  const cached = await deps.cache.read(PRACTICE_WIDE);
  const now = deps.now();
  if (cached && now.getTime() - cached.cachedAt.getTime() < PROVIDER_CACHE_TTL_MS) return cached.providers.map(toProviderChoice);
  try {
    const providers = await deps.healthRecord.providers();
    await deps.cache.write(PRACTICE_WIDE, providers, now);
    return providers.map(toProviderChoice);
  } catch (error) {
    if (cached) return cached.providers.map(toProviderChoice);
    throw error;
  }
};
