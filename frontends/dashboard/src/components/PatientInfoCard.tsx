import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle, MembershipBadge, Spinner, UserIcon } from '@portal/ui';
import { AUTH_STATUS_QUERY_KEY, fetchAuthStatus } from '@portal/client';
import type { SubscriptionStatusQuery } from '../use-subscription-status.ts';
import { ageOn } from '../action-cards.ts';
import { messages, useT } from '../i18n.ts';
import { membershipSummary } from '../membership-status.ts';

/**
 * The patient info card (enrollment-and-payment §2 'Patient info card'): the patient's name, age
 * (from the birth date the session holds), the membership badge (Checking..., Active Member,
 * No Membership) and the subscription summary line. Provider-login users only.
 */
export function PatientInfoCard({ patientName, membership }: { patientName: string; membership: SubscriptionStatusQuery }) {
  const t = useT();
  const locale = messages.useLocale();
  const status = useQuery({ queryKey: AUTH_STATUS_QUERY_KEY, queryFn: ({ signal }) => fetchAuthStatus(signal), staleTime: 60_000 });
  const age = ageOn(status.data?.user?.birthDate, new Date());
  return (
    <Card as="section" aria-labelledby="dash-patient-title" className="dash-patient">
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <UserIcon size={22} />
        </span>
        <CardTitle as="h2" id="dash-patient-title">
          {t('patient.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="dash-patient__facts">
          <div>
            <dt>{t('patient.name')}</dt>
            <dd>{status.data?.user?.name || patientName}</dd>
          </div>
          <div>
            <dt>{t('patient.age')}</dt>
            {/* '—' only once the birth date is known to be missing, not while it is read (issue 23). */}
            <dd>{status.isPending ? <Spinner size="sm" label={t('patient.loadingAge')} /> : age === null ? '—' : age}</dd>
          </div>
          <div>
            <dt>{t('patient.membership')}</dt>
            <dd>
              <MembershipBadge isPending={membership.isPending} data={membership.data} />
            </dd>
          </div>
        </dl>
        <p className="dash-patient__summary">{membership.data ? membershipSummary(t, locale, membership.data) : membership.isPending ? t('membership.checking') : ''}</p>
      </CardContent>
    </Card>
  );
}
