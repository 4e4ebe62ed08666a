import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Dialog, Field, LoadingState, Stack } from '@portal/ui';
import { api, toast } from '@portal/client';
import { OVERRIDE_REASON_MAX_LENGTH, OVERRIDE_REASON_REQUIRED } from '@portal/contracts';
import type { StaffPatientRecordResponse } from '@portal/contracts';
import { cancelAppointmentOverride, fetchPatientRecord } from '../staff-api.ts';
import { locationName, tierName } from '../staff-report.ts';
import { RescheduleOverride } from './RescheduleOverride.tsx';
import { patientRecordQueryKey, writingFor } from '../staff-queries.ts';

type Appointment = StaffPatientRecordResponse['appointments'][number];

const DOCUMENT_NAMES: Record<string, string> = { membership_agreement: 'Membership agreement', privacy_practices: 'Privacy practices acknowledgment' };
const FILING_TEXT: Record<string, string> = {
  not_signed: 'Not signed',
  not_submitted: 'Signed, not submitted for filing',
  processing: 'Filing in progress',
  uploaded: 'Filed in the chart',
  failed: 'Filing failed: file by hand',
};

const day = (iso: string | null): string => (iso ? new Date(iso).toLocaleDateString('en-US', { timeZone: 'America/New_York' }) : '—');

/**
 * The patient view (issue 14, decision 0029): enrollments, signed documents with their chart
 * filing status (and those to file by hand), the Stripe subscription, and the upcoming
 * appointments with the cutoff override: staff may cancel or reschedule inside 24 hours with a reason.
 */
export function PatientRecord({ token, patientId, patientName }: { token: string; patientId: string; patientName: string }) {
  const ids = useId();
  const queryClient = useQueryClient();
  // Read afresh each time a patient is opened (others may have acted since); staff's own writes
  // here and in the subscription form drop it through writingFor.
  const query = useQuery({ queryKey: patientRecordQueryKey(patientId), queryFn: () => fetchPatientRecord(api, token, patientId), retry: false, refetchOnMount: 'always' });
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [rescheduling, setRescheduling] = useState<Appointment | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const openCancel = (appointment: Appointment) => {
    setReason('');
    setReasonError(null);
    setCancelling(appointment);
  };

  const confirmCancel = async (event: FormEvent) => {
    event.preventDefault();
    if (!cancelling || sending) return;
    if (reason.trim() === '') return setReasonError(OVERRIDE_REASON_REQUIRED);
    setSending(true);
    try {
      await writingFor(queryClient, patientId, () => cancelAppointmentOverride(api, token, { appointmentId: cancelling.appointmentId, reason: reason.trim() }));
      toast({ title: 'Appointment cancelled', description: `The ${cancelling.date} ${cancelling.startTime} appointment was cancelled.` });
      setCancelling(null);
    } catch {
      toast({ title: 'Cancellation Failed', description: 'Failed to cancel appointment. Please try again.', variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  const record = query.data;
  return (
    <Card as="section" aria-labelledby={`${ids}-title`}>
      <CardHeader>
        <CardTitle as="h2" id={`${ids}-title`}>
          Patient Record
        </CardTitle>
        <CardDescription>Enrollments, signed documents, subscription and upcoming appointments of {patientName}.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? <LoadingState compact label="Loading the patient record..." /> : null}
        {query.isError ? (
          <Alert variant="destructive" role="alert" title="The patient record could not be loaded">
            Please try again.
          </Alert>
        ) : null}
        {record ? (
          <Stack gap={4}>
            {record.documentsToFile.length > 0 ? (
              <Alert variant="warning" title="Documents to file by hand">
                <ul className="staff-list">
                  {record.documentsToFile.map((document) => (
                    <li key={`${document.enrollmentId}-${document.documentType}`}>
                      {DOCUMENT_NAMES[document.documentType]} (enrollment {document.enrollmentId.slice(0, 8)}): filing failed after {document.uploadAttempts} attempts.
                    </li>
                  ))}
                </ul>
              </Alert>
            ) : null}

            <section aria-labelledby={`${ids}-appointments`}>
              <h3 id={`${ids}-appointments`} className="staff-subtitle">
                Upcoming Appointments
              </h3>
              {record.appointmentsUnavailable ? <p>The health record did not answer; appointments cannot be shown now.</p> : null}
              {!record.appointmentsUnavailable && record.appointments.length === 0 ? <p>No upcoming appointments.</p> : null}
              {record.appointments.length > 0 ? (
                <ul className="staff-list staff-appointments">
                  {record.appointments.map((appointment) => (
                    <li key={appointment.appointmentId}>
                      <span>
                        <strong>
                          {appointment.date} at {appointment.startTime}
                        </strong>{' '}
                        {appointment.appointmentType ?? 'Appointment'} · {locationName(appointment.departmentId ?? '')}
                        {appointment.insideCutoff ? (
                          <>
                            {' '}
                            <Badge variant="warning">Within 24 hours</Badge>
                          </>
                        ) : null}
                      </span>
                      <span className="staff-appointment-actions">
                        <Button size="sm" variant="secondary" onClick={() => setRescheduling(appointment)} aria-label={`Reschedule the appointment on ${appointment.date} at ${appointment.startTime}`}>
                          Reschedule
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => openCancel(appointment)} aria-label={`Cancel the appointment on ${appointment.date} at ${appointment.startTime}`}>
                          Cancel Appointment
                        </Button>
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>

            <section aria-labelledby={`${ids}-subscriptions`}>
              <h3 id={`${ids}-subscriptions`} className="staff-subtitle">
                Subscription
              </h3>
              {record.subscriptionsUnavailable ? <p>Stripe did not answer; the subscription cannot be shown now.</p> : null}
              {!record.subscriptionsUnavailable && record.subscriptions.length === 0 ? <p>No Stripe subscription.</p> : null}
              {record.subscriptions.length > 0 ? (
                <dl className="staff-details">
                  {record.subscriptions.map((subscription) => (
                    <div key={subscription.id} className="staff-details__group">
                      <dt>{subscription.tier ? tierName(subscription.tier) : 'Subscription'}</dt>
                      <dd>
                        {subscription.displayStatus}
                        {subscription.currentPeriodEnd ? ` · renews or ends ${day(subscription.currentPeriodEnd)}` : ''} · {subscription.id}
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </section>

            <section aria-labelledby={`${ids}-enrollments`}>
              <h3 id={`${ids}-enrollments`} className="staff-subtitle">
                Enrollments
              </h3>
              {record.enrollments.length === 0 ? (
                <p>No enrollments.</p>
              ) : (
                <div className="staff-table-wrap" role="region" aria-label="Enrollments" tabIndex={0}>
                  <table className="staff-table">
                    <thead>
                      <tr>
                        <th scope="col">Created</th>
                        <th scope="col">Tier</th>
                        <th scope="col">Status</th>
                        <th scope="col">Location</th>
                        <th scope="col">Membership</th>
                      </tr>
                    </thead>
                    <tbody>
                      {record.enrollments.map((enrollment) => (
                        <tr key={enrollment.id}>
                          <td>{day(enrollment.createdAt)}</td>
                          <td>{tierName(enrollment.membershipTier)}</td>
                          <td>{enrollment.status.replace('_', ' ')}</td>
                          <td>{locationName(enrollment.department ?? '')}</td>
                          <td>{enrollment.membershipStartDate ? `${day(enrollment.membershipStartDate)} – ${day(enrollment.membershipEndDate)}` : '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>

            <section aria-labelledby={`${ids}-documents`}>
              <h3 id={`${ids}-documents`} className="staff-subtitle">
                Signed Documents
              </h3>
              {record.documents.length === 0 ? (
                <p>No documents.</p>
              ) : (
                <div className="staff-table-wrap" role="region" aria-label="Signed documents" tabIndex={0}>
                  <table className="staff-table">
                    <thead>
                      <tr>
                        <th scope="col">Document</th>
                        <th scope="col">Chart filing</th>
                        <th scope="col">Updated</th>
                      </tr>
                    </thead>
                    <tbody>
                      {record.documents.map((document) => (
                        <tr key={`${document.enrollmentId}-${document.documentType}`}>
                          <td>{DOCUMENT_NAMES[document.documentType]}</td>
                          <td>{FILING_TEXT[document.filing]}</td>
                          <td>{day(document.updatedAt)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          </Stack>
        ) : null}
      </CardContent>

      <RescheduleOverride token={token} patientId={patientId} appointment={rescheduling} onClose={() => setRescheduling(null)} />

      <Dialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open && !sending) setCancelling(null);
        }}
        title="Cancel Appointment"
        description={
          cancelling
            ? `${cancelling.date} at ${cancelling.startTime}.${cancelling.insideCutoff ? ' This is within 24 hours: the patient cannot cancel it online, staff may with a reason.' : ''}`
            : undefined
        }
      >
        <form onSubmit={(event) => void confirmCancel(event)} noValidate>
          <Stack gap={3}>
            <Field id={`${ids}-reason`} label="Reason" required error={reasonError ?? undefined} hint="Recorded in the staff audit trail.">
              <textarea
                id={`${ids}-reason`}
                required
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={[`${ids}-reason-hint`, reasonError ? `${ids}-reason-error` : null].filter(Boolean).join(' ')}
                className="ui-input staff-reason"
                value={reason}
                maxLength={OVERRIDE_REASON_MAX_LENGTH}
                rows={3}
                onChange={(event) => setReason(event.target.value)}
              />
            </Field>
            <div className="ui-actions">
              <Button type="submit" variant="destructive" loading={sending} loadingText="Cancelling...">
                Cancel Appointment
              </Button>
              <Button type="button" variant="ghost" disabled={sending} onClick={() => setCancelling(null)}>
                Keep Appointment
              </Button>
            </div>
          </Stack>
        </form>
      </Dialog>
    </Card>
  );
}
