import { Button, Dialog, Stack } from '@portal/ui';
import type { ExistingAppointment } from '@portal/contracts';
import { useT } from '../i18n.ts';
import { AppointmentFacts } from './AppointmentFacts.tsx';

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
  const t = useT();
  return (
    <Dialog
      open={existing !== null}
      onOpenChange={(open) => {
        if (!open && busy === null) onClose();
      }}
      title={t('existing.title')}
      description={t('existing.description')}
      size="md"
      footer={
        <div className="booking-dialog-actions">
          <Button variant="destructive" loading={busy === 'cancel'} disabled={busy !== null && busy !== 'cancel'} onClick={() => onChoose('cancel')}>
            {t('existing.cancel')}
          </Button>
          <Button variant="secondary" loading={busy === 'reschedule'} disabled={busy !== null && busy !== 'reschedule'} onClick={() => onChoose('reschedule')}>
            {t('existing.reschedule')}
          </Button>
          <Button disabled={busy !== null} onClick={() => onChoose('keep')}>
            {t('existing.keep')}
          </Button>
        </div>
      }
    >
      {existing ? (
        <Stack gap={3}>
          <AppointmentFacts date={existing.date} time={existing.starttime} providerName={existing.providername} typeName={existing.appointmenttype} />
        </Stack>
      ) : null}
    </Dialog>
  );
}
