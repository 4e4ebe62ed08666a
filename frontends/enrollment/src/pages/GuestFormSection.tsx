import type { ReactNode } from 'react';
import { AccordionSection } from '@portal/ui';
import { PANEL_IDS } from './use-guest-form.ts';
import type { GuestFormState } from './use-guest-form.ts';

/** One accordion section of the guest form, marked complete, or needing attention after a submit. */
export function GuestFormSection({
  form,
  section,
  title,
  children,
}: {
  form: GuestFormState;
  section: 'patient-status' | 'patient-information' | 'membership-tiers';
  title: string;
  children: ReactNode;
}) {
  return (
    <AccordionSection id={PANEL_IDS[section]} title={title} value={section} complete={form.sections[section]} invalid={form.submitted && !form.sections[section]}>
      {children}
    </AccordionSection>
  );
}
