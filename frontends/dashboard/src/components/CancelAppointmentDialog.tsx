import { Button, Dialog } from '@portal/ui';
import { useT } from '../i18n.ts';

/** The cancel dialog (booking-dashboard-staff §2, §4 'Dashboard cancel'): open, confirm, cancelling. */
export function CancelAppointmentDialog({ open, busy, onConfirm, onOpenChange }: { open: boolean; busy: boolean; onConfirm: () => void; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      size="sm"
      title={t('cancelDialog.title')}
      description={t('cancelDialog.text')}
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
            {t('cancelDialog.keep')}
          </Button>
          <Button variant="destructive" loading={busy} loadingText={t('cancelDialog.cancelling')} onClick={onConfirm}>
            {t('cancelDialog.confirm')}
          </Button>
        </>
      }
    />
  );
}
