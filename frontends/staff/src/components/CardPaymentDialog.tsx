import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Dialog, LoadingState, Stack } from '@portal/ui';
import { CONFIG_QUERY_KEY, api, loadProviderScript, toast } from '@portal/client';
import type { StaffCreateSubscriptionResponse } from '@portal/contracts';
import { fetchConfig, payStaffInvoice } from '../staff-api.ts';
import { PAYMENT_BEING_PREPARED, payWithCard, type CardElementLike, type StaffStripe } from '../staff-portal.ts';
import { writingFor } from '../staff-queries.ts';

/** The 'Card Payment' dialog: Stripe.js's card field, Pay (with the bank's 3-D Secure challenge), Cancel. */
export function CardPaymentDialog({
  token,
  patientId,
  created,
  email,
  amount,
  onPaid,
  onCancel,
}: {
  token: string;
  patientId: string;
  created: StaffCreateSubscriptionResponse;
  email: string;
  amount: string;
  onPaid: () => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: CONFIG_QUERY_KEY, queryFn: ({ signal }) => fetchConfig(api, signal) });
  const [stripe, setStripe] = useState<StaffStripe | null>(null);
  const [card, setCard] = useState<CardElementLike | null>(null);
  const [mount, setMount] = useState<HTMLDivElement | null>(null);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  // The bank's 3-D Secure challenge is Stripe.js's own overlay: our modal steps aside meanwhile
  // (a modal dialog keeps the rest of the page, the challenge included, from pointer and keyboard).
  const [challenge, setChallenge] = useState(false);
  const mountedOn = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const settings = config.data;
    if (!settings || !mount || mountedOn.current === mount) return;
    mountedOn.current = mount;
    loadProviderScript<(key: string) => StaffStripe>({ url: settings.scripts.stripeJs, name: 'Stripe', global: () => (window as unknown as { Stripe?: (key: string) => StaffStripe }).Stripe })
      .then((Stripe) => {
        const client = Stripe(settings.stripe.publicKey);
        const element = client.elements().create('card', { hidePostalCode: true });
        element.mount(mount);
        setStripe(client);
        setCard(element);
      })
      .catch(() => setProblem({ title: 'Payment Error', message: PAYMENT_BEING_PREPARED }));
  }, [config.data, mount]);

  const pay = async () => {
    if (!stripe || !card || !created.invoiceId) {
      setProblem({ title: 'Payment Error', message: PAYMENT_BEING_PREPARED });
      return;
    }
    setPaying(true);
    setProblem(null);
    // Paid, declined or after the bank's challenge: the patient's record is read again.
    const result = await writingFor(queryClient, patientId, () =>
      payWithCard(
        stripe,
        card,
        (paymentMethodId) => payStaffInvoice(api, token, { invoiceId: created.invoiceId!, subscriptionId: created.subscriptionId, paymentMethodId }),
        email,
        () => setChallenge(true),
      ),
    );
    setChallenge(false);
    setPaying(false);
    if (result.kind === 'paid') onPaid();
    else {
      setProblem({ title: result.title, message: result.message });
      toast({ title: result.title, description: result.message, variant: 'destructive' });
    }
  };

  return (
    <Dialog
      open={!challenge}
      onOpenChange={(open) => {
        if (!open && !paying) onCancel();
      }}
      dismissible={!paying}
      title="Card Payment"
      description={`Enter the patient's card to pay ${amount}. The bank may ask for verification (3-D Secure).`}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={paying}>
            Cancel
          </Button>
          <Button onClick={() => void pay()} loading={paying} loadingText="Processing payment..." disabled={!card}>
            Pay {amount}
          </Button>
        </>
      }
    >
      <Stack gap={3}>
        {/* Pay waits (disabled) for Stripe.js and its card field: say so meanwhile. */}
        {!card && !problem ? <LoadingState compact label="Loading the card form..." /> : null}
        <div ref={setMount} className="staff-card-element" />
        {problem ? (
          <Alert variant="destructive" role="alert" title={problem.title}>
            {problem.message}
          </Alert>
        ) : null}
      </Stack>
    </Dialog>
  );
}
