/**
 * /pay/return (enrollment-and-payment §2 'Payment return screen', §4 'Payment return'): the card
 * provider's return after 3-D Secure. Processing Payment → Payment Successful (→ /dashboard
 * after 2 s) or Payment Error (with a return-to-dashboard button). The logic is pay-return.ts.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertIcon, ButtonLink, CheckIcon, Container, EmptyState, Spinner } from '@portal/ui';
import { CONFIG_QUERY_KEY, api, navigate, toast } from '@portal/client';
import { clearCheckoutMemo, readCheckoutMemo } from '../checkout-memo.ts';
import type { CheckoutApi } from '../checkout.ts';
import { fetchConfig, payInvoice, recordPayment } from '../enrollment-api.ts';
import { DASHBOARD_HREF, payReturnUrl } from '../flow.ts';
import { paymentMessages, usePaymentT } from '../payment/i18n.ts';
import { PAY_RETURN_REDIRECT_MS, returnStart, runPaymentReturn } from '../pay-return.ts';
import type { PayReturnResult, PayReturnState } from '../pay-return.ts';
import { stripeClient } from '../stripe-js.ts';

const checkoutApi: CheckoutApi = {
  payInvoice: (body) => payInvoice(api, body),
  // The return screen records the payment with an empty body (§7).
  recordPayment: (enrollmentId) => recordPayment(api, enrollmentId),
};

export function PayReturnPage() {
  const t = usePaymentT();
  const queryClient = useQueryClient();
  const [state, setState] = useState<PayReturnState>({ name: 'processing' });
  // One run per page, also under StrictMode's double effects: paying twice is not an option.
  const run = useRef<Promise<PayReturnResult> | null>(null);


  useEffect(() => {
    let active = true;
    run.current ??= (async (): Promise<PayReturnResult> => {
      const start = returnStart(readCheckoutMemo(), new URLSearchParams(window.location.search));
      if (start.kind === 'error') return { name: 'error', message: start.message };
      let stripe;
      try {
        const config = await queryClient.fetchQuery({ queryKey: CONFIG_QUERY_KEY, queryFn: ({ signal }) => fetchConfig(api, signal) });
        stripe = await stripeClient({ publicKey: config.stripe?.publicKey, scriptUrl: config.scripts?.stripeJs, locale: paymentMessages.locale() });
      } catch {
        const text = paymentMessages.t('payment.setupError.text');
        toast({ title: paymentMessages.t('payment.setupError.title'), description: text, variant: 'destructive' });
        return { name: 'error', message: text };
      }
      return runPaymentReturn({ stripe, api: checkoutApi, clearMemo: () => clearCheckoutMemo(), returnUrl: payReturnUrl(window.location.origin) }, start);
    })();
    void run.current.then((result) => {
      if (!active) return;
      setState(result);
      if (result.name === 'success') {
        toast({ title: paymentMessages.t('payment.successful.title'), description: paymentMessages.t('payment.successful.text') });
        void queryClient.invalidateQueries();
      } else {
        toast({ title: paymentMessages.t('payReturn.error'), description: result.message, variant: 'destructive' });
      }
    });
    return () => {
      active = false;
    };
  }, [queryClient]);

  const title = t(state.name === 'processing' ? 'payReturn.processing' : state.name === 'success' ? 'payReturn.success' : 'payReturn.error');
  useEffect(() => {
    document.title = t('page.title', { title });
  }, [t, title]);

  useEffect(() => {
    if (state.name !== 'success') return undefined;
    const timer = window.setTimeout(() => navigate(DASHBOARD_HREF, { replace: true }), PAY_RETURN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [state.name]);

  return (
    <Container size="sm">
      <div aria-live="polite" className="enrollment-pay-return">
        {state.name === 'processing' ? (
          <EmptyState
            headingLevel={1}
            icon={<Spinner size="lg" />}
            title={title}
            description={<p role="status">{t('payReturn.processing.text')}</p>}
          />
        ) : state.name === 'success' ? (
          <EmptyState
            headingLevel={1}
            icon={<CheckIcon size={28} />}
            title={title}
            description={
              <>
                <p role="status">{t('payment.successful.text')}</p>
                <p>{t('payReturn.redirecting')}</p>
              </>
            }
          />
        ) : (
          <EmptyState
            headingLevel={1}
            tone="destructive"
            icon={<AlertIcon size={28} />}
            title={title}
            description={<p role="alert">{state.message}</p>}
            actions={<ButtonLink href={DASHBOARD_HREF}>{t('payReturn.returnToDashboard')}</ButtonLink>}
          />
        )}
      </div>
    </Container>
  );
}
