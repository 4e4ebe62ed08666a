import { Button, Dialog } from '@portal/ui';
import { CANCEL_DIALOG_TEXT, CANCEL_DIALOG_TITLE, CONFIRM_CANCEL, KEEP_APPOINTMENT } from '../appointments.ts';

/** The cancel dialog (booking-dashboard-staff §2, §4 'Dashboard cancel'): open, confirm, cancelling. */
export function CancelAppointmentDialog({ open, busy, onConfirm, onOpenChange }: { open: boolean; busy: boolean; onConfirm: () => void; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      size="sm"
      title={CANCEL_DIALOG_TITLE}
      description={CANCEL_DIALOG_TEXT}
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
            {KEEP_APPOINTMENT}
          </Button>
          <Button variant="destructive" loading={busy} loadingText="Cancelling..." onClick={onConfirm}>
            {CONFIRM_CANCEL}
          </Button>
        </>
      }
    />
  );
}
