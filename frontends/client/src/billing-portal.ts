/**
 * Membership Billing (enrollment-and-payment §2 user-status menu; booking-dashboard-staff §2 action
 * cards): the card provider's billing portal opens in a new tab. The tab is opened at once, inside
 * the click, so pop-up blockers allow it; it is sent to the portal when POST
 * /api/stripe/portal-session answers. Used by the shell's menu and the dashboard's card.
 */
import type { PortalSessionResponse } from '@portal/contracts';
import { ApiContractError } from './api.ts';
import { toast } from './toast.ts';

export const openBillingPortal = async (openSession: () => Promise<PortalSessionResponse>): Promise<void> => {
  const tab = window.open('', '_blank');
  if (tab) {
    tab.opener = null;
    tab.document.title = 'Membership Billing';
    tab.document.body.textContent = 'Opening the billing portal...';
  }
  try {
    const answer = await openSession();
    if (!answer.success || !answer.portalUrl) throw new Error(answer.message || 'The billing portal is not available right now.');
    if (tab) tab.location.href = answer.portalUrl;
    else window.open(answer.portalUrl, '_blank', 'noopener,noreferrer');
  } catch (error) {
    tab?.close();
    toast({
      title: 'Membership Billing Unavailable',
      // An HTTP failure ('503: …') or an answer this page cannot read gets the generic text.
      description:
        error instanceof Error && !(error instanceof ApiContractError) && !/^\d{3}: /.test(error.message)
          ? error.message
          : 'The billing portal could not be opened. Please try again.',
      variant: 'destructive',
    });
  }
};
