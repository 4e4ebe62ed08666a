import { useId } from 'react';
import { Badge } from '@portal/ui';
import type { Subscription } from '@portal/contracts';
import { messages, useT } from '../i18n.ts';
import {
  formatPeriodEnd,
  formatSubscriptionAmount,
  maskCaregiverEmail,
  periodEndLabel,
  shortSubscriptionId,
  spokenSubscriptionAmount,
  statusIndicator,
  subscriptionNickname,
} from '../membership-status.ts';

/**
 * One subscription (booking-dashboard-staff §2): product name, nickname, member name, the last 5
 * characters of the id (the full id in a tooltip shown on hover and keyboard focus), the amount
 * per interval, the status indicator, 'Next billing' / 'Period ends', 'Will not renew', and for a
 * caregiver-managed one 'Managed by' with the masked caregiver email.
 */
export function SubscriptionCard({ subscription, managed }: { subscription: Subscription; managed: boolean }) {
  const t = useT();
  const locale = messages.useLocale();
  const tooltipId = useId();
  const status = statusIndicator(t, subscription);
  const periodEnd = formatPeriodEnd(subscription.currentPeriodEnd, locale);
  const nickname = subscriptionNickname(t, locale, subscription);
  return (
    <li className="dash-subscription" aria-label={t('subscription.label', { product: subscription.productName, id: shortSubscriptionId(subscription.id) })}>
      <div className="dash-subscription__head">
        <h4 className="dash-subscription__product">{subscription.productName}</h4>
        <Badge variant={status.tone} className="dash-subscription__status">
          <span className={`dash-status-dot dash-status-dot--${status.tone}`} aria-hidden="true" />
          <span className="ui-visually-hidden">{t('subscription.statusPrefix')}</span>
          {status.label}
        </Badge>
      </div>
      {nickname ? <p className="dash-subscription__nickname">{nickname}</p> : null}
      <dl className="dash-subscription__facts">
        {subscription.memberName ? (
          <div>
            <dt>{t('subscription.member')}</dt>
            <dd>{subscription.memberName}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('subscription.id')}</dt>
          <dd>
            <span className="dash-subid" tabIndex={0} aria-describedby={tooltipId} data-full-id={subscription.id}>
              …{shortSubscriptionId(subscription.id)}
            </span>
            <span role="tooltip" id={tooltipId} className="dash-subid__tooltip">
              {subscription.id}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('subscription.amount')}</dt>
          <dd>
            <span aria-hidden="true">{formatSubscriptionAmount(t, locale, subscription.amount, subscription.interval)}</span>
            <span className="ui-visually-hidden">{spokenSubscriptionAmount(t, locale, subscription.amount, subscription.interval)}</span>
          </dd>
        </div>
        {periodEnd ? (
          <div>
            <dt>{periodEndLabel(t, subscription)}</dt>
            <dd>{periodEnd}</dd>
          </div>
        ) : null}
        {managed ? (
          <div>
            <dt>{t('subscription.managedBy')}</dt>
            <dd>{maskCaregiverEmail(t, subscription.customer.email)}</dd>
          </div>
        ) : null}
      </dl>
      {subscription.cancelAtPeriodEnd ? (
        <p className="dash-subscription__no-renew">
          <Badge variant="warning">{t('subscription.willNotRenew')}</Badge>
        </p>
      ) : null}
    </li>
  );
}
