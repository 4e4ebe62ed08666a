import type { FormEvent } from 'react';
import { CardContent, Field, Input, Select, Stack } from '@portal/ui';
import { PRACTICE_LOCATIONS, formatDollars } from '@portal/client';
import { STATE_MAX_LENGTH, ZIP_MAX_LENGTH } from '../staff-portal.ts';
import { PAID_TIERS, type SubscriptionForm } from './staff-subscription.ts';
import { SectionCard, SubmitOrStartOver } from './SectionCard.tsx';

/** The 'Create Subscription' card: tier, billing email and address, location, payment method. */
export function CreateSubscription({
  form,
  set,
  creating,
  disabled,
  onCreate,
  onStartOver,
}: {
  form: SubscriptionForm;
  set: (key: keyof SubscriptionForm) => (value: string) => void;
  creating: boolean;
  disabled: boolean;
  onCreate: (event: FormEvent) => Promise<void>;
  onStartOver: () => void;
}) {
  return (
    <SectionCard title="Create Subscription" description="Staff can create subscriptions for the four paid membership tiers.">
      <form onSubmit={(event) => void onCreate(event)}>
        <CardContent>
          <Stack gap={3}>
            <Field label="Membership Tier" required>
              <Select value={form.membershipTier} onChange={(event) => set('membershipTier')(event.target.value)}>
                {PAID_TIERS.map((tier) => (
                  <option key={tier.code} value={tier.code}>
                    {tier.name} — {formatDollars(tier.priceCents)} / {tier.interval}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Billing Email" required>
              <Input type="email" required value={form.email} maxLength={254} onChange={(event) => set('email')(event.target.value)} />
            </Field>
            <Field label="Address Line 1" required>
              <Input required value={form.line1} maxLength={200} onChange={(event) => set('line1')(event.target.value)} />
            </Field>
            <Field label="Address Line 2">
              <Input value={form.line2} maxLength={200} onChange={(event) => set('line2')(event.target.value)} />
            </Field>
            <div className="staff-address-grid">
              <Field label="City" required>
                <Input required value={form.city} maxLength={100} onChange={(event) => set('city')(event.target.value)} />
              </Field>
              <Field label="State" required>
                <Input required value={form.state} maxLength={STATE_MAX_LENGTH} onChange={(event) => set('state')(event.target.value.toUpperCase())} />
              </Field>
              <Field label="ZIP Code" required>
                <Input required value={form.postalCode} maxLength={ZIP_MAX_LENGTH} inputMode="numeric" onChange={(event) => set('postalCode')(event.target.value)} />
              </Field>
            </div>
            <Field label="Practice Location" required>
              <Select value={form.department} onChange={(event) => set('department')(event.target.value)}>
                {PRACTICE_LOCATIONS.map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.name}
                  </option>
                ))}
              </Select>
            </Field>
            <fieldset className="staff-radios">
              <legend>Payment Method</legend>
              <label>
                <input type="radio" name="paymentMethod" value="card" checked={form.paymentMethod === 'card'} onChange={() => set('paymentMethod')('card')} /> Credit / Debit Card
              </label>
              <label>
                <input type="radio" name="paymentMethod" value="manual_payment" checked={form.paymentMethod === 'manual_payment'} onChange={() => set('paymentMethod')('manual_payment')} /> Manual Payment (invoice emailed)
              </label>
            </fieldset>
          </Stack>
        </CardContent>
        <SubmitOrStartOver label="Create Subscription" loading={creating} loadingText="Creating subscription..." disabled={disabled} onStartOver={onStartOver} />
      </form>
    </SectionCard>
  );
}
