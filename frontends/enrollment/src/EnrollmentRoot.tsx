import { StrictMode, Suspense, lazy, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ButtonLink, Container, EmptyState, LoadingState } from '@portal/ui';
import { createPortalQueryClient, useLocation } from '@portal/client';
import type { PortalCustomProps } from '@portal/client';
import { screenFor } from './flow.ts';
import { useT } from './i18n.ts';
import { usePatientSwitchRedirect } from './patient-switch.ts';

// Each screen is a chunk of its own, loaded when its path is visited (issue 15, decision 0034).
const BillingReturnPage = lazy(() => import('./pages/BillingReturnPage.tsx').then((module) => ({ default: module.BillingReturnPage })));
const DeclinationConfirmationPage = lazy(() =>
  import('./pages/DeclinationConfirmationPage.tsx').then((module) => ({ default: module.DeclinationConfirmationPage })),
);
const MembershipTierPage = lazy(() => import(/* webpackChunkName: "enrollment-membership-tier" */ './pages/MembershipTierPage.tsx').then((module) => ({ default: module.MembershipTierPage })));
const PayReturnPage = lazy(() => import('./pages/PayReturnPage.tsx').then((module) => ({ default: module.PayReturnPage })));
const PracticeLocationPage = lazy(() => import(/* webpackChunkName: "enrollment-practice-location" */ './pages/PracticeLocationPage.tsx').then((module) => ({ default: module.PracticeLocationPage })));
const SignaturePage = lazy(() => import('./pages/SignaturePage.tsx').then((module) => ({ default: module.SignaturePage })));
const StartPage = lazy(() => import(/* webpackChunkName: "enrollment-start" */ './pages/StartPage.tsx').then((module) => ({ default: module.StartPage })));

export type EnrollmentRootProps = Partial<PortalCustomProps> & { name?: string };

function EnrollmentRoutes() {
  const t = useT();
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
          <EmptyState headingLevel={1} title={t('root.notFound.title')} actions={<ButtonLink href="/enrollment">{t('root.notFound.start')}</ButtonLink>} />
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
  const t = useT();
  const page = (
    <Suspense
      fallback={
        <Container size="md">
          <LoadingState label={t('common.loading')} />
        </Container>
      }
    >
      <EnrollmentRoutes />
    </Suspense>
  );
  return <StrictMode>{client ? <QueryClientProvider client={client}>{page}</QueryClientProvider> : page}</StrictMode>;
}
