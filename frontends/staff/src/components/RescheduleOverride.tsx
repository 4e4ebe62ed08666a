import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Dialog, Field, LoadingState, Select, Stack, formatTime12h, formatUsDate } from '@portal/ui';
import { ApiError, api, toast } from '@portal/client';
import { OVERRIDE_REASON_MAX_LENGTH, OVERRIDE_REASON_REQUIRED } from '@portal/contracts';
import type { StaffPatientRecordResponse } from '@portal/contracts';
import { fetchStaffAvailability, rescheduleAppointmentOverride } from '../staff-api.ts';
import { writingFor } from '../staff-queries.ts';

type Appointment = StaffPatientRecordResponse['appointments'][number];

const WEEKS = [0, 1, 2, 3, 4, 5] as const;
const weekName = (week: number): string => (week === 0 ? 'This week' : week === 1 ? 'Next week' : `In ${week} weeks`);
const SLOT_REQUIRED = 'Choose an open time';

/** The server's message of a refused reschedule (a taken slot, the health record not answering), or a generic one. */
const refusal = (error: unknown): string => {
  if (error instanceof ApiError) {
    try {
      const body = JSON.parse(error.body) as { message?: unknown };
      if (typeof body.message === 'string' && body.message !== '') return body.message;
    } catch {
      // not JSON: the generic text below
    }
  }
  return 'Failed to reschedule the appointment. Please try again.';
};

/**
 * The staff reschedule override (issue 14, decision 0029): staff pick a booking week and an open
 * time at the appointment's location, of the same appointment type (the appointment's provider or
 * any), and give the required reason; the API moves it even inside 24 hours and emails the patient.
 */
export function RescheduleOverride({ token, patientId, appointment, onClose }: { token: string; patientId: string; appointment: Appointment | null; onClose: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [week, setWeek] = useState(0);
  const [provider, setProvider] = useState<'same' | 'any'>('same');
  const [slotId, setSlotId] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ slot?: string; reason?: string }>({});
  const [sending, setSending] = useState(false);
  const [lastKey, setLastKey] = useState<string | null>(null);

  // A new appointment opens the dialog afresh.
  const key = appointment?.appointmentId ?? null;
  if (key !== lastKey) {
    setLastKey(key);
    setWeek(0);
    setProvider(appointment?.providerId ? 'same' : 'any');
    setSlotId('');
    setReason('');
    setErrors({});
  }

  const departmentId = appointment?.departmentId ?? null;
  const appointmentTypeId = appointment?.appointmentTypeId ?? null;
  const providerId = provider === 'same' && appointment?.providerId ? appointment.providerId : 'any';
  const bookable = departmentId !== null && appointmentTypeId !== null;
  const slots = useQuery({
    queryKey: ['staff-availability', departmentId, providerId, appointmentTypeId, week],
    queryFn: ({ signal }) => fetchStaffAvailability(api, token, { departmentId: departmentId!, providerId, appointmentTypeId: appointmentTypeId!, week }, signal),
    enabled: appointment !== null && bookable,
    retry: false,
    staleTime: 0,
  });
  const open = slots.data?.slots ?? [];

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!appointment || !appointmentTypeId || sending) return;
    const chosen = open.find((slot) => slot.appointmentId === slotId);
    const found = { ...(chosen ? {} : { slot: SLOT_REQUIRED }), ...(reason.trim() === '' ? { reason: OVERRIDE_REASON_REQUIRED } : {}) };
    setErrors(found);
    if (!chosen || found.reason) return;
    setSending(true);
    try {
      // A write for the patient: their record is read again, moved or not.
      await writingFor(queryClient, patientId, () =>
        rescheduleAppointmentOverride(api, token, { existingAppointmentId: appointment.appointmentId, appointmentId: chosen.appointmentId, appointmentTypeId, reason: reason.trim() }),
      );
      toast({ title: 'Appointment rescheduled', description: `Moved to ${formatUsDate(chosen.date)} at ${formatTime12h(chosen.time)}. If the health record has their email address, the patient is emailed the new time.` });
      onClose();
    } catch (error) {
      toast({ title: 'Reschedule Failed', description: refusal(error), variant: 'destructive' });
      await slots.refetch();
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open={appointment !== null}
      onOpenChange={(next) => {
        if (!next && !sending) onClose();
      }}
      title="Reschedule Appointment"
      description={
        appointment
          ? `Now ${appointment.date} at ${appointment.startTime}${appointment.appointmentType ? `, ${appointment.appointmentType}` : ''}.${appointment.insideCutoff ? ' This is within 24 hours: the patient cannot move it online, staff may with a reason.' : ''}`
          : undefined
      }
    >
      {appointment && !bookable ? (
        <Alert variant="warning" title="Cannot reschedule here">
          The health record does not say this appointment&apos;s location or type. Please reschedule it in the health record.
        </Alert>
      ) : (
        <form onSubmit={(event) => void confirm(event)} noValidate>
          <Stack gap={3}>
            <Field id={`${ids}-week`} label="Week">
              <Select
                id={`${ids}-week`}
                value={String(week)}
                onChange={(event) => {
                  setWeek(Number(event.target.value));
                  setSlotId('');
                }}
              >
                {WEEKS.map((value) => (
                  <option key={value} value={value}>
                    {weekName(value)}
                  </option>
                ))}
              </Select>
            </Field>
            {appointment?.providerId ? (
              <Field id={`${ids}-provider`} label="Provider">
                <Select
                  id={`${ids}-provider`}
                  value={provider}
                  onChange={(event) => {
                    setProvider(event.target.value === 'any' ? 'any' : 'same');
                    setSlotId('');
                  }}
                >
                  <option value="same">The appointment&apos;s provider</option>
                  <option value="any">Any provider at this location</option>
                </Select>
              </Field>
            ) : null}
            {slots.isFetching && !slots.data ? <LoadingState compact label="Loading open times..." /> : null}
            {slots.isError ? (
              <Alert variant="destructive" role="alert" title="Open times could not be loaded">
                Please try again, or choose another week.
              </Alert>
            ) : null}
            {slots.data && open.length === 0 ? <p role="status">No open times this week. Choose another week or any provider.</p> : null}
            {open.length > 0 ? (
              <Field id={`${ids}-slot`} label="Open time" required error={errors.slot}>
                <Select id={`${ids}-slot`} required placeholder="Choose an open time" value={slotId} onChange={(event) => setSlotId(event.target.value)}>
                  {open.map((slot) => (
                    <option key={slot.appointmentId} value={slot.appointmentId}>
                      {formatUsDate(slot.date)} at {formatTime12h(slot.time)}
                    </option>
                  ))}
                </Select>
              </Field>
            ) : null}
            <Field id={`${ids}-reason`} label="Reason" required error={errors.reason} hint="Recorded in the staff audit trail.">
              <textarea
                id={`${ids}-reason`}
                required
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={[`${ids}-reason-hint`, errors.reason ? `${ids}-reason-error` : null].filter(Boolean).join(' ')}
                className="ui-input staff-reason"
                value={reason}
                maxLength={OVERRIDE_REASON_MAX_LENGTH}
                rows={3}
                onChange={(event) => setReason(event.target.value)}
              />
            </Field>
            <div className="ui-actions">
              <Button type="submit" loading={sending} loadingText="Rescheduling...">
                Reschedule Appointment
              </Button>
              <Button type="button" variant="ghost" disabled={sending} onClick={onClose}>
                Keep Current Time
              </Button>
            </div>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
