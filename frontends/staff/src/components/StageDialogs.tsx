import { Button, Dialog, Spinner, Stack } from '@portal/ui';
import { fullName, type Stage } from './staff-subscription.ts';

/** A dialog's onOpenChange that runs `close` when the dialog is closed (Escape, the close button). */
const whenClosed = (close: () => void) => (open: boolean) => {
  if (!open) close();
};

/** The 'Eligibility Warning' alert dialog: Cancel goes back to the search, Acknowledge to the form. */
export function EligibilityWarningDialog({ stage, onCancel, onAcknowledge }: { stage: Stage; onCancel: () => void; onAcknowledge: () => void }) {
  return (
    <Dialog
      open={stage.kind === 'warning'}
      onOpenChange={whenClosed(onCancel)}
      role="alertdialog"
      dismissible={false}
      closeOnEscape
      title="Eligibility Warning"
      description={stage.kind === 'warning' ? `Please review before creating a subscription for ${fullName(stage.patient)}.` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onAcknowledge}>Acknowledge and Continue</Button>
        </>
      }
    >
      {stage.kind === 'warning' ? (
        <ul className="staff-warnings">
          {stage.warnings.map((warning) => (
            <li key={warning.code}>
              <strong>{warning.title}:</strong> {warning.message}
            </li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}

/** The manual payment's 'Processing' dialog, not dismissible. */
export function ProcessingDialog({ open }: { open: boolean }) {
  return (
    <Dialog open={open} onOpenChange={() => undefined} dismissible={false} title="Processing Manual Payment" description="Creating the subscription and emailing the invoice...">
      <Spinner label="Processing..." />
    </Dialog>
  );
}

/** The 'Subscription Created' dialog: the subscription id and how the membership starts; Start Over. */
export function SubscriptionCreatedDialog({ stage, onStartOver }: { stage: Stage; onStartOver: () => void }) {
  return (
    <Dialog
      open={stage.kind === 'success'}
      onOpenChange={whenClosed(onStartOver)}
      title="Subscription Created"
      description={stage.kind === 'success' ? `The membership subscription for ${fullName(stage.patient)} was created.` : undefined}
      footer={<Button onClick={onStartOver}>Start Over</Button>}
    >
      {stage.kind === 'success' ? (
        <Stack gap={2}>
          <p>
            Subscription ID: <code>{stage.created.subscriptionId}</code>
          </p>
          <p>{stage.manual ? 'Manual payment: the invoice is emailed to the billing email; the membership starts when it is paid.' : 'The card payment went through. The membership starts as soon as the card provider confirms the invoice is paid.'}</p>
        </Stack>
      ) : null}
    </Dialog>
  );
}
