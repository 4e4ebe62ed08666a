/**
 * The Payment step (enrollment-and-payment §2 'Payment card', 'Existing-subscription screen';
 * §4 'Payment flow'): on load the enrollment is read again (declined → the declination
 * confirmation) and the subscription is created (409s other than the two conflicts are retried
 * after 1, 2 and 3 s). Then the card form, the existing-subscription screen, or an error.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertIcon, Button, ButtonLink, EmptyState, LoadingState } from '@portal/ui';
import { CONFIG_QUERY_KEY, api, navigate, toast } from '@portal/client';
import type { EnrollmentRecord } from '@portal/contracts';
import { clearCheckoutMemo, saveCheckoutMemo } from '../checkout-memo.ts';
import { runCheckout } from '../checkout.ts';
import { createSubscription as createSubscriptionCall, fetchConfig, fetchEnrollment, payInvoice, recordPayment, updateSession } from '../enrollment-api.ts';
import type { CheckoutApi } from '../checkout.ts';
import { DASHBOARD_HREF, declinationPath, payReturnUrl } from '../flow.ts';
import { paymentMessages, usePaymentT } from '../payment/i18n.ts';
import { createSubscriptionWithRetry, sleep, unexpectedMessage } from '../payment.ts';
import type { SubscriptionReady } from '../payment.ts';
import { checkBillingEmail, phaseAfterSetup } from '../payment-step.ts';
import type { BillingEmailValues, PaymentPhase } from '../payment-step.ts';
import { stripeClient } from '../stripe-js.ts';
import type { StripeCardElement, StripeClient } from '../stripe-js.ts';
import { ExistingSubscription } from './ExistingSubscription.tsx';
import { PaymentCard } from './PaymentCard.tsx';
import type { PaymentNotice } from './PaymentCard.tsx';

export interface PaymentStepProps {
  record: EnrollmentRecord;
  /** Provider-login users get the billing email box. */
  provider: boolean;
  onBack: () => void;
  /** Payment recorded (or already paid): Confirmation. */
  onPaid: (receiptUrl: string | null) => void;
}

const createSubscription = (enrollmentId: string): Promise<unknown> => createSubscriptionCall(api, enrollmentId);

const checkoutApi: CheckoutApi = {
  payInvoice: (body) => payInvoice(api, body),
  recordPayment: (enrollmentId, billingEmail) => recordPayment(api, enrollmentId, billingEmail),
};

export type StripeState = { readonly name: 'loading' } | { readonly name: 'ready'; readonly stripe: StripeClient } | { readonly name: 'failed' };

export function PaymentStep({ record, provider, onBack, onPaid }: PaymentStepProps) {
  const t = usePaymentT();
  const locale = paymentMessages.useLocale();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<PaymentPhase>({ name: 'loading' });
  const [round, setRound] = useState(0);
  const [stripeState, setStripeState] = useState<StripeState>({ name: 'loading' });
  const [processing, setProcessing] = useState(false);
  const [notice, setNotice] = useState<PaymentNotice | null>(null);
  const setupConfirmed = useRef(false);
  const mounted = useRef(true);
  const onPaidRef = useRef(onPaid);
  useEffect(() => {
    onPaidRef.current = onPaid;
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // On load: check the enrollment, then create the subscription.
  useEffect(() => {
    let active = true;
    const run = async (): Promise<void> => {
      setPhase({ name: 'loading' });
      try {
        const current = await fetchEnrollment(api, record.id);
        if (!active) return;
        if (current.status === 'declined') {
          navigate(declinationPath(record.id), { replace: true });
          return;
        }
      } catch {
        // The subscription call below reports what is wrong.
      }
      const outcome = await createSubscriptionWithRetry(() => createSubscription(record.id), sleep);
      if (!active) return;
      if (outcome.kind === 'conflict' || outcome.kind === 'error') {
        if (!(outcome.kind === 'error' && outcome.emailRequired && provider)) {
          toast({ title: outcome.title, description: outcome.message, variant: 'destructive' });
        }
      }
      setPhase(phaseAfterSetup(outcome, provider));
    };
    void run();
    return () => {
      active = false;
    };
  }, [record.id, provider, round]);

  // An invoice that was already paid: record it (the server checks with the provider), then Confirmation.
  useEffect(() => {
    if (phase.name !== 'already-paid') return undefined;
    let active = true;
    void checkoutApi
      .recordPayment(record.id, null)
      .then((answer) => (answer as { receiptUrl?: string | null } | undefined)?.receiptUrl ?? null)
      .catch(() => null)
      .then((receiptUrl) => {
        if (!active) return;
        void queryClient.invalidateQueries();
        onPaidRef.current(receiptUrl);
      });
    return () => {
      active = false;
    };
  }, [phase, queryClient, record.id]);

  // Another language chosen while the card form shows: its Stripe Elements are made again in it.
  const stripeLocale = useRef(locale);
  useEffect(() => {
    if (stripeLocale.current === locale) return;
    stripeLocale.current = locale;
    if (!processing) setStripeState({ name: 'loading' });
  }, [locale, processing]);

  // Stripe.js: loaded from the URL /api/config gives; a missing public key is an error.
  useEffect(() => {
    if (phase.name !== 'card' || stripeState.name !== 'loading') return undefined;
    let active = true;
    void (async () => {
      try {
        const config = await queryClient.fetchQuery({ queryKey: CONFIG_QUERY_KEY, queryFn: ({ signal }) => fetchConfig(api, signal) });
        const stripe = await stripeClient({ publicKey: config.stripe?.publicKey, scriptUrl: config.scripts?.stripeJs, locale: stripeLocale.current });
        if (active) setStripeState({ name: 'ready', stripe });
      } catch {
        if (!active) return;
        toast({ title: paymentMessages.t('payment.setupError.title'), description: paymentMessages.t('payment.setupError.text'), variant: 'destructive' });
        setStripeState({ name: 'failed' });
      }
    })();
    return () => {
      active = false;
    };
  }, [phase.name, queryClient, stripeState.name]);

  const submit = useCallback(
    async (card: StripeCardElement, billing: BillingEmailValues): Promise<void> => {
      if (phase.name !== 'card' || stripeState.name !== 'ready' || processing) return;
      const checked = checkBillingEmail(provider, billing);
      if (!checked.ok) return;
      setProcessing(true);
      setNotice(null);
      const fail = (title: string, message: string): void => {
        toast({ title, description: message, variant: 'destructive' });
        if (mounted.current) {
          setNotice({ title, message });
          setProcessing(false);
        }
      };
      try {
        // The billing email goes to the session before the subscription is created (and again with the payment).
        if (checked.billingEmail) await updateSession(api, { billingEmail: checked.billingEmail });
        let setup: SubscriptionReady | null = phase.setup;
        if (!setup) {
          const outcome = await createSubscriptionWithRetry(() => createSubscription(record.id), sleep);
          const next = phaseAfterSetup(outcome, false);
          if (next.name !== 'card' || !next.setup) {
            if (next.name === 'stopped' || next.name === 'failed') fail(next.title, next.message);
            else {
              setProcessing(false);
              setPhase(next);
            }
            return;
          }
          setup = next.setup;
          setPhase({ name: 'card', setup: next.setup, billingEmailRequired: phase.billingEmailRequired });
        }
        const result = await runCheckout(
          {
            stripe: stripeState.stripe,
            card,
            api: checkoutApi,
            saveMemo: (memo) => saveCheckoutMemo(memo),
            clearMemo: () => clearCheckoutMemo(),
            returnUrl: payReturnUrl(window.location.origin),
          },
          { enrollmentId: record.id, setup, billingEmail: checked.billingEmail, setupConfirmed: setupConfirmed.current },
        );
        if (result.kind === 'paid') {
          toast({ title: paymentMessages.t('payment.successful.title'), description: paymentMessages.t('payment.successful.text') });
          void queryClient.invalidateQueries();
          if (mounted.current) setProcessing(false);
          onPaidRef.current(result.receiptUrl);
          return;
        }
        setupConfirmed.current = result.setupConfirmed;
        fail(result.notice.title, result.notice.message);
        // No client secret yet ('Almost there'): fetch the subscription again for the next try.
        if (setup.clientSecret === '') {
          const outcome = await createSubscriptionWithRetry(() => createSubscription(record.id), sleep);
          if (mounted.current && outcome.kind === 'ready') setPhase({ name: 'card', setup: outcome.setup, billingEmailRequired: false });
        }
      } catch (error) {
        fail(paymentMessages.t('payment.error.title'), unexpectedMessage(error));
      }
    },
    [phase, processing, provider, queryClient, record.id, stripeState],
  );

  if (phase.name === 'loading' || phase.name === 'already-paid') {
    return <LoadingState label={t('payment.preparing')} />;
  }

  if (phase.name === 'existing') {
    return <ExistingSubscription enrollmentId={record.id} renewalDate={phase.renewalDate} message={phase.message} />;
  }

  if (phase.name === 'stopped' || phase.name === 'failed') {
    return (
      <EmptyState
        headingLevel={2}
        tone="destructive"
        icon={<AlertIcon size={28} />}
        title={phase.title}
        description={<p role="alert">{phase.message}</p>}
        actions={
          <>
            {phase.name === 'failed' ? <Button onClick={() => setRound((value) => value + 1)}>{t('common.tryAgain')}</Button> : null}
            <ButtonLink href={DASHBOARD_HREF} variant="secondary">
              {t('common.goToDashboard')}
            </ButtonLink>
          </>
        }
      />
    );
  }

  if (phase.name === 'confirmation') return null;

  return (
    <PaymentCard
      tier={record.membershipTier}
      provider={provider}
      stripe={stripeState.name === 'ready' ? stripeState.stripe : null}
      stripeFailed={stripeState.name === 'failed'}
      billingEmailRequired={phase.billingEmailRequired}
      processing={processing}
      notice={notice}
      onBack={onBack}
      onSubmit={submit}
    />
  );
}
