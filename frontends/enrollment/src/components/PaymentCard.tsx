/**
 * The payment card 'Complete Your Membership' (enrollment-and-payment §2 'Payment card'): the
 * auto-renewal notice, the card provider's card element, the optional billing email for
 * provider-login users, 'Complete Payment' / 'Processing Payment...' and Back.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  ArrowLeftIcon,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Checkbox,
  CreditCardIcon,
  Field,
  Input,
  LoadingState,
  ShieldIcon,
  Stack,
} from '@portal/ui';
import type { TierCode } from '@portal/client';
import { paymentMessages, usePaymentT } from '../payment/i18n.ts';
import { usePlanText } from '../payment/plan-text.ts';
import { canSubmitPayment, checkBillingEmail } from '../payment-step.ts';
import type { BillingEmailValues } from '../payment-step.ts';
import { cardElementOf } from '../stripe-js.ts';
import type { StripeCardElement, StripeClient } from '../stripe-js.ts';

export interface PaymentNotice {
  readonly title: string;
  readonly message: string;
}

export interface PaymentCardProps {
  tier: TierCode;
  provider: boolean;
  /** Null until Stripe.js is loaded. */
  stripe: StripeClient | null;
  stripeFailed: boolean;
  /** The server needs a billing email first: the box is checked and cannot be unchecked. */
  billingEmailRequired: boolean;
  processing: boolean;
  /** The last failure, shown under the card form as well as in a toast. */
  notice: PaymentNotice | null;
  onBack: () => void;
  onSubmit: (card: StripeCardElement, billing: BillingEmailValues) => Promise<void>;
}

export const CARD_ELEMENT_ID = 'enrollment-card-element';

export function PaymentCard({ tier, provider, stripe, stripeFailed, billingEmailRequired, processing, notice, onBack, onSubmit }: PaymentCardProps) {
  const t = usePaymentT();
  const planText = usePlanText();
  const ids = useId();
  const labelId = `${ids}-card-label`;
  const cardErrorId = `${ids}-card-error`;
  const cardRef = useRef<StripeCardElement | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [cardComplete, setCardComplete] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [billing, setBilling] = useState<BillingEmailValues>({ useDifferentBillingEmail: billingEmailRequired, billingEmail: '' });
  const [billingError, setBillingError] = useState<string | null>(null);

  useEffect(() => {
    if (billingEmailRequired) setBilling((current) => ({ ...current, useDifferentBillingEmail: true }));
  }, [billingEmailRequired]);

  // Mount the card element once Stripe.js is ready.
  useEffect(() => {
    if (!stripe || !containerRef.current) return undefined;
    let card: StripeCardElement;
    try {
      card = cardElementOf(stripe.elements(), {
        hidePostalCode: false,
        style: { base: { fontSize: '16px', color: '#1f2937', '::placeholder': { color: '#6b7280' } } },
      });
    } catch {
      setCardError(paymentMessages.t('payment.setupError.text'));
      return undefined;
    }
    card.on('change', (event) => {
      setCardComplete(event.complete);
      setCardError(event.error?.message ?? null);
    });
    // A selector, as Stripe documents it (the element is in the document once this effect runs).
    card.mount(`#${CARD_ELEMENT_ID}`);
    cardRef.current = card;
    return () => {
      cardRef.current = null;
      setCardComplete(false);
      if (card.destroy) card.destroy();
      else card.unmount?.();
    };
  }, [stripe]);

  const enabled = canSubmitPayment({ stripeReady: stripe !== null, cardComplete, processing, provider, billing });

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const card = cardRef.current;
    if (!card || !enabled) return;
    const checked = checkBillingEmail(provider, billing);
    if (!checked.ok) {
      setBillingError(checked.message);
      emailRef.current?.focus();
      return;
    }
    setBillingError(null);
    void onSubmit(card, billing);
  };

  return (
    <Card as="section" aria-labelledby="enrollment-payment-title">
      <form onSubmit={submit} noValidate>
        <CardHeader>
          <CardTitle as="h2" id="enrollment-payment-title">
            <CreditCardIcon size={20} /> {t('payment.title')}
          </CardTitle>
          <CardDescription>{planText(tier)}</CardDescription>
        </CardHeader>
        <CardContent>
          <Stack gap={4}>
            <p className="enrollment-payment__renewal">
              <ShieldIcon size={18} /> {t('payment.autoRenewal')}
            </p>

            <div className="enrollment-payment__field">
              <span id={labelId} className="ui-label">
                {t('payment.cardDetails')}
              </span>
              <div
                id={CARD_ELEMENT_ID}
                ref={containerRef}
                role="group"
                aria-labelledby={labelId}
                aria-describedby={cardError ? cardErrorId : undefined}
                aria-busy={!stripe && !stripeFailed ? true : undefined}
                className="enrollment-payment__card"
              />
              {!stripe && !stripeFailed ? <LoadingState compact label={t('payment.loadingCardForm')} /> : null}
              {cardError ? (
                <p id={cardErrorId} className="ui-error-text" role="alert">
                  {cardError}
                </p>
              ) : null}
            </div>

            {stripeFailed ? (
              <Alert variant="destructive" role="alert" title={t('payment.setupError.title')}>
                <p>{t('payment.setupError.text')}</p>
              </Alert>
            ) : null}

            {provider ? (
              <Stack gap={3}>
                <Checkbox
                  label={t('payment.billingEmail.checkbox')}
                  hint={t('payment.billingEmail.hint')}
                  checked={billing.useDifferentBillingEmail}
                  disabled={billingEmailRequired || processing}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    setBilling((current) => ({ ...current, useDifferentBillingEmail: checked }));
                    setBillingError(null);
                  }}
                />
                {billing.useDifferentBillingEmail ? (
                  <Field label={t('payment.billingEmail.label')} required error={billingError ?? undefined}>
                    <Input
                      ref={emailRef}
                      type="email"
                      autoComplete="email"
                      inputMode="email"
                      value={billing.billingEmail}
                      disabled={processing}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        setBilling((current) => ({ ...current, billingEmail: value }));
                        if (billingError) setBillingError(null);
                      }}
                      onBlur={() => {
                        if (billing.billingEmail.trim() === '') return;
                        const checked = checkBillingEmail(provider, billing);
                        setBillingError(checked.ok ? null : checked.message);
                      }}
                    />
                  </Field>
                ) : null}
              </Stack>
            ) : null}

            {notice ? (
              <Alert variant="destructive" role="alert" title={notice.title} className="enrollment-payment__notice">
                <p>{notice.message}</p>
              </Alert>
            ) : null}
          </Stack>
        </CardContent>
        <CardFooter className="enrollment-payment__actions">
          <Button variant="secondary" onClick={onBack} disabled={processing}>
            <ArrowLeftIcon size={18} /> {t('common.back')}
          </Button>
          <Button type="submit" size="lg" disabled={!enabled} loading={processing} loadingText={t('payment.processing')}>
            {t('payment.complete')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
