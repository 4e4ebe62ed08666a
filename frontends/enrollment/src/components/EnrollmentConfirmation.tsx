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
import { ENROLLMENT_SUMMARY_TITLE, PAYMENT_RECEIPT_TITLE, WHATS_NEXT_TITLE } from '../messages.ts';
import { invoiceNumberOf } from '../payment.ts';
import { formatExpiration } from '../payment-step.ts';
import { membershipDescription, tierPlan } from '../tiers.ts';

export interface EnrollmentConfirmationProps {
  record: EnrollmentRecord;
  /** From POST /payment, used until /complete answers. */
  receiptUrl: string | null;
}

const isHttpUrl = (value: string | null | undefined): value is string => typeof value === 'string' && /^https?:\/\//i.test(value);

export function EnrollmentConfirmation({ record, receiptUrl }: EnrollmentConfirmationProps) {
  const query = useQuery<EnrollmentCompleteResponse>({
    queryKey: ['/api/enrollments', record.id, 'complete'],
    queryFn: ({ signal }) => fetchEnrollmentComplete(api, record.id, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  if (query.isPending) return <LoadingState label="Loading your confirmation..." />;

  const enrollment = query.data?.enrollment ?? record;
  const invoiceNumber = query.data?.invoiceNumber ?? invoiceNumberOf(record.id);
  const receipt = query.data?.enrollment.receiptUrl ?? receiptUrl;
  const name = [enrollment.firstName, enrollment.lastName].filter((part) => typeof part === 'string' && part !== '').join(' ');
  const start = formatExpiration(enrollment.membershipStartDate);
  const renews = formatExpiration(enrollment.membershipEndDate);

  return (
    <Stack gap={5}>
      <Card as="section" aria-labelledby="enrollment-summary-title">
        <CardHeader>
          <CardTitle as="h2" id="enrollment-summary-title">
            <CheckIcon size={20} /> {ENROLLMENT_SUMMARY_TITLE}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="enrollment-details">
            {name ? (
              <div>
                <dt>Member</dt>
                <dd>{name}</dd>
              </div>
            ) : null}
            <div>
              <dt>Membership</dt>
              <dd>{tierPlan(enrollment.membershipTier).name}</dd>
            </div>
            <div>
              <dt>Plan</dt>
              <dd>{membershipDescription(enrollment.membershipTier)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{enrollment.status === 'active' ? 'Active' : 'Payment received'}</dd>
            </div>
            {start ? (
              <div>
                <dt>Start date</dt>
                <dd>{start}</dd>
              </div>
            ) : null}
            {renews ? (
              <div>
                <dt>Renews on</dt>
                <dd>{renews}</dd>
              </div>
            ) : null}
          </dl>
        </CardContent>
      </Card>

      <Card as="section" aria-labelledby="enrollment-next-title">
        <CardHeader>
          <CardTitle as="h2" id="enrollment-next-title">
            <CalendarIcon size={20} /> {WHATS_NEXT_TITLE}
          </CardTitle>
        </CardHeader>
        <CardContent className="enrollment-notices">
          <ul className="enrollment-notes">
            <li>
              <CalendarIcon size={18} /> Book your first visit from Appointments.
            </li>
            <li>
              <MessageIcon size={18} /> Your members-only nurse phone and SMS line is on your dashboard.
            </li>
            <li>
              <CheckIcon size={18} /> Your membership renews automatically. You can manage or cancel it from Membership Billing in the menu.
            </li>
          </ul>
        </CardContent>
      </Card>

      <Card as="section" aria-labelledby="enrollment-receipt-title">
        <CardHeader>
          <CardTitle as="h2" id="enrollment-receipt-title">
            <ReceiptIcon size={20} /> {PAYMENT_RECEIPT_TITLE}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Stack gap={3}>
            <dl className="enrollment-details">
              <div>
                <dt>Invoice number</dt>
                <dd className="enrollment-invoice-number">{invoiceNumber}</dd>
              </div>
            </dl>
            <p>A receipt for your payment is sent to your billing email. Please keep it for your records.</p>
            {isHttpUrl(receipt) ? (
              <p>
                <a href={receipt} target="_blank" rel="noopener noreferrer">
                  View your receipt <ExternalLinkIcon size={16} />
                  <span className="ui-visually-hidden"> (opens in a new tab)</span>
                </a>
              </p>
            ) : null}
          </Stack>
        </CardContent>
      </Card>

      <div className="ui-actions">
        <ButtonLink href={APPOINTMENTS_HREF} size="lg" className="ui-actions__primary">
          Book an Appointment
        </ButtonLink>
        <ButtonLink href={DASHBOARD_HREF} size="lg" variant="secondary">
          Go to Dashboard
        </ButtonLink>
      </div>
    </Stack>
  );
}
