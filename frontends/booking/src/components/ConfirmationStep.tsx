import { ButtonLink, CalendarIcon, buttonClassName, Card, CheckIcon, PRACTICE_LOCATIONS, Stack } from '@portal/ui';
import { calendarFileHref } from '../booking-api.ts';
import type { Confirmation } from '../booking-flow.ts';
import { ARRIVE_EARLY, DOWNLOAD_CALENDAR } from '../messages.ts';
import { formatSlotDate, formatTime12h, weekdayName } from '../schedule.ts';
import { StepHeading } from './StepHeading.tsx';

const HEADINGS: Readonly<Record<Confirmation['kind'], string>> = {
  booked: 'Appointment Confirmed',
  rescheduled: 'Appointment Rescheduled',
  existing: 'Your Existing Appointment',
};

/** Step 4: the booked (or moved, or kept) appointment, 'arrive 15 minutes early', the calendar file. */
export function ConfirmationStep({ confirmation, locationId }: { confirmation: Confirmation; locationId: string }) {
  const date = formatSlotDate(confirmation.date);
  const weekday = weekdayName(date);
  const location = PRACTICE_LOCATIONS.find((candidate) => candidate.id === locationId)?.name ?? null;
  return (
    <Stack gap={5}>
      <div className="booking-confirmed">
        <span className="booking-confirmed__icon" aria-hidden="true">
          <CheckIcon size={24} />
        </span>
        <StepHeading>{HEADINGS[confirmation.kind]}</StepHeading>
      </div>
      {confirmation.message ? <p role="status">{confirmation.message}</p> : null}
      <Card className="booking-card">
        <dl className="booking-facts booking-facts--stacked">
          <div>
            <dt>Date</dt>
            <dd>{weekday ? `${weekday}, ${date}` : date}</dd>
          </div>
          <div>
            <dt>Time</dt>
            <dd>{formatTime12h(confirmation.time)}</dd>
          </div>
          {confirmation.providerName ? (
            <div>
              <dt>Provider</dt>
              <dd>{confirmation.providerName}</dd>
            </div>
          ) : null}
          {confirmation.appointmentTypeName ? (
            <div>
              <dt>Appointment type</dt>
              <dd>{confirmation.appointmentTypeName}</dd>
            </div>
          ) : null}
          {location && confirmation.kind !== 'existing' ? (
            <div>
              <dt>Location</dt>
              <dd>{location}</dd>
            </div>
          ) : null}
        </dl>
      </Card>
      <p className="booking-arrive">{ARRIVE_EARLY}</p>
      <div className="ui-actions booking-actions">
        {confirmation.appointmentId ? (
          <a className={buttonClassName({ variant: 'secondary' })} href={calendarFileHref(confirmation.appointmentId)} download>
            <CalendarIcon size={18} /> {DOWNLOAD_CALENDAR}
          </a>
        ) : null}
        <ButtonLink href="/dashboard">Go to Dashboard</ButtonLink>
      </div>
    </Stack>
  );
}
