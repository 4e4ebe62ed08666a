import { AlertIcon, ButtonLink, EmptyState } from '@portal/ui';
import { MEMBERSHIP_REQUIRED_TEXT, MEMBERSHIP_REQUIRED_TITLE } from '../messages.ts';

/** Booking on the members path needs an active membership (booking-dashboard-staff §5). */
export function MembershipRequired() {
  return (
    <EmptyState
      headingLevel={2}
      icon={<AlertIcon size={28} />}
      title={MEMBERSHIP_REQUIRED_TITLE}
      description={<p role="alert">{MEMBERSHIP_REQUIRED_TEXT}</p>}
      actions={
        <>
          <ButtonLink href="/enrollment">Enroll Now</ButtonLink>
          <ButtonLink href="/dashboard" variant="secondary">
            Dashboard
          </ButtonLink>
        </>
      }
    />
  );
}
