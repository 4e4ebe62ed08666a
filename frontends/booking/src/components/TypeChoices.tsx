import { useQuery } from '@tanstack/react-query';
import { Alert, Button, EmptyState, LoadingState, RetryAlert, Stack, StethoscopeIcon } from '@portal/ui';
import { api } from '@portal/client';
import { TYPES_QUERY_KEY, fetchAppointmentTypes } from '../booking-api.ts';
import { ANNUAL_PHYSICAL_TITLE, ANNUAL_PHYSICAL_WARNING, NO_APPOINTMENT_TYPES } from '../messages.ts';
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
  if (query.isPending) return <LoadingState compact label="Loading appointment types..." />;
  if (query.isError) {
    return (
      <RetryAlert title="Unable to load appointment types" onRetry={() => void query.refetch()} retrying={query.isFetching}>
        Please try again or contact our office.
      </RetryAlert>
    );
  }
  const types = query.data.appointmentTypes;
  if (types.length === 0) return <EmptyState icon={<StethoscopeIcon size={28} />} title={NO_APPOINTMENT_TYPES} />;
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
  if (!isAnnualPhysical(typeId)) return null;
  return (
    <Alert variant="warning" role="status" title={ANNUAL_PHYSICAL_TITLE}>
      <p>{ANNUAL_PHYSICAL_WARNING}</p>
    </Alert>
  );
}
