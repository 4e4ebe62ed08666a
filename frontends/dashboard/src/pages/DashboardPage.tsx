import { startTransition, useEffect, useState } from 'react';
import {
  AlertIcon,
  Button,
  ButtonLink,
  Container,
  EmptyState,
  Grid,
  LoadingState,
  Section,
  MembershipBadge,
  Stack,
} from '@portal/ui';
import {
  navigate,
  normalizePath,
  useAuthState,
} from '@portal/client';
import type { AuthState } from '@portal/client';
import { AppointmentsCard } from '../components/AppointmentsCard.tsx';
import { DependentsHint } from '../components/DependentsHint.tsx';
import { LearningHubCard } from '../components/LearningHubCard.tsx';
import { MembershipBillingCard } from '../components/MembershipBillingCard.tsx';
import { MembershipEnrollmentCard } from '../components/MembershipEnrollmentCard.tsx';
import { MembershipStatusCard } from '../components/MembershipStatusCard.tsx';
import { NurseLineCard } from '../components/NurseLineCard.tsx';
import { PatientInfoCard } from '../components/PatientInfoCard.tsx';
import { PatientPortalCard } from '../components/PatientPortalCard.tsx';
import { SignOutCard } from '../components/SignOutCard.tsx';
import { UpcomingAppointmentsCard } from '../components/UpcomingAppointmentsCard.tsx';
import { WelcomeBanner } from '../components/WelcomeBanner.tsx';
import { useSubscriptionStatus } from '../use-subscription-status.ts';
import { DASHBOARD_LOGIN_PATH, DASHBOARD_PATHS, welcomeFor } from '../welcome.ts';
import { useT } from '../i18n.ts';

/**
 * / and /dashboard (booking-dashboard-staff §2 'Dashboard'): the welcome greeting, the
 * dependents hint for provider-login users, whom a caregiver acts for, the membership badge, the
 * patient info card and the Membership Status card (provider-login users only: guests do not see
 * membership status), upcoming appointments (provider-login users), and the action cards:
 * Membership Billing, Membership Enrollment, Appointments, Nurse Phone Messaging, Patient Portal,
 * Sign Out and the Patient Learning Hub ('Coming Soon', provider-login users). Unauthenticated
 * visitors go to /login?return=/dashboard.
 */
export function DashboardPage() {
  const { state, isPending, isError, refetch } = useAuthState();
  const signedOut = !isPending && !isError && state.kind === 'unauthenticated';
  const t = useT();

  useEffect(() => {
    document.title = t('page.title');
  }, [t]);

  useEffect(() => {
    // Only while the dashboard is the page: a logout leaves for /logout-confirmation first.
    if (signedOut && DASHBOARD_PATHS.includes(normalizePath(window.location.pathname))) navigate(DASHBOARD_LOGIN_PATH, { replace: true });
  }, [signedOut]);

  if (state.kind === 'unauthenticated') {
    if (isPending) {
      return (
        <Container size="lg">
          <LoadingState label={t('page.loading')} />
        </Container>
      );
    }
    if (isError) {
      return (
        <Container size="md">
          <EmptyState
            headingLevel={1}
            tone="destructive"
            icon={<AlertIcon size={28} />}
            title={t('page.loadFailed.title')}
            description={<p role="alert">{t('page.loadFailed.text')}</p>}
            actions={
              <>
                <Button onClick={refetch}>{t('common.tryAgain')}</Button>
                <ButtonLink href={DASHBOARD_LOGIN_PATH} variant="secondary">
                  {t('page.loadFailed.signIn')}
                </ButtonLink>
              </>
            }
          />
        </Container>
      );
    }
    return (
      <Container size="lg">
        <LoadingState label={t('page.redirecting')} />
      </Container>
    );
  }

  return <Dashboard state={state} />;
}

function Dashboard({ state }: { state: Exclude<AuthState, { kind: 'unauthenticated' }> }) {
  const t = useT();
  const welcome = welcomeFor(t, state);
  const provider = state.kind === 'provider';
  const membership = useSubscriptionStatus(provider);
  // The cards that follow the membership status wait for it (guests are not asked it).
  const checkingMembership = provider && membership.isPending;
  // A provider-login user's action cards, below the four cards that fill the first screen, render
  // in a transition after them: React draws them in slices between which the browser can paint and
  // answer input, instead of one long first task on a slow phone (issue 15: the dashboard's total
  // blocking time). A guest's first screen is the action cards: they render at once.
  const [actionsDeferred, setActionsDeferred] = useState(provider);
  useEffect(() => startTransition(() => setActionsDeferred(false)), []);
  return (
    <Container size="lg">
      <Stack gap={6}>
        <WelcomeBanner
          welcome={welcome}
          membershipBadge={provider ? <MembershipBadge isPending={membership.isPending} data={membership.data} /> : null}
        />
        {provider ? <DependentsHint /> : null}
        {state.kind === 'provider' ? <PatientInfoCard patientName={state.patientName} membership={membership} /> : null}
        {provider ? <MembershipStatusCard query={membership} /> : null}
        {state.kind === 'provider' ? <UpcomingAppointmentsCard patientId={state.patientId} /> : null}
        {actionsDeferred ? null : (
          <Section id="dashboard-actions" title={t('actions.title')}>
            <Grid minColumnWidth="18rem">
              <MembershipBillingCard status={membership.data} checking={checkingMembership} />
              <MembershipEnrollmentCard guest={state.kind === 'guest'} status={membership.data} checking={checkingMembership} />
              <AppointmentsCard guest={state.kind === 'guest'} status={membership.data} checking={checkingMembership} />
              <NurseLineCard guest={state.kind === 'guest'} />
              <PatientPortalCard guest={state.kind === 'guest'} />
              <SignOutCard />
              {provider ? <LearningHubCard /> : null}
            </Grid>
          </Section>
        )}
      </Stack>
    </Container>
  );
}
