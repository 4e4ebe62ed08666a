import { useQuery } from '@tanstack/react-query';
import { Button, EmptyState, LoadingState, RetryAlert, Stack, UserIcon } from '@portal/ui';
import { api } from '@portal/client';
import { PROVIDERS_QUERY_KEY, fetchProviders } from '../booking-api.ts';
import { NO_PREFERENCE, NO_PROVIDERS } from '../messages.ts';
import { groupProviders, providerLabel } from '../providers.ts';
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
  const groups = groupProviders(query.data?.providers ?? []);

  return (
    <Stack gap={5}>
      <StepHeading>Choose a Provider</StepHeading>
      {query.isPending ? (
        <LoadingState compact label="Loading providers..." />
      ) : query.isError ? (
        <RetryAlert title="Unable to load providers" onRetry={() => void query.refetch()} retrying={query.isFetching}>
          Please try again or contact our office.
        </RetryAlert>
      ) : groups.length === 0 ? (
        <EmptyState icon={<UserIcon size={28} />} title={NO_PROVIDERS} />
      ) : (
        <Stack gap={5}>
          {groups.map((group) => (
            <section key={group.specialty} className="booking-group" aria-labelledby={`booking-group-${slug(group.specialty)}`}>
              <h3 id={`booking-group-${slug(group.specialty)}`} className={group.specialty === NO_PREFERENCE ? 'ui-visually-hidden' : 'booking-group__title'}>
                {group.specialty === NO_PREFERENCE ? 'Any provider' : group.specialty}
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
