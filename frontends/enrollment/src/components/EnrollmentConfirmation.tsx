/**
 * The Confirmation step (enrollment-and-payment §2 'Confirmation screen'): the enrollment
 * summary, what's next, the payment receipt note with the invoice number 'INV-' + the last 8
 * characters of the enrollment id, and buttons to /appointments and /dashboard. The Dashboard
 * button at the top is the wizard's own (TopLinks).
 */
import { useQuery } from '@tanstack/react-query';
import {
  ButtonLink,
  CalendarIcon,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  CheckIcon,
  ExternalLinkIcon,
  LoadingState,
  MessageIcon,
  ReceiptIcon,
  Stack,
} from '@portal/ui';
import {
  api,
} from '@portal/client';
import type { EnrollmentCompleteResponse, EnrollmentRecord } from '@portal/contracts';
import { fetchEnrollmentComplete } from '../enrollment-api.ts';
import { APPOINTMENTS_HREF, DASHBOARD_HREF } from '../flow.ts';
import { paymentMessages, usePaymentT } from '../payment/i18n.ts';
import { usePlanText } from '../payment/plan-text.ts';
import { invoiceNumberOf } from '../payment.ts';
import { formatExpiration } from '../payment-step.ts';
import { tierPlan } from '../tiers.ts';

export interface EnrollmentConfirmationProps {
  record: EnrollmentRecord;
  /** From POST /payment, used until /complete answers. */
  receiptUrl: string | null;
}

const isHttpUrl = (value: string | null | undefined): value is string => typeof value === 'string' && /^https?:\/\//i.test(value);

export function EnrollmentConfirmation({ record, receiptUrl }: EnrollmentConfirmationProps) {
  const t = usePaymentT();
  const locale = paymentMessages.useLocale();
  const planText = usePlanText();
  const query = useQuery<EnrollmentCompleteResponse>({
    queryKey: ['/api/enrollments', record.id, 'complete'],
    queryFn: ({ signal }) => fetchEnrollmentComplete(api, record.id, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  if (query.isPending) return <LoadingState label={t('confirmation.loading')} />;

  const enrollment = query.data?.enrollment ?? record;
  const invoiceNumber = query.data?.invoiceNumber ?? invoiceNumberOf(record.id);
  const receipt = query.data?.enrollment.receiptUrl ?? receiptUrl;
  const name = [enrollment.firstName, enrollment.lastName].filter((part) => typeof part === 'string' && part !== '').join(' ');
  const start = formatExpiration(enrollment.membershipStartDate, locale);
  const renews = formatExpiration(enrollment.membershipEndDate, locale);

  return (
    <Stack gap={5}>
      <Card as="section" aria-labelledby="enrollment-summary-title">
        <CardHeader>
          <CardTitle as="h2" id="enrollment-summary-title">
            <CheckIcon size={20} /> {t('confirmation.summary')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="enrollment-details">
            {name ? (
              <div>
                <dt>{t('confirmation.member')}</dt>
                <dd>{name}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('confirmation.membership')}</dt>
              <dd>{tierPlan(enrollment.membershipTier).name}</dd>
            </div>
            <div>
              <dt>{t('confirmation.plan')}</dt>
              <dd>{planText(enrollment.membershipTier)}</dd>
            </div>
            <div>
              <dt>{t('confirmation.status')}</dt>
              <dd>{t('confirmation.status.value', { status: enrollment.status === 'active' ? 'active' : 'received' })}</dd>
            </div>
            {start ? (
              <div>
                <dt>{t('confirmation.startDate')}</dt>
                <dd>{start}</dd>
              </div>
            ) : null}
            {renews ? (
              <div>
                <dt>{t('confirmation.renewsOn')}</dt>
                <dd>{renews}</dd>
              </div>
            ) : null}
          </dl>
        </CardContent>
      </Card>

      <Card as="section" aria-labelledby="enrollment-next-title">
        <CardHeader>
          <CardTitle as="h2" id="enrollment-next-title">
            <CalendarIcon size={20} /> {t('confirmation.next')}
          </CardTitle>
        </CardHeader>
        <CardContent className="enrollment-notices">
          <ul className="enrollment-notes">
            <li>
              <CalendarIcon size={18} /> {t('confirmation.next.book')}
            </li>
            <li>
              <MessageIcon size={18} /> {t('confirmation.next.nurseLine')}
            </li>
            <li>
              <CheckIcon size={18} /> {t('confirmation.next.renews')}
            </li>
          </ul>
        </CardContent>
      </Card>

      <Card as="section" aria-labelledby="enrollment-receipt-title">
        <CardHeader>
          <CardTitle as="h2" id="enrollment-receipt-title">
            <ReceiptIcon size={20} /> {t('confirmation.receipt')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Stack gap={3}>
            <dl className="enrollment-details">
              <div>
                <dt>{t('confirmation.invoiceNumber')}</dt>
                <dd className="enrollment-invoice-number">{invoiceNumber}</dd>
              </div>
            </dl>
            <p>{t('confirmation.receipt.text')}</p>
            {isHttpUrl(receipt) ? (
              <p>
                <a href={receipt} target="_blank" rel="noopener noreferrer">
                  {t('confirmation.receipt.view')} <ExternalLinkIcon size={16} />
                  <span className="ui-visually-hidden"> {t('confirmation.newTab')}</span>
                </a>
              </p>
            ) : null}
          </Stack>
        </CardContent>
      </Card>

      <div className="ui-actions">
        <ButtonLink href={APPOINTMENTS_HREF} size="lg" className="ui-actions__primary">
          {t('confirmation.book')}
        </ButtonLink>
        <ButtonLink href={DASHBOARD_HREF} size="lg" variant="secondary">
          {t('common.goToDashboard')}
        </ButtonLink>
      </div>
    </Stack>
  );
}
