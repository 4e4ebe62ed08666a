import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Button,
  ButtonLink,
  Card,
  Container,
  MapPinIcon,
  PageHeader,
  ProgressBar,
  Stack,
  UserIcon,
} from '@portal/ui';
import {
  MINIMUM_ENROLLMENT_AGE,
  api,
  navigate,
  toast,
  usePractice,
} from '@portal/client';
import type { TierCode } from '@portal/client';
import { practiceLocationName } from '../location-form.ts';
import { TierPlanPicker } from '../components/TierPlanPicker.tsx';
import { ProviderGate } from '../components/ProviderGate.tsx';
import type { ProviderState } from '../components/ProviderGate.tsx';
import { TopLinks } from '../components/TopLinks.tsx';
import { createOAuthEnrollment } from '../enrollment-api.ts';
import { createEnrollmentErrorNotice } from '../errors.ts';
import type { ErrorNotice } from '../errors.ts';
import { ENROLLMENT_AUTH_REDIRECT, PRACTICE_LOCATION_PATH, afterCreatePath } from '../flow.ts';
import {
  PRIMARY_PRACTICE_LABEL,
  READY_TO_ENROLL_PREFIX,
  SESSION_ERROR_TITLE,
  SESSION_INCOMPLETE_TEXT,
  TIER_PAGE_TITLE,
  TIER_REQUIRED,
} from '../messages.ts';
import { readSelection } from '../selection.ts';
import type { EnrollmentSelection } from '../selection.ts';
import { submitLabel, tierPlan } from '../tiers.ts';
import { progressOf } from '../wizard.ts';

/** Step 1 of the provider-login steps (a provider-login enrollment is always an existing patient's). */
const TIER_PROGRESS = progressOf('provider', 'tier', false);

/**
 * /enrollment/membership-tier (provider-login step 1): the six plans; submitting creates the
 * enrollment (POST /api/enrollments/oauth) for the contact and location chosen on the previous
 * screen, then goes to signing, or to the declination confirmation for a decline.
 */
export function MembershipTierPage() {
  useEffect(() => {
    document.title = 'Choose Your Membership | Member Enrollment';
  }, []);
  return <ProviderGate loadingLabel="Verifying your session...">{(provider) => <TierScreen provider={provider} />}</ProviderGate>;
}

function TierScreen({ provider }: { provider: ProviderState }) {
  const selection = useMemo(() => readSelection(provider.patientId), [provider.patientId]);

  useEffect(() => {
    if (selection) return;
    toast({ title: SESSION_ERROR_TITLE, description: SESSION_INCOMPLETE_TEXT, variant: 'destructive' });
    // 'Session Error: Please complete the verification steps.', then /enrollment/auth (§2, §8):
    // signed in, that leads back through the login page to the practice location step.
    navigate(ENROLLMENT_AUTH_REDIRECT, { replace: true });
  }, [selection]);

  if (!selection) return null;
  return <TierForm selection={selection} />;
}

function TierForm({ selection }: { selection: EnrollmentSelection }) {
  const [tier, setTier] = useState<TierCode | null>(null);
  const [missingTier, setMissingTier] = useState(false);
  const [failure, setFailure] = useState<ErrorNotice | null>(null);
  const plansRef = useRef<HTMLDivElement>(null);
  const membershipDetailsUrl = usePractice().data?.membershipDetailsUrl;

  const create = useMutation({
    mutationFn: (membershipTier: TierCode) =>
      createOAuthEnrollment(api, {
        patientId: selection.contactId,
        practiceLocation: selection.practiceLocation,
        membershipTier,
      }),
    onSuccess: (created) => navigate(afterCreatePath(created)),
    onError: (error) => {
      const notice = createEnrollmentErrorNotice(error);
      setFailure(notice);
      toast({ title: notice.title, description: notice.description, variant: 'destructive' });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (create.isPending) return;
    if (!tier) {
      setMissingTier(true);
      toast({ title: TIER_REQUIRED, variant: 'destructive' });
      plansRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    setFailure(null);
    create.mutate(tier);
  };

  return (
    <Container size="xl">
      <Stack gap={5}>
        <TopLinks>
          <ButtonLink href={PRACTICE_LOCATION_PATH} variant="ghost" size="sm">
            Change location or contact
          </ButtonLink>
        </TopLinks>
        <ProgressBar title={TIER_PROGRESS.title} percent={TIER_PROGRESS.percent} />
        <PageHeader title={TIER_PAGE_TITLE} description={<p>Pick the plan that fits you. You can cancel a paid plan at any time.</p>} />
        <Card className="enrollment-summary">
          <dl className="enrollment-summary__list">
            <div className="enrollment-summary__item">
              <UserIcon size={20} />
              <dt className="ui-visually-hidden">Patient</dt>
              <dd>
                {READY_TO_ENROLL_PREFIX}
                <strong>{selection.contactName}</strong>
              </dd>
            </div>
            <div className="enrollment-summary__item">
              <MapPinIcon size={20} />
              <dt>{PRIMARY_PRACTICE_LABEL}</dt>
              <dd>
                <strong>{practiceLocationName(selection.practiceLocation)}</strong>
              </dd>
            </div>
          </dl>
        </Card>

        <form noValidate onSubmit={onSubmit} id="enrollment-tier-form">
          <Stack gap={5}>
            <div ref={plansRef}>
              <TierPlanPicker
                value={tier ?? ''}
                onChange={(code) => {
                  setMissingTier(false);
                  setFailure(null);
                  setTier(code);
                }}
                describedBy={missingTier ? 'enrollment-tier-error' : undefined}
                legend="Membership plan"
                invalid={missingTier}
              />
            </div>

            {missingTier ? (
              <p id="enrollment-tier-error" className="ui-error-text" role="alert">
                {TIER_REQUIRED}
              </p>
            ) : null}

            <Alert variant="info" title="Before you choose">
              <ul className="enrollment-notes">
                <li>Memberships are open to patients aged {MINIMUM_ENROLLMENT_AGE} and older.</li>
                <li>The membership program is optional and does not affect your access to medically necessary care.</li>
                {membershipDetailsUrl ? (
                  <li>
                    <a href={membershipDetailsUrl} target="_blank" rel="noreferrer">
                      Read the membership details on our website
                      <span className="ui-visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </li>
                ) : null}
              </ul>
            </Alert>

            {failure ? (
              <Alert variant="destructive" role="alert" title={failure.title}>
                <p>{failure.description}</p>
              </Alert>
            ) : null}

            <div className="ui-actions">
              <Button type="submit" size="lg" className="ui-actions__primary" loading={create.isPending} variant={tier && tierPlan(tier).decline ? 'secondary' : 'primary'}>
                {submitLabel(tier)}
              </Button>
            </div>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
