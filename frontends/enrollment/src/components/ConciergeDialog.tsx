import { Button, Dialog } from '@portal/ui';
import { usePractice } from '@portal/client';
import { useT } from '../i18n.ts';
import { withStrong } from './with-strong.tsx';

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
  const t = useT();
  return (
    <Dialog
      open={planName !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={t('concierge.title')}
      description={t('concierge.text')}
      dismissible={false}
      closeOnEscape
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('concierge.cancel')}
          </Button>
          <Button onClick={onConfirm}>{t('concierge.confirm')}</Button>
        </>
      }
    >
      {doctors.length > 0 ? (
        <>
          <p>{t('concierge.doctors')}</p>
          <ul className="enrollment-concierge-doctors">
            {doctors.map((doctor) => (
              <li key={doctor}>{doctor}</li>
            ))}
          </ul>
        </>
      ) : null}
      {planName ? (
        <p>{withStrong((plan) => t('concierge.chose', { plan }), planName)}</p>
      ) : null}
    </Dialog>
  );
}
