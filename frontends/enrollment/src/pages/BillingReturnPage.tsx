/**
 * /billing/return (enrollment-and-payment §2 'Billing return', §9): back from the card
 * provider's billing portal; 'Billing Portal Session Complete', then / after 5 seconds.
 */
import { useEffect } from 'react';
import { ButtonLink, CheckIcon, Container, EmptyState, navigate } from '@portal/ui';
import { HOME_HREF } from '../flow.ts';
import { BILLING_RETURN_TITLE } from '../messages.ts';
import { BILLING_RETURN_REDIRECT_MS } from '../pay-return.ts';

export function BillingReturnPage() {
  useEffect(() => {
    document.title = `${BILLING_RETURN_TITLE} | Member Portal`;
    const timer = window.setTimeout(() => navigate(HOME_HREF, { replace: true }), BILLING_RETURN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <Container size="sm">
      <EmptyState
        headingLevel={1}
        icon={<CheckIcon size={28} />}
        title={BILLING_RETURN_TITLE}
        description={
          <p role="status">Any changes you made to your membership billing are saved. Taking you back to the portal in 5 seconds...</p>
        }
        actions={<ButtonLink href={HOME_HREF}>Continue now</ButtonLink>}
      />
    </Container>
  );
}
