import { Button, Dialog, Stack } from '@portal/ui';
import type { ExistingAppointment } from '@portal/contracts';
import { CANCEL_EXISTING, EXISTING_DIALOG_TITLE, KEEP_EXISTING, RESCHEDULE_TO_NEW_TIME } from '../messages.ts';
import { formatSlotDate, formatTime12h, weekdayName } from '../schedule.ts';

export type ExistingChoice = 'keep' | 'reschedule' | 'cancel';

export interface ExistingAppointmentDialogProps {
  existing: ExistingAppointment | null;
  /** The choice being carried out (its button spins, the others wait). */
  busy: ExistingChoice | null;
  onChoose: (choice: ExistingChoice) => void;
  onClose: () => void;
}

/** A booking conflict (409): the patient already has an upcoming appointment. Three ways on (§2). */
export function ExistingAppointmentDialog({ existing, busy, onChoose, onClose }: ExistingAppointmentDialogProps) {
  const date = existing ? formatSlotDate(existing.date) : '';
  const weekday = weekdayName(date);
  return (
    <Dialog
      open={existing !== null}
      onOpenChange={(open) => {
        if (!open && busy === null) onClose();
      }}
      title={EXISTING_DIALOG_TITLE}
      description="You can keep it, move it to the time you just chose, or cancel it."
      size="md"
      footer={
        <div className="booking-dialog-actions">
          <Button variant="destructive" loading={busy === 'cancel'} disabled={busy !== null && busy !== 'cancel'} onClick={() => onChoose('cancel')}>
            {CANCEL_EXISTING}
          </Button>
          <Button variant="secondary" loading={busy === 'reschedule'} disabled={busy !== null && busy !== 'reschedule'} onClick={() => onChoose('reschedule')}>
            {RESCHEDULE_TO_NEW_TIME}
          </Button>
          <Button disabled={busy !== null} onClick={() => onChoose('keep')}>
            {KEEP_EXISTING}
          </Button>
        </div>
      }
    >
      {existing ? (
        <Stack gap={3}>
          <dl className="booking-facts booking-facts--stacked">
            <div>
              <dt>Date</dt>
              <dd>{weekday ? `${weekday}, ${date}` : date}</dd>
            </div>
            <div>
              <dt>Time</dt>
              <dd>{formatTime12h(existing.starttime)}</dd>
            </div>
            {existing.providername ? (
              <div>
                <dt>Provider</dt>
                <dd>{existing.providername}</dd>
              </div>
            ) : null}
            {existing.appointmenttype ? (
              <div>
                <dt>Appointment type</dt>
                <dd>{existing.appointmenttype}</dd>
              </div>
            ) : null}
          </dl>
        </Stack>
      ) : null}
    </Dialog>
  );
}
