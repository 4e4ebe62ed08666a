import { ButtonLink, CalendarIcon, buttonClassName, Card, CheckIcon, Stack } from '@portal/ui';
import { PRACTICE_LOCATIONS, storedVerificationToken, toast } from '@portal/client';
import { calendarFileHref, downloadCalendarFile } from '../booking-api.ts';
import type { Confirmation } from '../booking-flow.ts';
import { useLocale, useT, type MessageId } from '../i18n.ts';
import { AppointmentFacts } from './AppointmentFacts.tsx';
import { StepHeading } from './StepHeading.tsx';

const HEADINGS: Readonly<Record<Confirmation['kind'], MessageId>> = {
  booked: 'confirm.booked',
  rescheduled: 'confirm.rescheduled',
  existing: 'confirm.existing',
};

/**
 * The API's own line ('Appointment booked'): as it came in English; in another language ours for
 * the kind of confirmation.
 */
const confirmationLine = (t: (id: MessageId) => string, english: boolean, confirmation: Confirmation): string | null => {
  if (!confirmation.message) return null;
  if (english) return confirmation.message;
  return confirmation.kind === 'existing' ? null : t(confirmation.kind === 'booked' ? 'confirm.bookedMessage' : 'confirm.rescheduledMessage');
};

/** Step 4: the booked (or moved, or kept) appointment, 'arrive 15 minutes early', the calendar file. */
export function ConfirmationStep({ confirmation, locationId }: { confirmation: Confirmation; locationId: string }) {
  const location = PRACTICE_LOCATIONS.find((candidate) => candidate.id === locationId)?.name ?? null;
  const t = useT();
  const line = confirmationLine(t, useLocale() === 'en-US', confirmation);
  return (
    <Stack gap={5}>
      <div className="booking-confirmed">
        <span className="booking-confirmed__icon" aria-hidden="true">
          <CheckIcon size={24} />
        </span>
        <StepHeading>{t(HEADINGS[confirmation.kind])}</StepHeading>
      </div>
      {line ? <p role="status">{line}</p> : null}
      <Card className="booking-card">
        <AppointmentFacts
          date={confirmation.date}
          time={confirmation.time}
          providerName={confirmation.providerName}
          typeName={confirmation.appointmentTypeName}
          location={confirmation.kind === 'existing' ? null : location}
        />
      </Card>
      <p className="booking-arrive">{t('confirm.arriveEarly')}</p>
      <div className="ui-actions booking-actions">
        {confirmation.appointmentId ? (
          <a
            className={buttonClassName({ variant: 'secondary' })}
            href={calendarFileHref(confirmation.appointmentId)}
            download
            onClick={(event) => {
              // A verified guest's file needs its token in a header: fetched and saved instead.
              const token = storedVerificationToken();
              const appointmentId = confirmation.appointmentId;
              if (!token || !appointmentId) return;
              event.preventDefault();
              void downloadCalendarFile(appointmentId, token).then((saved) => {
                if (!saved) toast({ title: t('confirm.calendarFailed'), variant: 'destructive' });
              });
            }}
          >
            <CalendarIcon size={18} /> {t('confirm.downloadCalendar')}
          </a>
        ) : null}
        <ButtonLink href="/dashboard">{t('common.goToDashboard')}</ButtonLink>
      </div>
    </Stack>
  );
}
