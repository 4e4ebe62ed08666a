import { Badge } from './Badge.tsx';
import { MEMBERSHIP_BADGE_ACTIVE, MEMBERSHIP_BADGE_CHECKING, membershipBadge } from '@portal/client/membership.ts';
import { useUiT } from './i18n.ts';
import type { SubscriptionStatusResponse } from '@portal/contracts';

/** 'Checking...', 'Active Member' or 'No Membership', announced politely when it changes. */
export function MembershipBadge({ isPending, data }: { isPending: boolean; data?: SubscriptionStatusResponse | undefined }) {
  const t = useUiT();
  const view = membershipBadge({ isPending, data });
  const label = t(view.label === MEMBERSHIP_BADGE_ACTIVE ? 'membership.active' : view.label === MEMBERSHIP_BADGE_CHECKING ? 'membership.checking' : 'membership.none');
  return (
    <span aria-live="polite" className="ui-membership-badge">
      <span className="ui-visually-hidden">{t('membershipBadge.prefix')}</span>
      <Badge variant={view.tone}>{label}</Badge>
    </span>
  );
}
