/*
 * PLACEHOLDER until the payment issue: the Payment step's card 'Complete Your Membership' says
 * that paying by card is the next part being built. It has no card form, takes no payment and
 * never reports success; only Back (to Privacy Practices for new patients, else signing) and the
 * Dashboard link work. Replace this component with the real card form (Stripe, §2 'Payment card',
 * §4 'Payment flow').
 */
import { ArrowLeftIcon, Button, ButtonLink, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, CreditCardIcon } from '@portal/ui';
import type { TierCode } from '@portal/ui';
import { DASHBOARD_HREF } from '../flow.ts';
import { PAYMENT_CARD_TITLE } from '../messages.ts';
import { membershipDescription } from '../tiers.ts';

export function PaymentPlaceholder({ tier, onBack }: { tier: TierCode; onBack: () => void }) {
  return (
    <Card as="section" aria-labelledby="enrollment-payment-title">
      <CardHeader>
        <CardTitle as="h2" id="enrollment-payment-title">
          <CreditCardIcon size={20} /> {PAYMENT_CARD_TITLE}
        </CardTitle>
        <CardDescription>{membershipDescription(tier)}</CardDescription>
      </CardHeader>
      <CardContent>
        <p>
          Your enrollment is saved and your documents are signed. Paying by card online is the next part of the portal we are building, so
          no payment can be taken here yet and you have not been charged.
        </p>
        <p>You can come back to this page with the same link to pay once it is ready.</p>
      </CardContent>
      <CardFooter>
        <Button variant="secondary" onClick={onBack}>
          <ArrowLeftIcon size={18} /> Back
        </Button>
        <ButtonLink href={DASHBOARD_HREF} variant="ghost">
          Go to Dashboard
        </ButtonLink>
      </CardFooter>
    </Card>
  );
}
