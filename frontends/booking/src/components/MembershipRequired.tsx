import { AlertIcon, ButtonLink, EmptyState } from '@portal/ui';
import { useT } from '../i18n.ts';

/** Booking on the members path needs an active membership (booking-dashboard-staff §5). */
export function MembershipRequired() {
  const t = useT();
  return (
    <EmptyState
      headingLevel={2}
      icon={<AlertIcon size={28} />}
      title={t('membership.title')}
      description={<p role="alert">{t('membership.text')}</p>}
      actions={
        <>
          <ButtonLink href="/enrollment">{t('membership.enroll')}</ButtonLink>
          <ButtonLink href="/dashboard" variant="secondary">
            {t('page.dashboard')}
          </ButtonLink>
        </>
      }
    />
  );
}
