import { useEffect } from 'react';
import { Accordion, Alert, Button, Container, PageHeader, ProgressBar, Stack } from '@portal/ui';
import type { GuestIdentity, TierCode } from '@portal/client';
import { TopLinks } from '../components/TopLinks.tsx';
import { useT } from '../i18n.ts';
import { isDeclineTier, submitLabel } from '../tiers.ts';
import { progressOf } from '../wizard.ts';
import { CaregiverSection } from './CaregiverSection.tsx';
import { ErrorSummary } from './ErrorSummary.tsx';
import { MembershipTierSection } from './MembershipTierSection.tsx';
import { PatientInformationSection } from './PatientInformationSection.tsx';
import { PatientStatusSection } from './PatientStatusSection.tsx';
import { ACCORDION_SECTIONS, useGuestForm } from './use-guest-form.ts';
import type { Open } from './use-guest-form.ts';

/**
 * /enrollment for a verified guest: step 1 'Patient Info' (email and phone were verified on
 * /guest-login, step 0). Saving creates the enrollment (POST /api/enrollments) and goes on to
 * signing, or to the declination confirmation for a decline tier.
 */
export function GuestEnrollmentPage({ guest }: { guest: GuestIdentity }) {
  const t = useT();
  useEffect(() => {
    document.title = t('title.patientInfo');
  }, [t]);
  // One form per verified identity: a new verification starts a new form.
  return <GuestForm key={`${guest.email}|${guest.phone}`} guest={guest} />;
}

function GuestForm({ guest }: { guest: GuestIdentity }) {
  const t = useT();
  const form = useGuestForm(guest);
  const { values, open } = form;
  const progress = progressOf('guest', 'patient-info', form.newPatient, t);
  const tier = values.membershipTier === '' ? null : (values.membershipTier as TierCode);

  return (
    <Container size="lg">
      <Stack gap={5}>
        <TopLinks />
        <ProgressBar title={progress.title} percent={progress.percent} />
        <PageHeader
          title={t('guest.title')}
          description={<p>{t('guest.description')}</p>}
        />

        {form.submitted && form.errorOrder.length > 0 ? <ErrorSummary summaryRef={form.summaryRef} errorOrder={form.errorOrder} errors={form.errors} onGoToField={form.goToField} /> : null}

        <form noValidate onSubmit={form.onSubmit} aria-label={t('guest.title')}>
          <Stack gap={4}>
            <CaregiverSection form={form} />

            <Accordion
              value={ACCORDION_SECTIONS.filter((section) => open[section])}
              onValueChange={(value) => form.setOpen(Object.fromEntries(ACCORDION_SECTIONS.map((section) => [section, value.includes(section)])) as Open)}
            >
              <PatientStatusSection form={form} />
              <PatientInformationSection form={form} />
              <MembershipTierSection form={form} />
            </Accordion>

            {form.failure ? (
              <Alert variant="destructive" role="alert" title={form.failure.title}>
                <p>{form.failure.description}</p>
              </Alert>
            ) : null}

            <div className="ui-actions">
              <Button
                type="submit"
                size="lg"
                className="ui-actions__primary"
                loading={form.saving}
                variant={tier && isDeclineTier(tier) ? 'secondary' : 'primary'}
              >
                {submitLabel(tier, t)}
              </Button>
            </div>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
