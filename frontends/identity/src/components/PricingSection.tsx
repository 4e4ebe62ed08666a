import { Button, Grid, PlanCard, Section } from '@portal/ui';
import { MINIMUM_ENROLLMENT_AGE } from '@portal/client';
import { pricingPlans } from '../pricing.ts';

const PLANS = pricingPlans();

export interface PricingSectionProps {
  /** Takes the user to the sign-in options (the 'Sign Up' buttons). */
  onSignUp: () => void;
}

/** Enhanced, Concierge and Decline (Opt Out) cards with the age note. */
export function PricingSection({ onSignUp }: PricingSectionProps) {
  return (
    <Section
      id="membership-plans"
      title="Membership Plans"
      description={
        <p>
          Memberships are currently offered only to patients aged {MINIMUM_ENROLLMENT_AGE} or older. Paid memberships renew
          automatically and can be cancelled at any time.
        </p>
      }
    >
      <Grid as="div" minColumnWidth="17rem" gap={5} className="ui-plan-grid">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            title={plan.title}
            subtitle={plan.subtitle ?? undefined}
            badge={plan.badge ?? undefined}
            price={plan.price}
            priceUnit={plan.priceUnit}
            priceAlternative={plan.priceAlternative ?? undefined}
            features={plan.features}
            highlighted={plan.highlighted}
            action={
              <Button
                variant={plan.highlighted ? 'primary' : 'secondary'}
                size="lg"
                block
                aria-label={`Sign Up: ${plan.title}`}
                onClick={onSignUp}
              >
                Sign Up
              </Button>
            }
          />
        ))}
      </Grid>
    </Section>
  );
}
