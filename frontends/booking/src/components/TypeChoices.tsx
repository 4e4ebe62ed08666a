import { useQuery } from '@tanstack/react-query';
import { Alert, Button, EmptyState, LoadingState, RetryAlert, Stack, StethoscopeIcon } from '@portal/ui';
import { api } from '@portal/client';
import { TYPES_QUERY_KEY, fetchAppointmentTypes } from '../booking-api.ts';
import { useT } from '../i18n.ts';
import { isAnnualPhysical, typeLabel } from '../providers.ts';
import type { ChosenType } from '../booking-flow.ts';

export interface TypeChoicesProps {
  providerId: string;
  selectedId: string | null;
  onChoose: (type: ChosenType) => void;
  /** The heading level of the list's label. */
  headingId: string;
}

/** The appointment types the provider offers, as buttons; 5 and 12 (annual physicals) warn once chosen. */
export function TypeChoices({ providerId, selectedId, onChoose, headingId }: TypeChoicesProps) {
  const query = useQuery({
    queryKey: TYPES_QUERY_KEY(providerId),
    queryFn: ({ signal }) => fetchAppointmentTypes(api, providerId, signal),
  });
  const t = useT();
  if (query.isPending) return <LoadingState compact label={t('types.loading')} />;
  if (query.isError) {
    return (
      <RetryAlert title={t('types.loadError')} onRetry={() => void query.refetch()} retrying={query.isFetching}>
        {t('common.tryAgainOrContact')}
      </RetryAlert>
    );
  }
  const types = query.data.appointmentTypes;
  if (types.length === 0) return <EmptyState icon={<StethoscopeIcon size={28} />} title={t('types.none')} />;
  return (
    <Stack gap={4}>
      <ul className="booking-choices" role="list" aria-labelledby={headingId}>
        {types.map((type) => {
          const selected = type.id === selectedId;
          return (
            <li key={type.id}>
              <Button
                variant={selected ? 'primary' : 'secondary'}
                block
                className="booking-choice"
                aria-pressed={selected}
                onClick={() => onChoose({ id: type.id, name: typeLabel(type) })}
              >
                {typeLabel(type)}
              </Button>
            </li>
          );
        })}
      </ul>
      <AnnualPhysicalWarning typeId={selectedId} />
    </Stack>
  );
}

export function AnnualPhysicalWarning({ typeId }: { typeId: string | null }) {
  const t = useT();
  if (!isAnnualPhysical(typeId)) return null;
  return (
    <Alert variant="warning" role="status" title={t('types.annualPhysical.title')}>
      <p>{t('types.annualPhysical.text')}</p>
    </Alert>
  );
}
