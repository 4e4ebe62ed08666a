import { StrictMode, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ButtonLink, Container, EmptyState } from '@portal/ui';
import { createPortalQueryClient, normalizePath, useLocation } from '@portal/client';
import type { PortalCustomProps } from '@portal/client';
import { BookingPage } from './pages/BookingPage.tsx';
import { PracticeLocationPage } from './pages/PracticeLocationPage.tsx';
import { EarlierSlotPage } from './pages/EarlierSlotPage.tsx';
import { useT } from './i18n.ts';

export type BookingRootProps = Partial<PortalCustomProps> & { name?: string };

function BookingRoutes() {
  const location = useLocation();
  const path = normalizePath(location.pathname);
  const t = useT();
  if (path === '/appointments' || path === '/appointments/booking') {
    // Every navigation here starts the wizard again at its first step: the account menu's
    // 'Manage Appointments' on the confirmation (the same address), or leaving a reschedule for
    // /appointments (decision 0050).
    return <BookingPage key={location.key} search={location.searchParams} />;
  }
  if (path === '/appointments/practice-location') return <PracticeLocationPage />;
  if (path === '/appointments/earlier-slot') return <EarlierSlotPage />;
  return (
    <Container size="md">
      <EmptyState headingLevel={1} title={t('page.notFound')} actions={<ButtonLink href="/appointments">{t('page.title')}</ButtonLink>} />
    </Container>
  );
}

/** The booking micro-frontend: /appointments, /appointments/booking, /appointments/practice-location and /appointments/earlier-slot. */
export function BookingRoot({ queryClient }: BookingRootProps) {
  // The shell hands over the page's QueryClient (and with it the session it polls); a bare
  // mount (tests) gets its own.
  const [fallbackClient] = useState(() => (queryClient ? null : createPortalQueryClient()));
  const client = queryClient ?? fallbackClient;
  const page = <BookingRoutes />;
  return <StrictMode>{client ? <QueryClientProvider client={client}>{page}</QueryClientProvider> : page}</StrictMode>;
}
