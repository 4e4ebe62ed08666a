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
import {
  PAYMENT_SUCCESSFUL_TEXT,
  PAYMENT_SUCCESSFUL_TITLE,
  PAY_RETURN_ERROR,
  PAY_RETURN_PROCESSING,
  PAY_RETURN_SUCCESS,
  RETURN_TO_DASHBOARD,
  SETUP_ERROR_TEXT,
  SETUP_ERROR_TITLE,
} from '../messages.ts';
import { PAY_RETURN_REDIRECT_MS, returnStart, runPaymentReturn } from '../pay-return.ts';
import type { PayReturnResult, PayReturnState } from '../pay-return.ts';
import { stripeClient } from '../stripe-js.ts';

const checkoutApi: CheckoutApi = {
  payInvoice: (body) => payInvoice(api, body),
  // The return screen records the payment with an empty body (§7).
  recordPayment: (enrollmentId) => recordPayment(api, enrollmentId),
};

export function PayReturnPage() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PayReturnState>({ name: 'processing' });
  // One run per page, also under StrictMode's double effects: paying twice is not an option.
  const run = useRef<Promise<PayReturnResult> | null>(null);

  useEffect(() => {
    document.title = `${PAY_RETURN_PROCESSING} | Member Enrollment`;
  }, []);

  useEffect(() => {
    let active = true;
    run.current ??= (async (): Promise<PayReturnResult> => {
      const start = returnStart(readCheckoutMemo(), new URLSearchParams(window.location.search));
      if (start.kind === 'error') return { name: 'error', message: start.message };
      let stripe;
      try {
        const config = await queryClient.fetchQuery({ queryKey: CONFIG_QUERY_KEY, queryFn: ({ signal }) => fetchConfig(api, signal) });
        stripe = await stripeClient({ publicKey: config.stripe?.publicKey, scriptUrl: config.scripts?.stripeJs });
      } catch {
        toast({ title: SETUP_ERROR_TITLE, description: SETUP_ERROR_TEXT, variant: 'destructive' });
        return { name: 'error', message: SETUP_ERROR_TEXT };
      }
      return runPaymentReturn({ stripe, api: checkoutApi, clearMemo: () => clearCheckoutMemo(), returnUrl: payReturnUrl(window.location.origin) }, start);
    })();
    void run.current.then((result) => {
      if (!active) return;
      setState(result);
      if (result.name === 'success') {
        toast({ title: PAYMENT_SUCCESSFUL_TITLE, description: PAYMENT_SUCCESSFUL_TEXT });
        void queryClient.invalidateQueries();
      } else {
        toast({ title: PAY_RETURN_ERROR, description: result.message, variant: 'destructive' });
      }
    });
    return () => {
      active = false;
    };
  }, [queryClient]);

  useEffect(() => {
    if (state.name === 'processing') return undefined;
    document.title = `${state.name === 'success' ? PAY_RETURN_SUCCESS : PAY_RETURN_ERROR} | Member Enrollment`;
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
            title={PAY_RETURN_PROCESSING}
            description={<p role="status">Please wait while we confirm your payment. Do not close or refresh this page.</p>}
          />
        ) : state.name === 'success' ? (
          <EmptyState
            headingLevel={1}
            icon={<CheckIcon size={28} />}
            title={PAY_RETURN_SUCCESS}
            description={
              <>
                <p role="status">{PAYMENT_SUCCESSFUL_TEXT}</p>
                <p>Taking you to your dashboard...</p>
              </>
            }
          />
        ) : (
          <EmptyState
            headingLevel={1}
            tone="destructive"
            icon={<AlertIcon size={28} />}
            title={PAY_RETURN_ERROR}
            description={<p role="alert">{state.message}</p>}
            actions={<ButtonLink href={DASHBOARD_HREF}>{RETURN_TO_DASHBOARD}</ButtonLink>}
          />
        )}
      </div>
    </Container>
  );
}
