import { useState } from 'react';
import { Badge, Grid, PlanCard } from '@portal/ui';
import type { TierCode } from '@portal/client';
import { ConciergeDialog } from './ConciergeDialog.tsx';
import { TIER_PLANS, needsConciergeAcknowledgment, selectLabel, tierPlan } from '../tiers.ts';

export interface TierPlanPickerProps {
  value: TierCode | '';
  onChange: (code: TierCode) => void;
  /** Id of an error message describing the group. */
  describedBy?: string | undefined;
  legend: string;
  /** Heading level of each card's title. */
  headingLevel?: 2 | 3;
  invalid?: boolean;
}

/**
 * The six plan cards as one radio group (the tier screen's cards): a concierge plan first asks
 * for the acknowledgment; Cancel discards the choice, 'I Understand' applies it.
 */
export function TierPlanPicker({ value, onChange, describedBy, legend, headingLevel = 3, invalid = false }: TierPlanPickerProps) {
  const [pendingConcierge, setPendingConcierge] = useState<TierCode | null>(null);

  const choose = (code: TierCode): void => {
    if (needsConciergeAcknowledgment(code) && code !== value) {
      setPendingConcierge(code);
      return;
    }
    onChange(code);
  };

  return (
    <fieldset className="enrollment-fieldset" role="radiogroup" aria-describedby={describedBy} aria-required="true" aria-invalid={invalid || undefined}>
      <legend className="ui-visually-hidden">{legend}</legend>
      <Grid minColumnWidth="15rem" gap={4} className="ui-plan-grid">
        {TIER_PLANS.map((plan) => {
          const checked = value === plan.code;
          return (
            <PlanCard
              key={plan.code}
              headingLevel={headingLevel}
              title={plan.name}
              subtitle={plan.concierge ? 'For select doctors only' : plan.decline ? 'Decline membership' : 'Enhanced'}
              badge={plan.badge ?? undefined}
              price={plan.price}
              priceUnit={plan.priceUnit}
              priceAlternative={plan.savings ? <Badge variant="success">{plan.savings}</Badge> : undefined}
              features={plan.features}
              highlighted={checked}
              className={checked ? 'enrollment-plan enrollment-plan--selected' : 'enrollment-plan'}
              action={
                <label className="enrollment-plan-select">
                  <input
                    type="radio"
                    name="guestMembershipTier"
                    value={plan.code}
                    checked={checked}
                    onChange={() => choose(plan.code)}
                    onClick={() => {
                      // A concierge plan whose acknowledgment was cancelled can be picked again.
                      if (!checked && pendingConcierge === null && needsConciergeAcknowledgment(plan.code)) choose(plan.code);
                    }}
                    aria-label={selectLabel(plan)}
                    className="enrollment-plan-select__control"
                  />
                  <span aria-hidden="true">{checked ? 'Selected' : 'Select'}</span>
                </label>
              }
            />
          );
        })}
      </Grid>
      <ConciergeDialog
        planName={pendingConcierge ? tierPlan(pendingConcierge).name : null}
        onCancel={() => setPendingConcierge(null)}
        onConfirm={() => {
          if (pendingConcierge) onChange(pendingConcierge);
          setPendingConcierge(null);
        }}
      />
    </fieldset>
  );
}
