import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, ButtonLink, Card, CardContent, CardHeader, CardTitle, ShieldIcon } from '@portal/ui';
import { api, toast } from '@portal/client';
import type { SubscriptionStatusResponse } from '@portal/contracts';
import { SUBSCRIPTION_STATUS_QUERY_KEY } from '@portal/client';
import { refreshSubscriptionStatus } from '../dashboard-api.ts';
import {
  CHECKING_MEMBERSHIP_STATUS,
  ENROLLMENT_PATH,
  ENROLL_NOW_LABEL,
  MEMBERSHIP_STATUS_TITLE,
  REFRESH_FAILED_TITLE,
  REFRESH_LABEL,
  membershipCounts,
  refreshFailedDescription,
  showEnrollNow,
  subscriptionLists,
} from '../membership-status.ts';
import { SubscriptionCard } from './SubscriptionCard.tsx';
import type { SubscriptionStatusQuery } from '../use-subscription-status.ts';

/**
 * The Membership Status card (booking-dashboard-staff §2) for provider-login users: Refresh
 * (re-reads billing; 'Refresh Failed' toast on failure), the summary, the three counts,
 * 'Enroll Now!' when they are all zero, the enrollment and appointment messages and the three
 * subscription lists. 'Checking membership status...' while loading.
 */
export function MembershipStatusCard({ query, guest = false }: { query: SubscriptionStatusQuery; guest?: boolean }) {
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => refreshSubscriptionStatus(api),
    onSuccess: (data) => queryClient.setQueryData(SUBSCRIPTION_STATUS_QUERY_KEY, data),
    onError: (error) => {
      toast({ title: REFRESH_FAILED_TITLE, description: refreshFailedDescription(error), variant: 'destructive' });
    },
  });
  const status = query.data;
  const busy = refresh.isPending || (query.isFetching && !query.isPending);

  return (
    <Card as="section" className="dash-membership" aria-labelledby="membership-status-title" aria-busy={query.isPending || busy}>
      <CardHeader>
        <div className="dash-membership__header">
          <span className="ui-card__icon" aria-hidden="true">
            <ShieldIcon size={22} />
          </span>
          <CardTitle as="h2" id="membership-status-title">
            {MEMBERSHIP_STATUS_TITLE}
          </CardTitle>
          <Button
            variant="secondary"
            size="sm"
            className="dash-membership__refresh"
            onClick={() => refresh.mutate()}
            loading={busy}
            loadingText="Refreshing..."
            disabled={query.isPending}
            aria-label="Refresh membership status"
          >
            {REFRESH_LABEL}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="ui-loading ui-loading--compact" role="status" aria-live="polite">
            <span className="ui-spinner ui-spinner--md" aria-hidden="true">
              <span className="ui-spinner__circle" />
            </span>
            <p className="ui-loading__label">{CHECKING_MEMBERSHIP_STATUS}</p>
          </div>
        ) : !status ? (
          <Alert variant="destructive" title="We couldn't check your membership status" role="alert">
            <p>{refreshFailedDescription(query.error)}</p>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <MembershipStatusBody status={status} guest={guest} />
        )}
      </CardContent>
    </Card>
  );
}

function MembershipStatusBody({ status, guest }: { status: SubscriptionStatusResponse; guest: boolean }) {
  const counts = membershipCounts(status, guest);
  const lists = subscriptionLists(status, guest);
  return (
    <div className="dash-membership__body">
      <p className="dash-membership__summary" aria-live="polite">
        {status.subscriptionSummary}
      </p>
      <ul className="dash-counts" aria-label="Subscription counts">
        {counts.map((count) => (
          <li key={count.key} className="dash-counts__item">
            <span className="dash-counts__number">{count.count}</span>
            <span className="dash-counts__label">{count.label}</span>
            {count.hint ? <span className="dash-counts__hint">({count.hint})</span> : null}
          </li>
        ))}
      </ul>
      {showEnrollNow(status) ? (
        <ButtonLink href={ENROLLMENT_PATH} className="dash-membership__enroll">
          {ENROLL_NOW_LABEL}
        </ButtonLink>
      ) : null}
      <div className="dash-membership__messages">
        <p>{status.enrollmentMessage}</p>
        <p>{status.appointmentMessage}</p>
      </div>
      {lists.map((list) => (
        <section key={list.key} className="dash-subscriptions" aria-labelledby={`subscriptions-${list.key}`}>
          <h3 id={`subscriptions-${list.key}`} className="dash-subscriptions__title">
            {list.title}
          </h3>
          <ul className="dash-subscriptions__list">
            {list.subscriptions.map((subscription) => (
              <SubscriptionCard key={subscription.id} subscription={subscription} managed={list.managed} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
