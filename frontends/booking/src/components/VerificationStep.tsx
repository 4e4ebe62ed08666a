import { useEffect } from 'react';
import { AlertIcon, ButtonLink, CheckIcon, EmptyState, LoadingState, Stack } from '@portal/ui';
import { VERIFIED_REDIRECT_MS } from '../booking-flow.ts';
import { useT } from '../i18n.ts';
import { StepHeading } from './StepHeading.tsx';

/**
 * Guest step 0 (booking-dashboard-staff §5): a verified_ token and a phone, else 'Verification
 * Required'. Verified: 'Verification complete', then after 2 seconds the patient information step.
 */
export function VerificationStep({ verified, onVerified }: { verified: boolean; onVerified: () => void }) {
  const t = useT();
  useEffect(() => {
    if (!verified) return undefined;
    const timer = window.setTimeout(onVerified, VERIFIED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [verified, onVerified]);

  if (verified) {
    return (
      <Stack gap={4}>
        <div className="booking-confirmed">
          <span className="booking-confirmed__icon" aria-hidden="true">
            <CheckIcon size={24} />
          </span>
          <StepHeading focusOnMount={false}>{t('verification.complete')}</StepHeading>
        </div>
        <p role="status">{t('verification.verified')}</p>
        <LoadingState compact label={t('verification.continuing')} />
      </Stack>
    );
  }
  return (
    <EmptyState
      headingLevel={2}
      icon={<AlertIcon size={28} />}
      title={t('verification.title')}
      description={<p role="alert">{t('verification.text')}</p>}
      actions={
        <>
          <ButtonLink href="/guest-login?return=%2Fappointments%3Fverified%3Dtrue">{t('verification.verify')}</ButtonLink>
          <ButtonLink href="/appointment-auth" variant="secondary">
            {t('verification.signIn')}
          </ButtonLink>
        </>
      }
    />
  );
}
