import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, ButtonLink, Card, CardContent, CardHeader, CardTitle, ShieldIcon } from '@portal/ui';
import { api, toast } from '@portal/client';
import type { SubscriptionStatusResponse } from '@portal/contracts';
import { SUBSCRIPTION_STATUS_QUERY_KEY } from '@portal/client';
import { useApiErrorText } from '@portal/client/api-error-text.ts';
import { refreshSubscriptionStatus } from '../dashboard-api.ts';
import { messages, useT } from '../i18n.ts';
import {
  appointmentMessage,
  ENROLLMENT_PATH,
  enrollmentMessage,
  membershipCounts,
  membershipSummary,
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
  const t = useT();
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => refreshSubscriptionStatus(api),
    onSuccess: (data) => queryClient.setQueryData(SUBSCRIPTION_STATUS_QUERY_KEY, data),
    onError: (error) => {
      toast({ title: t('membership.refreshFailed.title'), description: refreshFailedDescription(t, error, errorText), variant: 'destructive' });
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
            {t('membership.title')}
          </CardTitle>
          <Button
            variant="secondary"
            size="sm"
            className="dash-membership__refresh"
            onClick={() => refresh.mutate()}
            loading={busy}
            loadingText={t('membership.refreshing')}
            disabled={query.isPending}
            aria-label={t('membership.refreshLabel')}
          >
            {t('membership.refresh')}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="ui-loading ui-loading--compact" role="status" aria-live="polite">
            <span className="ui-spinner ui-spinner--md" aria-hidden="true">
              <span className="ui-spinner__circle" />
            </span>
            <p className="ui-loading__label">{t('membership.checking')}</p>
          </div>
        ) : !status ? (
          <Alert variant="destructive" title={t('membership.loadFailed.title')} role="alert">
            <p>{refreshFailedDescription(t, query.error, errorText)}</p>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              {t('common.tryAgain')}
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
  const t = useT();
  const locale = messages.useLocale();
  const counts = membershipCounts(t, status, guest);
  const lists = subscriptionLists(t, status, guest);
  return (
    <div className="dash-membership__body">
      <p className="dash-membership__summary" aria-live="polite">
        {membershipSummary(t, locale, status)}
      </p>
      <ul className="dash-counts" aria-label={t('membership.counts')}>
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
          {t('membership.enrollNow')}
        </ButtonLink>
      ) : null}
      <div className="dash-membership__messages">
        <p>{enrollmentMessage(t, locale, status)}</p>
        <p>{appointmentMessage(t, locale, status)}</p>
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
