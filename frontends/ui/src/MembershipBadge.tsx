import { Badge } from './Badge.tsx';
import { membershipBadge } from '@portal/client/membership.ts';
import type { SubscriptionStatusResponse } from '@portal/contracts';

/** 'Checking...', 'Active Member' or 'No Membership', announced politely when it changes. */
export function MembershipBadge({ isPending, data }: { isPending: boolean; data?: SubscriptionStatusResponse | undefined }) {
  const view = membershipBadge({ isPending, data });
  return (
    <span aria-live="polite" className="ui-membership-badge">
      <span className="ui-visually-hidden">Membership: </span>
      <Badge variant={view.tone}>{view.label}</Badge>
    </span>
  );
}
