/**
 * /billing/return (enrollment-and-payment §2 'Billing return', §9): back from the card
 * provider's billing portal; 'Billing Portal Session Complete', then / after 5 seconds. The
 * membership is read again from Stripe first, so the next page shows what was changed there
 * (issue 23); 'Continue now' waits for that read (at most 3 seconds).
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { ButtonLink, CheckIcon, Container, EmptyState } from '@portal/ui';
import { api, navigate, rereadMembershipAfterBilling } from '@portal/client';
import { HOME_HREF } from '../flow.ts';
import { usePaymentT } from '../payment/i18n.ts';
import { BILLING_RETURN_REDIRECT_MS } from '../pay-return.ts';

export function BillingReturnPage() {
  const t = usePaymentT();
  const reread = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    document.title = t('page.titlePortal', { title: t('billingReturn.title') });
  }, [t]);
  useEffect(() => {
    reread.current = rereadMembershipAfterBilling((path) => api.post(path));
    const timer = window.setTimeout(() => void reread.current.then(() => navigate(HOME_HREF, { replace: true })), BILLING_RETURN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const continueNow = (event: MouseEvent<HTMLAnchorElement>): void => {
    event.preventDefault();
    void reread.current.then(() => navigate(HOME_HREF, { replace: true }));
  };

  return (
    <Container size="sm">
      <EmptyState
        headingLevel={1}
        icon={<CheckIcon size={28} />}
        title={t('billingReturn.title')}
        description={
          <p role="status">{t('billingReturn.text')}</p>
        }
        actions={
          <ButtonLink href={HOME_HREF} onClick={continueNow}>
            {t('billingReturn.continue')}
          </ButtonLink>
        }
      />
    </Container>
  );
}
