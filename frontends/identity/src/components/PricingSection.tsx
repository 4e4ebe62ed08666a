import { useMemo } from 'react';
import { Button, Grid, PlanCard, Section } from '@portal/ui';
import { MINIMUM_ENROLLMENT_AGE } from '@portal/client';
import { messages, useT } from '../i18n.ts';
import { pricingPlans } from '../pricing.ts';

export interface PricingSectionProps {
  /** Takes the user to the sign-in options (the 'Sign Up' buttons). */
  onSignUp: () => void;
}

/** Enhanced, Concierge and Decline (Opt Out) cards with the age note. */
export function PricingSection({ onSignUp }: PricingSectionProps) {
  const t = useT();
  const locale = messages.useLocale();
  const plans = useMemo(() => pricingPlans(t, locale), [t, locale]);
  return (
    <Section id="membership-plans" title={t('pricing.title')} description={<p>{t('pricing.description', { age: MINIMUM_ENROLLMENT_AGE })}</p>}>
      <Grid as="div" minColumnWidth="17rem" gap={5} className="ui-plan-grid">
        {plans.map((plan) => (
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
                aria-label={t('pricing.signUp.label', { plan: plan.title })}
                onClick={onSignUp}
              >
                {t('pricing.signUp')}
              </Button>
            }
          />
        ))}
      </Grid>
    </Section>
  );
}
