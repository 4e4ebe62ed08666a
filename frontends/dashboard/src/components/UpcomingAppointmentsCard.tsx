import { Suspense, lazy, useId, useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardAppointment } from '@portal/contracts';
import {
  Button,
  ButtonLink,
  CalendarIcon,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  LoadingState,
  RetryAlert,
} from '@portal/ui';
import {
  ApiError,
  api,
  apiErrorField,
  toast,
} from '@portal/client';
import { apiErrorOf, useApiErrorText } from '@portal/client/api-error-text.ts';
import { messages, useT } from '../i18n.ts';
import {
  appointmentWhen,
  changeOffer,
  departmentName,
  providerFact,
  rescheduleHref,
  upcomingAppointmentsKey,
} from '../appointments.ts';
import { cancelAppointment, fetchProviders, fetchUpcomingAppointments } from '../dashboard-api.ts';
import { WaitlistChoice } from './WaitlistChoice.tsx';

// The dialog (Radix) loads when a Cancel is first pressed.
const CancelAppointmentDialog = lazy(() => import('./CancelAppointmentDialog.tsx').then((module) => ({ default: module.CancelAppointmentDialog })));

/**
 * Upcoming appointments (booking-dashboard-staff §2 'Dashboard') for provider-login users: the
 * next 90 days, each with date, time, location and provider, Reschedule and Cancel. Cancel is
 * disabled inside 24 hours of the start (tooltip), and asks first; 'Cancellation Error' on failure.
 */
export function UpcomingAppointmentsCard({ patientId }: { patientId: string }) {
  const t = useT();
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: upcomingAppointmentsKey(patientId),
    queryFn: ({ signal }) => fetchUpcomingAppointments(api, signal),
    staleTime: 60_000,
  });
  const appointments = query.data?.appointments ?? [];
  const departments = [...new Set(appointments.map((appointment) => appointment.departmentId))];
  const providerLists = useQueries({
    queries: departments.map((departmentId) => ({
      queryKey: ['booking', 'providers', departmentId],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchProviders(api, departmentId, signal),
      staleTime: 60 * 60_000,
    })),
  });
  const lists = new Map(departments.map((departmentId, index) => [departmentId, { isPending: providerLists[index]?.isPending ?? true, providers: providerLists[index]?.data?.providers }]));
  // Each row is drawn whole: with its provider's name, once its location's list has answered.
  const rows = appointments.map((appointment) => ({ appointment, providerName: providerFact(t, appointment.providerId, lists.get(appointment.departmentId)) }));
  const waiting = query.isPending || (rows.length > 0 && rows.every((row) => row.providerName === null));
  // The answer's 'error' field in the page's language (by its code); 'Please try again.' when it gave none.
  const loadErrorText = (error: unknown): string => {
    const field = apiErrorField(error, 'error');
    return field ? errorText({ code: apiErrorOf(error).code, message: field }) : t('common.pleaseTryAgain');
  };

  const [cancelling, setCancelling] = useState<DashboardAppointment | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmCancel = async (): Promise<void> => {
    if (!cancelling) return;
    setBusy(true);
    try {
      await cancelAppointment(api, cancelling.appointmentId);
      setCancelling(null);
      toast({ title: t('upcoming.cancelled.title'), description: t('upcoming.cancelled.text'), variant: 'default' });
      await queryClient.invalidateQueries({ queryKey: upcomingAppointmentsKey(patientId) });
    } catch (error) {
      setCancelling(null);
      const message = error instanceof ApiError && error.status === 409 ? apiErrorField(error, 'message') : null;
      toast({
        title: t('upcoming.cancelFailed.title'),
        description: message ? errorText({ code: apiErrorOf(error).code, message }) : t('upcoming.cancelFailed.text'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card as="section" className="dash-appointments" aria-labelledby="upcoming-appointments-title" aria-busy={waiting}>
      <CardHeader>
        <div className="dash-appointments__header">
          <span className="ui-card__icon" aria-hidden="true">
            <CalendarIcon size={22} />
          </span>
          <CardTitle as="h2" id="upcoming-appointments-title">
            {t('upcoming.title')}
          </CardTitle>
        </div>
      </CardHeader>
      <CardContent>
        {waiting ? (
          <LoadingState compact label={t('upcoming.loading')} />
        ) : query.isError ? (
          <RetryAlert title={t('upcoming.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching}>
            {loadErrorText(query.error)}
          </RetryAlert>
        ) : appointments.length === 0 ? (
          <EmptyState
            icon={<CalendarIcon size={28} />}
            headingLevel={3}
            title={t('upcoming.none')}
            actions={<ButtonLink href="/appointments">{t('upcoming.book')}</ButtonLink>}
          />
        ) : (
          <ul className="dash-appointments__list" role="list">
            {rows.map(({ appointment, providerName }) =>
              providerName === null ? (
                // Another location's list still loading: this row waits, whole, in its place.
                <li key={appointment.appointmentId} className="dash-appointment" aria-busy="true">
                  <LoadingState compact label={t('upcoming.loadingOne')} />
                </li>
              ) : (
                <AppointmentItem
                  key={appointment.appointmentId}
                  appointment={appointment}
                  providerName={providerName}
                  patientId={patientId}
                  onCancel={() => setCancelling(appointment)}
                />
              ),
            )}
          </ul>
        )}
      </CardContent>
      {cancelling ? (
        <Suspense fallback={null}>
          <CancelAppointmentDialog
            open
            busy={busy}
            onConfirm={() => void confirmCancel()}
            onOpenChange={(open) => {
              if (!open && !busy) setCancelling(null);
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}

function AppointmentItem({ appointment, providerName, patientId, onCancel }: { appointment: DashboardAppointment; providerName: string; patientId: string; onCancel: () => void }) {
  const t = useT();
  const locale = messages.useLocale();
  const tooltipId = useId();
  const rescheduleTooltipId = useId();
  const offer = changeOffer(appointment);
  const when = appointmentWhen(locale, appointment.date, appointment.startTime);
  const { date, time } = when;
  return (
    <li className="dash-appointment">
      <dl className="dash-appointment__facts">
        <div>
          <dt>{t('upcoming.date')}</dt>
          <dd>{date}</dd>
        </div>
        <div>
          <dt>{t('upcoming.time')}</dt>
          <dd>{time}</dd>
        </div>
        <div>
          <dt>{t('upcoming.location')}</dt>
          <dd>{departmentName(t, appointment.departmentId)}</dd>
        </div>
        <div>
          <dt>{t('upcoming.provider')}</dt>
          <dd>{providerName}</dd>
        </div>
      </dl>
      <div className="dash-appointment__actions">
        {offer.canReschedule ? (
          <ButtonLink href={rescheduleHref(appointment.appointmentId)} variant="secondary" size="sm" aria-label={t('upcoming.rescheduleLabel', when)}>
            {t('upcoming.reschedule')}
          </ButtonLink>
        ) : (
          // The same 24-hour rule as Cancel (§5: cancelling or rescheduling inside 24 hours is refused).
          <span className="dash-tooltip">
            <Button variant="secondary" size="sm" aria-disabled="true" aria-describedby={rescheduleTooltipId} className="dash-tooltip__trigger" onClick={(event) => event.preventDefault()}>
              {t('upcoming.reschedule')}
            </Button>
            <span role="tooltip" id={rescheduleTooltipId} className="dash-tooltip__text">
              {t('upcoming.rescheduleCutoff')}
            </span>
          </span>
        )}
        {offer.canCancel ? (
          <Button variant="destructive" size="sm" onClick={onCancel} aria-label={t('upcoming.cancelLabel', when)}>
            {t('upcoming.cancel')}
          </Button>
        ) : (
          <span className="dash-tooltip">
            {/* aria-disabled, not disabled: it stays focusable, so keyboard users meet the tooltip too. */}
            <Button variant="destructive" size="sm" aria-disabled="true" aria-describedby={tooltipId} className="dash-tooltip__trigger" onClick={(event) => event.preventDefault()}>
              {t('upcoming.cancel')}
            </Button>
            <span role="tooltip" id={tooltipId} className="dash-tooltip__text">
              {t('upcoming.cancelCutoff')}
            </span>
          </span>
        )}
      </div>
      {/* Only an appointment that can still be moved online can take an earlier time. */}
      {offer.canReschedule ? <WaitlistChoice appointment={appointment} patientId={patientId} when={when} /> : null}
    </li>
  );
}
