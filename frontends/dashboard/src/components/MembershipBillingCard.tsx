import { useState } from 'react';
import type { SubscriptionStatusResponse } from '@portal/contracts';
import { Button, Card, CardDescription, CardFooter, CardHeader, CardTitle, CreditCardIcon, ExternalLinkIcon } from '@portal/ui';
import { api, openBillingPortal } from '@portal/client';
import { billingCard } from '../action-cards.ts';
import { openPortalSession } from '../dashboard-api.ts';
import { useT } from '../i18n.ts';

/**
 * Membership Billing (booking-dashboard-staff §2 'Action cards'): the card provider's billing
 * portal in a new tab, when managedSubscriptionsEnabled; otherwise disabled with its reason.
 */
export function MembershipBillingCard({ status, checking = false }: { status: SubscriptionStatusResponse | undefined; checking?: boolean }) {
  const t = useT();
  const card = billingCard(t, status, checking);
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
        <CardTitle id="dash-billing-title">{t('billing.title')}</CardTitle>
        <CardDescription>{card.reason ?? t('billing.description')}</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button variant="secondary" block disabled={!card.enabled} onClick={open} loading={opening} loadingText={t('billing.opening')}>
          {t('billing.open')}
          <ExternalLinkIcon size={18} />
          <span className="ui-visually-hidden">{t('common.opensInNewTab')}</span>
        </Button>
      </CardFooter>
    </Card>
  );
}
