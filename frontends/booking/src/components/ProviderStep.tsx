import { useQuery } from '@tanstack/react-query';
import { Button, EmptyState, LoadingState, RetryAlert, Stack, UserIcon } from '@portal/ui';
import { api } from '@portal/client';
import { PROVIDERS_QUERY_KEY, fetchProviders } from '../booking-api.ts';
import { useT } from '../i18n.ts';
import { groupProviders, providerLabel, type ProviderGroup } from '../providers.ts';
import type { ChosenProvider } from '../booking-flow.ts';
import { StepHeading } from './StepHeading.tsx';

export interface ProviderStepProps {
  locationId: string;
  selectedId: string | null;
  onChoose: (provider: ChosenProvider) => void;
}

/** The provider step: 'No Preference' first, then providers grouped by specialty. */
export function ProviderStep({ locationId, selectedId, onChoose }: ProviderStepProps) {
  const query = useQuery({
    queryKey: PROVIDERS_QUERY_KEY(locationId),
    queryFn: ({ signal }) => fetchProviders(api, locationId, signal),
  });
  const t = useT();
  const groups = groupProviders(t, query.data?.providers ?? []);

  return (
    <Stack gap={5}>
      <StepHeading>{t('provider.heading')}</StepHeading>
      {query.isPending ? (
        <LoadingState compact label={t('provider.loading')} />
      ) : query.isError ? (
        <RetryAlert title={t('provider.loadError')} onRetry={() => void query.refetch()} retrying={query.isFetching}>
          {t('common.tryAgainOrContact')}
        </RetryAlert>
      ) : groups.length === 0 ? (
        <EmptyState icon={<UserIcon size={28} />} title={t('provider.none')} />
      ) : (
        <Stack gap={5}>
          {groups.map((group) => (
            <section key={groupKey(group)} className="booking-group" aria-labelledby={`booking-group-${groupKey(group)}`}>
              <h3 id={`booking-group-${groupKey(group)}`} className={group.noPreference ? 'ui-visually-hidden' : 'booking-group__title'}>
                {group.noPreference ? t('provider.anyProvider') : group.specialty}
              </h3>
              <ul className="booking-choices" role="list">
                {group.providers.map((provider) => {
                  const label = providerLabel(provider);
                  const selected = provider.id === selectedId;
                  return (
                    <li key={provider.id}>
                      <Button
                        variant={selected ? 'primary' : 'secondary'}
                        block
                        className="booking-choice"
                        aria-pressed={selected}
                        onClick={() => onChoose({ id: provider.id, name: label })}
                      >
                        {label}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const slug = (value: string): string => value.toLowerCase().replace(/[^a-z0-9]+/g, '-');
/** A group's id: the same in every language for 'No Preference' ('no-preference', as in English). */
const groupKey = (group: ProviderGroup): string => (group.noPreference ? 'no-preference' : slug(group.specialty));
