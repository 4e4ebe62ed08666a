import { useMemo, useState } from 'react';
import { Badge, Grid, PlanCard } from '@portal/ui';
import type { TierCode } from '@portal/client';
import { ConciergeDialog } from './ConciergeDialog.tsx';
import { messages, useT } from '../i18n.ts';
import { needsConciergeAcknowledgment, selectLabel, tierName, tierPlans } from '../tiers.ts';

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
  const t = useT();
  const locale = messages.useLocale();
  const plans = useMemo(() => tierPlans({ t, locale }), [t, locale]);
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
        {plans.map((plan) => {
          const checked = value === plan.code;
          return (
            <PlanCard
              key={plan.code}
              headingLevel={headingLevel}
              title={plan.name}
              subtitle={plan.concierge ? t('tiers.subtitle.concierge') : plan.decline ? t('tiers.subtitle.decline') : 'Enhanced'}
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
                    aria-label={selectLabel(plan, t)}
                    className="enrollment-plan-select__control"
                  />
                  <span aria-hidden="true">{checked ? t('tiers.selected') : t('tiers.select')}</span>
                </label>
              }
            />
          );
        })}
      </Grid>
      <ConciergeDialog
        planName={pendingConcierge ? tierName(pendingConcierge, t) : null}
        onCancel={() => setPendingConcierge(null)}
        onConfirm={() => {
          if (pendingConcierge) onChange(pendingConcierge);
          setPendingConcierge(null);
        }}
      />
    </fieldset>
  );
}
