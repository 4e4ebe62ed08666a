import { Stack } from '@portal/ui';
import { TierPlanPicker } from '../components/TierPlanPicker.tsx';
import { useT } from '../i18n.ts';
import { GuestFormSection } from './GuestFormSection.tsx';
import type { GuestFormState } from './use-guest-form.ts';

/** The 'Membership Tiers' section: the plan picker and its error. */
export function MembershipTierSection({ form }: { form: GuestFormState }) {
  const t = useT();
  const error = form.fieldError('membershipTier');
  return (
    <GuestFormSection form={form} section="membership-tiers" title={t('guest.section.membershipTiers')}>
      <Stack gap={3}>
        <p className="ui-help-text">{t('tiers.intro')}</p>
        <TierPlanPicker
          legend={t('guest.section.membershipTiers')}
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
