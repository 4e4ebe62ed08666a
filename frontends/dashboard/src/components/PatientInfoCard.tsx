import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle, MembershipBadge, Spinner, UserIcon } from '@portal/ui';
import { AUTH_STATUS_QUERY_KEY, fetchAuthStatus } from '@portal/client';
import type { SubscriptionStatusQuery } from '../use-subscription-status.ts';
import { CHECKING_MEMBERSHIP_STATUS } from '../membership-status.ts';
import { ageOn } from '../action-cards.ts';

/**
 * The patient info card (enrollment-and-payment §2 'Patient info card'): the patient's name, age
 * (from the birth date the session holds), the membership badge (Checking..., Active Member,
 * No Membership) and the subscription summary line. Provider-login users only.
 */
export function PatientInfoCard({ patientName, membership }: { patientName: string; membership: SubscriptionStatusQuery }) {
  const status = useQuery({ queryKey: AUTH_STATUS_QUERY_KEY, queryFn: ({ signal }) => fetchAuthStatus(signal), staleTime: 60_000 });
  const age = ageOn(status.data?.user?.birthDate, new Date());
  return (
    <Card as="section" aria-labelledby="dash-patient-title" className="dash-patient">
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <UserIcon size={22} />
        </span>
        <CardTitle as="h2" id="dash-patient-title">
          Patient Information
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="dash-patient__facts">
          <div>
            <dt>Name</dt>
            <dd>{status.data?.user?.name || patientName}</dd>
          </div>
          <div>
            <dt>Age</dt>
            {/* '—' only once the birth date is known to be missing, not while it is read (issue 23). */}
            <dd>{status.isPending ? <Spinner size="sm" label="Loading age" /> : age === null ? '—' : age}</dd>
          </div>
          <div>
            <dt>Membership</dt>
            <dd>
              <MembershipBadge isPending={membership.isPending} data={membership.data} />
            </dd>
          </div>
        </dl>
        <p className="dash-patient__summary">{membership.data?.subscriptionSummary ?? (membership.isPending ? CHECKING_MEMBERSHIP_STATUS : '')}</p>
      </CardContent>
    </Card>
  );
}
