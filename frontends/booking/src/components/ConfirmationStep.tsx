import { ButtonLink, CalendarIcon, buttonClassName, Card, CheckIcon, Stack } from '@portal/ui';
import { PRACTICE_LOCATIONS } from '@portal/client';
import { calendarFileHref } from '../booking-api.ts';
import type { Confirmation } from '../booking-flow.ts';
import { ARRIVE_EARLY, DOWNLOAD_CALENDAR } from '../messages.ts';
import { AppointmentFacts } from './AppointmentFacts.tsx';
import { StepHeading } from './StepHeading.tsx';

const HEADINGS: Readonly<Record<Confirmation['kind'], string>> = {
  booked: 'Appointment Confirmed',
  rescheduled: 'Appointment Rescheduled',
  existing: 'Your Existing Appointment',
};

/** Step 4: the booked (or moved, or kept) appointment, 'arrive 15 minutes early', the calendar file. */
export function ConfirmationStep({ confirmation, locationId }: { confirmation: Confirmation; locationId: string }) {
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
        <AppointmentFacts
          date={confirmation.date}
          time={confirmation.time}
          providerName={confirmation.providerName}
          typeName={confirmation.appointmentTypeName}
          location={confirmation.kind === 'existing' ? null : location}
        />
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
