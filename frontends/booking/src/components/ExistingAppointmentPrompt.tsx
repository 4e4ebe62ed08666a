import { Suspense, lazy } from 'react';
import type { ExistingAppointment } from '@portal/contracts';
import type { ExistingChoice } from './ExistingAppointmentDialog.tsx';

// Loaded when needed, keeping the first chunk small: the conflict dialog (Radix).
const loadDialog = () => import('./ExistingAppointmentDialog.tsx');
const ExistingAppointmentDialog = lazy(() => loadDialog().then((module) => ({ default: module.ExistingAppointmentDialog })));

/** Fetches the conflict dialog ahead of need (a booking may meet a conflict). */
export const preloadExistingDialog = (): void => {
  void loadDialog().catch(() => undefined);
};

interface ExistingAppointmentPromptProps {
  existing: ExistingAppointment | null;
  busy: ExistingChoice | 'book' | 'patient' | null;
  onChoose: (choice: ExistingChoice) => void;
  onClose: () => void;
}

/** The dialog about the appointment the patient already has, while there is one. */
export function ExistingAppointmentPrompt({ existing, busy, onChoose, onClose }: ExistingAppointmentPromptProps) {
  if (!existing) return null;
  return (
    <Suspense fallback={null}>
      <ExistingAppointmentDialog
        existing={existing}
        busy={busy === 'keep' || busy === 'reschedule' || busy === 'cancel' ? busy : null}
        onChoose={onChoose}
        onClose={onClose}
      />
    </Suspense>
  );
}
