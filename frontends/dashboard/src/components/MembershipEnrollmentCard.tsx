import type { SubscriptionStatusResponse } from '@portal/contracts';
import { Button, ButtonLink, Card, CardDescription, CardFooter, CardHeader, CardTitle, ClipboardIcon } from '@portal/ui';
import { enrollmentCard } from '../action-cards.ts';
import { ENROLLMENT_PATH } from '../membership-status.ts';
import { messages, useT } from '../i18n.ts';

/** Membership Enrollment (booking-dashboard-staff §2 'Action cards': enrollMemberEnabled). */
export function MembershipEnrollmentCard({ guest, status, checking = false }: { guest: boolean; status: SubscriptionStatusResponse | undefined; checking?: boolean }) {
  const t = useT();
  const card = enrollmentCard(t, guest, status, checking, messages.useLocale());
  return (
    <Card as="article" aria-labelledby="dash-enrollment-title">
      <CardHeader>
        <span className="ui-card__icon" aria-hidden="true">
          <ClipboardIcon size={22} />
        </span>
        <CardTitle id="dash-enrollment-title">{t('enrollment.title')}</CardTitle>
        <CardDescription>{card.reason ?? t('enrollment.description')}</CardDescription>
      </CardHeader>
      <CardFooter>
        {card.enabled ? (
          <ButtonLink href={ENROLLMENT_PATH} variant="secondary" block>
            {t('enrollment.enroll')}
          </ButtonLink>
        ) : (
          <Button variant="secondary" block disabled>
            {t('enrollment.enroll')}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
