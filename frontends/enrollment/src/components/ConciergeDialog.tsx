import { Button, Dialog } from '@portal/ui';
import { usePractice } from '@portal/client';
import { CONCIERGE_CANCEL, CONCIERGE_CONFIRM, CONCIERGE_DIALOG_TEXT, CONCIERGE_DIALOG_TITLE } from '../messages.ts';

export interface ConciergeDialogProps {
  /** The concierge plan waiting for the acknowledgment, or null when closed. */
  planName: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Concierge care is only for patients of three named doctors: acknowledge before choosing it.
 * Cancel or Escape discards the choice; 'I Understand' applies it.
 */
export function ConciergeDialog({ planName, onCancel, onConfirm }: ConciergeDialogProps) {
  // The doctors are practice configuration (config/practice.json conciergeDoctors, decision 0028).
  const doctors = usePractice().data?.conciergeDoctors ?? [];
  return (
    <Dialog
      open={planName !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={CONCIERGE_DIALOG_TITLE}
      description={CONCIERGE_DIALOG_TEXT}
      dismissible={false}
      closeOnEscape
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {CONCIERGE_CANCEL}
          </Button>
          <Button onClick={onConfirm}>{CONCIERGE_CONFIRM}</Button>
        </>
      }
    >
      {doctors.length > 0 ? (
        <>
          <p>Concierge doctors:</p>
          <ul className="enrollment-concierge-doctors">
            {doctors.map((doctor) => (
              <li key={doctor}>{doctor}</li>
            ))}
          </ul>
        </>
      ) : null}
      {planName ? (
        <p>
          You chose <strong>{planName}</strong>. Select &lsquo;{CONCIERGE_CONFIRM}&rsquo; to keep this plan, or &lsquo;{CONCIERGE_CANCEL}&rsquo; to
          choose another.
        </p>
      ) : null}
    </Dialog>
  );
}
