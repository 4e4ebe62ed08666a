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
import { ENROLLMENT_NOT_FOUND_TITLE } from '../messages.ts';
import { PRIVACY_ADVANCE_MS } from '../signing.ts';
import { afterPayment, afterSignature, backFromPayment, progressOf, resumeTarget, signedSteps, stepTitle } from '../wizard.ts';
import type { WizardPath } from '../wizard.ts';

/**
 * /enrollment?id={id}&step=signature: both paths arrive here after the enrollment is created, and
 * the resume link is the same URL. Loads the enrollment and lands on its step: signing (pending),
 * the privacy notice (signed, new patient), payment (signed existing patient, privacy signed),
 * or the declination confirmation (declined).
 */
export function SignaturePage({ enrollmentId }: { enrollmentId: string }) {
  useEffect(() => {
    document.title = 'Membership Agreement | Member Enrollment';
  }, []);
  return (
    <UserGate loadingLabel="Verifying your session...">
      {(user) => <EnrollmentResume enrollmentId={enrollmentId} path={user.kind === 'provider' ? 'provider' : 'guest'} />}
    </UserGate>
  );
}

function EnrollmentResume({ enrollmentId, path }: { enrollmentId: string; path: WizardPath }) {
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
        <LoadingState label="Loading your enrollment..." />
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
          title={notFound ? ENROLLMENT_NOT_FOUND_TITLE : "We couldn't load your enrollment"}
          description={
            notFound ? (
              <p>We could not find this enrollment for your account. The link may be old, or it may belong to someone else.</p>
            ) : (
              <p role="alert">Please check your connection and try again.</p>
            )
          }
          actions={
            <>
              {notFound ? <ButtonLink href={ENROLLMENT_PATH}>Start enrollment</ButtonLink> : <Button onClick={() => void query.refetch()}>Try again</Button>}
              <ButtonLink href={DASHBOARD_HREF} variant="secondary">
                Go to Dashboard
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
        <LoadingState label="Opening your confirmation..." />
      </Container>
    );
  }
  if (target.kind === 'cancelled') {
    return (
      <Container size="md">
        <EmptyState
          headingLevel={1}
          title="This enrollment was cancelled"
          description={<p>You can start a new enrollment at any time.</p>}
          actions={<ButtonLink href={ENROLLMENT_PATH}>Start enrollment</ButtonLink>}
        />
      </Container>
    );
  }
  return <WizardSteps key={record.id} record={record} path={path} initialStep={target.step} />;
}

type SigningStep = 'signature' | 'privacy' | 'payment' | 'confirmation';

function WizardSteps({ record, path, initialStep }: { record: EnrollmentRecord; path: WizardPath; initialStep: SigningStep }) {
  const [step, setStep] = useState<SigningStep>(initialStep);
  const [signed, setSigned] = useState(() => signedSteps(record.status));
  const [requiresPrivacy, setRequiresPrivacy] = useState(record.patientStatus === 'new');
  const [receiptUrl, setReceiptUrl] = useState<string | null>(null);
  const headingRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  const newPatient = requiresPrivacy;
  const progress = progressOf(path, step, newPatient);

  useEffect(() => {
    document.title = `${stepTitle(path, step)} | Member Enrollment`;
    // Each step starts at the top of the page (the form before it may have been scrolled far down).
    window.scrollTo({ top: 0 });
    // Move focus to the new step's heading (not on first load: the shell handles that).
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [path, step]);

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
        <ProgressBar title={progress.title} percent={progress.percent} />
        <div ref={headingRef}>
          {step === 'signature' ? (
            <PageHeader
              title={stepTitle(path, 'signature')}
              description={<p>Please read and sign the membership agreement below. It opens in a moment.</p>}
            />
          ) : step === 'privacy' ? (
            <PageHeader
              title={stepTitle(path, 'privacy')}
              description={<p>As a new patient, please read and sign our Notice of Privacy Practices (HIPAA notice).</p>}
            />
          ) : step === 'payment' ? (
            <PageHeader title={stepTitle(path, 'payment')} description={<p>Enter your card to start your membership.</p>} />
          ) : (
            <PageHeader
              eyebrow={
                <span className="enrollment-confirmed">
                  <CheckIcon size={18} /> Payment complete
                </span>
              }
              title={stepTitle(path, 'confirmation')}
              description={<p>Thank you for enrolling. Your membership is now active.</p>}
            />
          )}
        </div>

        {step === 'signature' ? (
          <>
            <DocumentSigning
              kind="agreement"
              documentName="membership agreement"
              enrollmentId={record.id}
              alreadySigned={signed.agreement}
              onSigned={(result) => {
                setSigned((current) => ({ ...current, agreement: true }));
                setRequiresPrivacy(result.requiresPrivacyPractices);
              }}
            />
            <div className="ui-actions">
              <Button size="lg" className="ui-actions__primary" disabled={!signed.agreement} onClick={() => setStep(afterSignature(requiresPrivacy))}>
                Continue
              </Button>
            </div>
          </>
        ) : null}

        {step === 'privacy' ? (
          <>
            <DocumentSigning
              kind="privacy"
              documentName="privacy practices notice"
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
                  Continue
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
