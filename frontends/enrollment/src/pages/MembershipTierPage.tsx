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
import { withStrong } from '../components/with-strong.tsx';
import { messages, useT } from '../i18n.ts';
import { readSelection } from '../selection.ts';
import type { EnrollmentSelection } from '../selection.ts';
import { isDeclineTier, submitLabel } from '../tiers.ts';
import { progressOf } from '../wizard.ts';


/**
 * /enrollment/membership-tier (provider-login step 1): the six plans; submitting creates the
 * enrollment (POST /api/enrollments/oauth) for the contact and location chosen on the previous
 * screen, then goes to signing, or to the declination confirmation for a decline.
 */
export function MembershipTierPage() {
  const t = useT();
  useEffect(() => {
    document.title = t('title.membershipTier');
  }, [t]);
  return <ProviderGate loadingLabel={t('gate.verifyingSession')}>{(provider) => <TierScreen provider={provider} />}</ProviderGate>;
}

function TierScreen({ provider }: { provider: ProviderState }) {
  const selection = useMemo(() => readSelection(provider.patientId), [provider.patientId]);

  useEffect(() => {
    if (selection) return;
    toast({ title: messages.t('gate.sessionError.title'), description: messages.t('gate.sessionIncomplete'), variant: 'destructive' });
    // 'Session Error: Please complete the verification steps.', then /enrollment/auth (§2, §8):
    // signed in, that leads back through the login page to the practice location step.
    navigate(ENROLLMENT_AUTH_REDIRECT, { replace: true });
  }, [selection]);

  if (!selection) return null;
  return <TierForm selection={selection} />;
}

function TierForm({ selection }: { selection: EnrollmentSelection }) {
  const t = useT();
  // Step 1 of the provider-login steps (a provider-login enrollment is always an existing patient's).
  const progress = progressOf('provider', 'tier', false, t);
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
      toast({ title: messages.t('tierPage.required'), variant: 'destructive' });
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
            {t('tierPage.changeLocation')}
          </ButtonLink>
        </TopLinks>
        <ProgressBar title={progress.title} percent={progress.percent} />
        <PageHeader title={t('tierPage.title')} description={<p>{t('tierPage.description')}</p>} />
        <Card className="enrollment-summary">
          <dl className="enrollment-summary__list">
            <div className="enrollment-summary__item">
              <UserIcon size={20} />
              <dt className="ui-visually-hidden">{t('tierPage.patient')}</dt>
              <dd>{withStrong((name) => t('tierPage.readyToEnroll', { name }), selection.contactName)}</dd>
            </div>
            <div className="enrollment-summary__item">
              <MapPinIcon size={20} />
              <dt>{t('tierPage.primaryPractice')}</dt>
              <dd>
                <strong>{practiceLocationName(selection.practiceLocation, t)}</strong>
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
                legend={t('tierPage.legend')}
                invalid={missingTier}
              />
            </div>

            {missingTier ? (
              <p id="enrollment-tier-error" className="ui-error-text" role="alert">
                {t('tierPage.required')}
              </p>
            ) : null}

            <Alert variant="info" title={t('tierPage.before.title')}>
              <ul className="enrollment-notes">
                <li>{t('tierPage.before.age', { age: MINIMUM_ENROLLMENT_AGE })}</li>
                <li>{t('tierPage.before.optional')}</li>
                {membershipDetailsUrl ? (
                  <li>
                    <a href={membershipDetailsUrl} target="_blank" rel="noreferrer">
                      {t('tierPage.before.details')}
                      <span className="ui-visually-hidden"> {t('common.opensInNewTab')}</span>
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
              <Button type="submit" size="lg" className="ui-actions__primary" loading={create.isPending} variant={tier && isDeclineTier(tier) ? 'secondary' : 'primary'}>
                {submitLabel(tier, t)}
              </Button>
            </div>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
