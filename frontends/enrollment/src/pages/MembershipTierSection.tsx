import { Stack } from '@portal/ui';
import { TierPlanPicker } from '../components/TierPlanPicker.tsx';
import { SECTION_MEMBERSHIP_TIERS } from '../messages.ts';
import { GuestFormSection } from './GuestFormSection.tsx';
import type { GuestFormState } from './use-guest-form.ts';

/** The 'Membership Tiers' section: the plan picker and its error. */
export function MembershipTierSection({ form }: { form: GuestFormState }) {
  const error = form.fieldError('membershipTier');
  return (
    <GuestFormSection form={form} section="membership-tiers" title={SECTION_MEMBERSHIP_TIERS}>
      <Stack gap={3}>
        <p className="ui-help-text">Concierge plans are for patients of select doctors. Membership is optional.</p>
        <TierPlanPicker
          legend={SECTION_MEMBERSHIP_TIERS}
          headingLevel={3}
          value={form.values.membershipTier}
          invalid={error !== undefined}
          describedBy={error ? 'enrollment-membershipTier-error' : undefined}
          onChange={(code) => {
            form.setValues((current) => ({ ...current, membershipTier: code }));
            form.clearServerError('membershipTier');
          }}
        />
        {error ? (
          <p id="enrollment-membershipTier-error" className="ui-error-text">
            {error}
          </p>
        ) : null}
      </Stack>
    </GuestFormSection>
  );
}
