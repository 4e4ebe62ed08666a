import { Button, ButtonLink, CalendarIcon, Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@portal/ui';
import type { SubscriptionStatusResponse } from '@portal/contracts';
import { appointmentsCard } from '../action-cards.ts';
import { APPOINTMENTS_PATH } from '../appointments.ts';
import { messages, useT } from '../i18n.ts';

/**
 * The Appointments action card (booking-dashboard-staff §2 'Action cards': bookAppointmentEnabled):
 * 'Manage Appointments' opens the booking screen. Provider-login users whose membership status
 * says booking is not open to them see why (the appointment access message) instead; while it is
 * being read, that it is being checked.
 */
export function AppointmentsCard({ guest, status, checking = false }: { guest: boolean; status: SubscriptionStatusResponse | undefined; checking?: boolean }) {
  const t = useT();
  const { enabled, reason: message } = appointmentsCard(t, guest, status, checking, messages.useLocale());
  return (
    <Card as="article">
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <CalendarIcon size={22} />
        </span>
        <CardTitle>{t('appointmentsCard.title')}</CardTitle>
        <CardDescription>{message ?? t('appointmentsCard.description')}</CardDescription>
      </CardHeader>
      <CardFooter>
        {enabled ? (
          <ButtonLink href={APPOINTMENTS_PATH} variant="secondary" block>
            {t('appointmentsCard.manage')}
          </ButtonLink>
        ) : (
          <Button variant="secondary" block disabled>
            {t('appointmentsCard.manage')}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
