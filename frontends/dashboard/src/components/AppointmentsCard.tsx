import { Button, ButtonLink, CalendarIcon, Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@portal/ui';
import type { SubscriptionStatusResponse } from '@portal/contracts';
import { appointmentsCard } from '../action-cards.ts';
import { APPOINTMENTS_PATH } from '../appointments.ts';

/**
 * The Appointments action card (booking-dashboard-staff §2 'Action cards': bookAppointmentEnabled):
 * 'Manage Appointments' opens the booking screen. Provider-login users whose membership status
 * says booking is not open to them see why (the appointment access message) instead; while it is
 * being read, that it is being checked.
 */
export function AppointmentsCard({ guest, status, checking = false }: { guest: boolean; status: SubscriptionStatusResponse | undefined; checking?: boolean }) {
  const { enabled, reason: message } = appointmentsCard(guest, status, checking);
  return (
    <Card as="article">
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <CalendarIcon size={22} />
        </span>
        <CardTitle>Appointments</CardTitle>
        <CardDescription>{message ?? 'Book, reschedule or cancel a visit with your provider.'}</CardDescription>
      </CardHeader>
      <CardFooter>
        {enabled ? (
          <ButtonLink href={APPOINTMENTS_PATH} variant="secondary" block>
            Manage Appointments
          </ButtonLink>
        ) : (
          <Button variant="secondary" block disabled>
            Manage Appointments
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
