import { useEffect } from 'react';
import { Alert, Container, FileTextIcon, PageHeader, ProgressBar, Stack } from '@portal/ui';
import { ProviderGate } from '../components/ProviderGate.tsx';
import { TopLinks } from '../components/TopLinks.tsx';
import { SIGNATURE_COMING_SOON, SIGNATURE_TITLE } from '../messages.ts';

/**
 * /enrollment?id={id}&step=signature (provider-login step 2). The e-signature step is later
 * work: this page only says the enrollment exists and that signing is coming.
 */
export function SignaturePage({ enrollmentId }: { enrollmentId: string }) {
  useEffect(() => {
    document.title = 'Membership Agreement | Member Enrollment';
  }, []);
  return (
    <ProviderGate loadingLabel="Verifying your session...">
      {() => (
        <Container size="md">
          <Stack gap={5}>
            <TopLinks />
            <ProgressBar title={SIGNATURE_TITLE} percent={50} />
            <PageHeader title={SIGNATURE_TITLE} />
            <Alert variant="info" role="status" title="Enrollment created">
              <p>{SIGNATURE_COMING_SOON}</p>
              <p className="enrollment-reference">
                <FileTextIcon size={16} /> Enrollment reference: <span className="ui-nowrap">{enrollmentId}</span>
              </p>
            </Alert>
          </Stack>
        </Container>
      )}
    </ProviderGate>
  );
}
