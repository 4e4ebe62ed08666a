import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, CalendarIcon, EmptyState, LoadingState, Stack } from '@portal/ui';
import { PRACTICE_LOCATIONS, api } from '@portal/client';
import { AVAILABILITY_QUERY_KEY, fetchAvailability } from '../booking-api.ts';
import type { BookingState, ChosenSlot, ChosenType } from '../booking-flow.ts';
import { useWords } from '../i18n.ts';
import { providerName } from '../providers.ts';
import { formatSlotDate, slotDate, slotDayLabel, slotLabel, slotTime, slotsByDay, weeksToShow } from '../schedule.ts';
import type { BookingWeekDates } from '@portal/contracts';
import { StepHeading } from './StepHeading.tsx';
import { AnnualPhysicalWarning, TypeChoices } from './TypeChoices.tsx';

export interface ScheduleStepProps {
  state: BookingState;
  /** Guests choose the appointment type here (they have no type step). */
  chooseTypeHere: boolean;
  booking: boolean;
  onType: (type: ChosenType) => void;
  onWeek: (week: number) => void;
  onSlot: (slot: ChosenSlot) => void;
  onDifferentProvider: () => void;
  onBook: () => void;
}

/** The schedule step: the week selector (6 weeks), the week's open times, Book. */
export function ScheduleStep({ state, chooseTypeHere, booking, onType, onWeek, onSlot, onDifferentProvider, onBook }: ScheduleStepProps) {
  // The weeks' dates are the server's, sent with each week's slots (so labels and slots agree across
  // a week's boundary); before its first answer, the browser's clock dates them.
  const [serverWeeks, setServerWeeks] = useState<readonly BookingWeekDates[] | undefined>(undefined);
  const [browserNow] = useState(() => new Date());
  const { t, locale } = useWords();
  const weeks = useMemo(() => weeksToShow({ t, locale }, serverWeeks, browserNow), [t, locale, serverWeeks, browserNow]);
  const { provider, appointmentType } = state;
  const location = PRACTICE_LOCATIONS.find((candidate) => candidate.id === state.locationId)?.name ?? null;

  return (
    <Stack gap={5}>
      <StepHeading>{t('schedule.heading')}</StepHeading>
      <div className="booking-summary">
        <dl className="booking-facts">
          {location ? (
            <div>
              <dt>{t('facts.location')}</dt>
              <dd>{location}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('facts.provider')}</dt>
            <dd>{providerName(t, provider)}</dd>
          </div>
          {appointmentType && !chooseTypeHere ? (
            <div>
              <dt>{t('facts.appointmentType')}</dt>
              <dd>{appointmentType.name}</dd>
            </div>
          ) : null}
        </dl>
        <Button variant="secondary" size="sm" onClick={onDifferentProvider}>
          {t('schedule.chooseDifferentProvider')}
        </Button>
      </div>

      {chooseTypeHere && provider ? (
        <section aria-labelledby="booking-type-title" className="booking-group">
          <h3 id="booking-type-title" className="booking-group__title">
            {t('schedule.typeHeading')}
          </h3>
          <TypeChoices providerId={provider.id} selectedId={appointmentType?.id ?? null} onChoose={onType} headingId="booking-type-title" />
        </section>
      ) : (
        <AnnualPhysicalWarning typeId={appointmentType?.id ?? null} />
      )}

      {provider && appointmentType ? (
        <>
          <fieldset className="booking-weeks" role="radiogroup" aria-describedby="booking-weeks-hint">
            <legend className="booking-group__title">{t('schedule.week.legend')}</legend>
            <p id="booking-weeks-hint" className="booking-muted">
              {t('schedule.week.hint')}
            </p>
            <div className="booking-weeks__list">
              {weeks.map((week) => (
                <label key={week.index} className="booking-pill">
                  <input
                    type="radio"
                    name="booking-week"
                    className="booking-pill__input"
                    value={week.index}
                    checked={state.week === week.index}
                    onChange={() => onWeek(week.index)}
                    aria-label={week.accessibleLabel}
                  />
                  <span className="booking-pill__text" aria-hidden="true">
                    <span className="booking-pill__label">{week.label}</span>
                    <span className="booking-pill__range">{week.range}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <Slots state={state} providerId={provider.id} appointmentTypeId={appointmentType.id} onSlot={onSlot} onWeeks={setServerWeeks} />

          <div className="booking-book">
            {state.slot ? (
              <p className="booking-book__chosen" aria-live="polite">
                {t('schedule.selected', { date: slotDate(state.slot.date, locale), time: slotTime(state.slot.time, locale) })}
              </p>
            ) : (
              <p className="booking-muted" aria-live="polite">
                {t('schedule.chooseTime')}
              </p>
            )}
            <Button size="lg" disabled={!state.slot} loading={booking} loadingText={t('schedule.booking')} onClick={onBook}>
              {t(state.rescheduleId ? 'schedule.reschedule' : 'schedule.book')}
            </Button>
          </div>
        </>
      ) : null}
    </Stack>
  );
}

function Slots({
  state,
  providerId,
  appointmentTypeId,
  onSlot,
  onWeeks,
}: {
  state: BookingState;
  providerId: string;
  appointmentTypeId: string;
  onSlot: (slot: ChosenSlot) => void;
  /** The weeks' dates of each answer that carries them. */
  onWeeks: (weeks: readonly BookingWeekDates[]) => void;
}) {
  const words = useWords();
  const { t, locale } = words;
  const query = useQuery({
    queryKey: AVAILABILITY_QUERY_KEY({ departmentId: state.locationId, providerId, appointmentTypeId, week: state.week }),
    queryFn: ({ signal }) => fetchAvailability(api, { departmentId: state.locationId, providerId, appointmentTypeId, week: state.week }, signal),
    // Open times change: read them again whenever the step shows them, and retry only by hand.
    staleTime: 0,
    retry: false,
  });
  const answeredWeeks = query.data?.weeks;
  useEffect(() => {
    if (answeredWeeks) onWeeks(answeredWeeks);
  }, [answeredWeeks, onWeeks]);

  // A week's times as read now, never a cached list that then changes by itself (a time booked
  // meanwhile, by this member too, would show and then go; issue 23): a remembered week waits for
  // its fresh answer too.
  if (query.isPending || (query.isFetching && !query.isFetchedAfterMount)) return <LoadingState compact label={t('schedule.loading')} />;
  if (query.isError) {
    return (
      <Alert variant="destructive" role="alert" title={t('schedule.error.title')}>
        <Stack gap={3}>
          <p>{t('schedule.error.text')}</p>
          <div>
            <Button variant="secondary" size="sm" loading={query.isFetching} onClick={() => void query.refetch()}>
              {t('schedule.tryAgain')}
            </Button>
          </div>
        </Stack>
      </Alert>
    );
  }
  const days = slotsByDay(query.data.slots);
  if (days.length === 0) {
    return <EmptyState icon={<CalendarIcon size={28} />} title={t('schedule.none.title')} description={<p>{t('schedule.none.text')}</p>} />;
  }
  return (
    <fieldset className="booking-slots" role="radiogroup">
      <legend className="booking-group__title">{t('schedule.availableTimes')}</legend>
      {days.map((day) => {
        const dayId = `booking-day-${day.date.replace(/\//g, '-')}`;
        return (
          <div key={day.date} className="booking-day" role="group" aria-labelledby={dayId}>
            <h4 id={dayId} className="booking-day__title">
              {slotDayLabel(words, day.date)}
            </h4>
            <div className="booking-day__slots">
              {day.slots.map((slot) => (
                <label key={slot.appointmentId} className="booking-pill booking-pill--slot">
                  <input
                    type="radio"
                    name="booking-slot"
                    className="booking-pill__input"
                    value={slot.appointmentId}
                    checked={state.slot?.appointmentId === slot.appointmentId}
                    onChange={() => onSlot({ appointmentId: slot.appointmentId, date: formatSlotDate(slot.date), time: slot.time, ...providerOf(slot) })}
                    aria-label={slotLabel(words, day.date, slot.time)}
                  />
                  <span className="booking-pill__text" aria-hidden="true">
                    <span className="booking-pill__label">{slotTime(slot.time, locale)}</span>
                  </span>
                </label>
              ))}
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}

/** A slot may name its provider (No Preference): then the booking goes to that provider. */
const providerOf = (slot: object): { providerId?: string } => {
  const value = (slot as { providerId?: unknown }).providerId;
  return typeof value === 'string' && value !== '' ? { providerId: value } : {};
};
