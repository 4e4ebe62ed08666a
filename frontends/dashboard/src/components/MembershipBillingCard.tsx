import { useState } from 'react';
import type { SubscriptionStatusResponse } from '@portal/contracts';
import { Button, Card, CardDescription, CardFooter, CardHeader, CardTitle, CreditCardIcon, ExternalLinkIcon } from '@portal/ui';
import { api, openBillingPortal } from '@portal/client';
import { billingCard } from '../action-cards.ts';
import { openPortalSession } from '../dashboard-api.ts';

/**
 * Membership Billing (booking-dashboard-staff §2 'Action cards'): the card provider's billing
 * portal in a new tab, when managedSubscriptionsEnabled; otherwise disabled with its reason.
 */
export function MembershipBillingCard({ status, checking = false }: { status: SubscriptionStatusResponse | undefined; checking?: boolean }) {
  const card = billingCard(status, checking);
  const [opening, setOpening] = useState(false);
  const open = (): void => {
    setOpening(true);
    void openBillingPortal(() => openPortalSession(api)).finally(() => setOpening(false));
  };
  return (
    <Card as="article" aria-labelledby="dash-billing-title">
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <CreditCardIcon size={22} />
        </span>
        <CardTitle id="dash-billing-title">Membership Billing</CardTitle>
        <CardDescription>{card.reason ?? 'Update your card, see invoices or change auto-renewal.'}</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button variant="secondary" block disabled={!card.enabled} onClick={open} loading={opening} loadingText="Opening...">
          Open Billing Portal
          <ExternalLinkIcon size={18} />
          <span className="ui-visually-hidden"> (opens in a new tab)</span>
        </Button>
      </CardFooter>
    </Card>
  );
}
