import { StrictMode, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ButtonLink, Container, EmptyState, createPortalQueryClient, useLocation } from '@portal/ui';
import type { PortalCustomProps } from '@portal/ui';
import { screenFor } from './flow.ts';
import { usePatientSwitchRedirect } from './patient-switch.ts';
import { BillingReturnPage } from './pages/BillingReturnPage.tsx';
import { DeclinationConfirmationPage } from './pages/DeclinationConfirmationPage.tsx';
import { MembershipTierPage } from './pages/MembershipTierPage.tsx';
import { PayReturnPage } from './pages/PayReturnPage.tsx';
import { PracticeLocationPage } from './pages/PracticeLocationPage.tsx';
import { SignaturePage } from './pages/SignaturePage.tsx';
import { StartPage } from './pages/StartPage.tsx';

export type EnrollmentRootProps = Partial<PortalCustomProps> & { name?: string };

function EnrollmentRoutes() {
  const location = useLocation();
  usePatientSwitchRedirect();
  const screen = screenFor(location.pathname, location.searchParams);
  switch (screen.screen) {
    case 'start':
      return <StartPage />;
    case 'signature':
      return <SignaturePage key={screen.enrollmentId} enrollmentId={screen.enrollmentId} />;
    case 'practice-location':
      return <PracticeLocationPage />;
    case 'membership-tier':
      return <MembershipTierPage />;
    case 'declination':
      return <DeclinationConfirmationPage key={screen.enrollmentId ?? ''} enrollmentId={screen.enrollmentId} />;
    case 'pay-return':
      return <PayReturnPage />;
    case 'billing-return':
      return <BillingReturnPage />;
    default:
      return (
        <Container size="md">
          <EmptyState headingLevel={1} title="Page not found" actions={<ButtonLink href="/enrollment">Start enrollment</ButtonLink>} />
        </Container>
      );
  }
}

/** The enrollment micro-frontend: /enrollment, its provider-login sub-screens, /declination-confirmation, /pay/return and /billing/return. */
export function EnrollmentRoot({ queryClient }: EnrollmentRootProps) {
  // The shell hands over the page's QueryClient (and with it the session it polls); a bare
  // mount (tests) gets its own.
  const [fallbackClient] = useState(() => (queryClient ? null : createPortalQueryClient()));
  const client = queryClient ?? fallbackClient;
  const page = <EnrollmentRoutes />;
  return <StrictMode>{client ? <QueryClientProvider client={client}>{page}</QueryClientProvider> : page}</StrictMode>;
}
