import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  AlertIcon,
  Button,
  CheckIcon,
  ButtonLink,
  Container,
  EmptyState,
  LoadingState,
  PageHeader,
  ProgressBar,
  Stack,
} from '@portal/ui';
import {
  api,
  navigate,
} from '@portal/client';
import type { EnrollmentRecord } from '@portal/contracts';
import { DocumentSigning } from '../components/DocumentSigning.tsx';
import { EnrollmentConfirmation } from '../components/EnrollmentConfirmation.tsx';
import { PaymentStep } from '../components/PaymentStep.tsx';
import { TopLinks } from '../components/TopLinks.tsx';
import { UserGate } from '../components/UserGate.tsx';
import { isNotFoundError } from '../declination.ts';
import { fetchEnrollment } from '../enrollment-api.ts';
import { DASHBOARD_HREF, ENROLLMENT_PATH, declinationPath } from '../flow.ts';
import { usePaymentT } from '../payment/i18n.ts';
import type { PaymentMessageId } from '../payment/i18n.ts';
import { PRIVACY_ADVANCE_MS } from '../signing.ts';
import { afterPayment, afterSignature, backFromPayment, progressOf, resumeTarget, signedSteps } from '../wizard.ts';
import type { WizardPath } from '../wizard.ts';

type Translate = (id: PaymentMessageId, values?: Readonly<Record<string, string | number>>) => string;
type SigningStep = 'signature' | 'privacy' | 'payment' | 'confirmation';

/** The step's title in the page's language (wizard.ts's English: the provider path's signing step is 'Membership Agreement'). */
const titleOf = (t: Translate, path: WizardPath, step: SigningStep): string =>
  t('steps.title', { step: step === 'signature' && path === 'provider' ? 'agreement' : step });

/**
 * /enrollment?id={id}&step=signature: both paths arrive here after the enrollment is created, and
 * the resume link is the same URL. Loads the enrollment and lands on its step: signing (pending),
 * the privacy notice (signed, new patient), payment (signed existing patient, privacy signed),
 * or the declination confirmation (declined).
 */
export function SignaturePage({ enrollmentId }: { enrollmentId: string }) {
  const t = usePaymentT();
  useEffect(() => {
    document.title = t('page.title', { title: t('steps.title', { step: 'agreement' }) });
  }, [t]);
  return (
    <UserGate loadingLabel={t('resume.verifyingSession')}>
      {(user) => <EnrollmentResume enrollmentId={enrollmentId} path={user.kind === 'provider' ? 'provider' : 'guest'} />}
    </UserGate>
  );
}

function EnrollmentResume({ enrollmentId, path }: { enrollmentId: string; path: WizardPath }) {
  const t = usePaymentT();
  const query = useQuery<EnrollmentRecord>({
    queryKey: ['/api/enrollments', enrollmentId],
    queryFn: ({ signal }) => fetchEnrollment(api, enrollmentId, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const target = query.data ? resumeTarget(query.data) : null;

  useEffect(() => {
    if (target?.kind === 'declined') navigate(declinationPath(enrollmentId), { replace: true });
  }, [target?.kind, enrollmentId]);

  if (query.isPending) {
    return (
      <Container size="md">
        <LoadingState label={t('resume.loading')} />
      </Container>
    );
  }

  // Only when there is nothing to show: a failed background refetch keeps the step in progress
  // (unmounting the wizard would drop a card being typed or a payment being confirmed).
  if (query.isError && query.data === undefined) {
    const notFound = isNotFoundError(query.error);
    return (
      <Container size="md">
        <EmptyState
          headingLevel={1}
          tone={notFound ? 'neutral' : 'destructive'}
          icon={<AlertIcon size={28} />}
          title={notFound ? t('resume.notFound.title') : t('resume.loadError.title')}
          description={
            notFound ? (
              <p>{t('resume.notFound.text')}</p>
            ) : (
              <p role="alert">{t('resume.loadError.text')}</p>
            )
          }
          actions={
            <>
              {notFound ? (
                <ButtonLink href={ENROLLMENT_PATH}>{t('resume.startEnrollment')}</ButtonLink>
              ) : (
                <Button onClick={() => void query.refetch()}>{t('common.tryAgain')}</Button>
              )}
              <ButtonLink href={DASHBOARD_HREF} variant="secondary">
                {t('common.goToDashboard')}
              </ButtonLink>
            </>
          }
        />
      </Container>
    );
  }

  const record = query.data;
  if (!target || target.kind === 'declined') {
    return (
      <Container size="md">
        <LoadingState label={t('resume.openingConfirmation')} />
      </Container>
    );
  }
  if (target.kind === 'cancelled') {
    return (
      <Container size="md">
        <EmptyState
          headingLevel={1}
          title={t('resume.cancelled.title')}
          description={<p>{t('resume.cancelled.text')}</p>}
          actions={<ButtonLink href={ENROLLMENT_PATH}>{t('resume.startEnrollment')}</ButtonLink>}
        />
      </Container>
    );
  }
  return <WizardSteps key={record.id} record={record} path={path} initialStep={target.step} />;
}

function WizardSteps({ record, path, initialStep }: { record: EnrollmentRecord; path: WizardPath; initialStep: SigningStep }) {
  const t = usePaymentT();
  const [step, setStep] = useState<SigningStep>(initialStep);
  const [signed, setSigned] = useState(() => signedSteps(record.status));
  const [requiresPrivacy, setRequiresPrivacy] = useState(record.patientStatus === 'new');
  const [receiptUrl, setReceiptUrl] = useState<string | null>(null);
  const headingRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  const newPatient = requiresPrivacy;
  const progress = progressOf(path, step, newPatient);

  useEffect(() => {
    // Each step starts at the top of the page (the form before it may have been scrolled far down).
    window.scrollTo({ top: 0 });
    // Move focus to the new step's heading (not on first load: the shell handles that).
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [path, step]);
  // The tab's title, again when the page's language changes.
  useEffect(() => {
    document.title = t('page.title', { title: titleOf(t, path, step) });
  }, [t, path, step]);

  // Privacy: Payment follows 1.5 s after the notice is uploaded.
  const [privacyJustSigned, setPrivacyJustSigned] = useState(false);
  useEffect(() => {
    if (!privacyJustSigned || step !== 'privacy') return undefined;
    const timer = window.setTimeout(() => setStep('payment'), PRIVACY_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [privacyJustSigned, step]);

  return (
    <Container size="md">
      <Stack gap={5}>
        <TopLinks />
        <ProgressBar title={titleOf(t, path, step)} percent={progress.percent} />
        <div ref={headingRef}>
          {step === 'signature' ? (
            <PageHeader
              title={titleOf(t, path, 'signature')}
              description={<p>{t('signature.intro')}</p>}
            />
          ) : step === 'privacy' ? (
            <PageHeader
              title={titleOf(t, path, 'privacy')}
              description={<p>{t('privacy.intro')}</p>}
            />
          ) : step === 'payment' ? (
            <PageHeader title={titleOf(t, path, 'payment')} description={<p>{t('payment.intro')}</p>} />
          ) : (
            <PageHeader
              eyebrow={
                <span className="enrollment-confirmed">
                  <CheckIcon size={18} /> {t('confirmation.eyebrow')}
                </span>
              }
              title={titleOf(t, path, 'confirmation')}
              description={<p>{t('confirmation.intro')}</p>}
            />
          )}
        </div>

        {step === 'signature' ? (
          <>
            <DocumentSigning
              kind="agreement"
              enrollmentId={record.id}
              alreadySigned={signed.agreement}
              onSigned={(result) => {
                setSigned((current) => ({ ...current, agreement: true }));
                setRequiresPrivacy(result.requiresPrivacyPractices);
              }}
            />
            <div className="ui-actions">
              <Button size="lg" className="ui-actions__primary" disabled={!signed.agreement} onClick={() => setStep(afterSignature(requiresPrivacy))}>
                {t('common.continue')}
              </Button>
            </div>
          </>
        ) : null}

        {step === 'privacy' ? (
          <>
            <DocumentSigning
              kind="privacy"
              enrollmentId={record.id}
              alreadySigned={signed.privacy}
              onSigned={() => {
                setSigned((current) => ({ ...current, privacy: true }));
                setPrivacyJustSigned(true);
              }}
            />
            {signed.privacy ? (
              <div className="ui-actions">
                <Button size="lg" className="ui-actions__primary" onClick={() => setStep('payment')}>
                  {t('common.continue')}
                </Button>
              </div>
            ) : null}
          </>
        ) : null}

        {step === 'payment' ? (
          <PaymentStep
            record={record}
            provider={path === 'provider'}
            onBack={() => setStep(backFromPayment(newPatient))}
            onPaid={(url) => {
              setReceiptUrl(url);
              setStep(afterPayment());
            }}
          />
        ) : null}

        {step === 'confirmation' ? <EnrollmentConfirmation record={record} receiptUrl={receiptUrl} /> : null}
      </Stack>
    </Container>
  );
}
