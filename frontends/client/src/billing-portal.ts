/**
 * Membership Billing (enrollment-and-payment §2 user-status menu; booking-dashboard-staff §2 action
 * cards): the card provider's billing portal opens in a new tab. The tab is opened at once, inside
 * the click, so pop-up blockers allow it; it is sent to the portal when POST
 * /api/stripe/portal-session answers. Used by the shell's menu and the dashboard's card.
 */
import type { PortalSessionResponse } from '@portal/contracts';
import { ApiContractError } from './api.ts';
import { clientMessages } from './i18n.ts';
import { toast } from './toast.ts';

export const openBillingPortal = async (openSession: () => Promise<PortalSessionResponse>): Promise<void> => {
  const t = clientMessages.t;
  const english = clientMessages.locale() === 'en-US';
  const tab = window.open('', '_blank');
  if (tab) {
    tab.opener = null;
    tab.document.title = t('billing.tabTitle');
    tab.document.documentElement.lang = document.documentElement.lang;
    tab.document.body.textContent = t('billing.opening');
  }
  try {
    const answer = await openSession();
    if (!answer.success || !answer.portalUrl) throw new Error((english && answer.message) || t('billing.notAvailable'));
    if (tab) tab.location.href = answer.portalUrl;
    else window.open(answer.portalUrl, '_blank', 'noopener,noreferrer');
  } catch (error) {
    tab?.close();
    toast({
      title: t('billing.unavailableTitle'),
      // An HTTP failure ('503: …') or an answer this page cannot read gets the generic text.
      description:
        error instanceof Error && !(error instanceof ApiContractError) && !/^\d{3}: /.test(error.message)
          ? error.message
          : t('billing.unavailableText'),
      variant: 'destructive',
    });
  }
};
