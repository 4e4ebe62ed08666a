import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  ArrowLeftIcon,
  ButtonLink,
  Card,
  Container,
  EmptyState,
  LoadingState,
  PageHeader,
  Stack,
  AlertIcon,
  Button,
} from '@portal/ui';
import {
  PRACTICE_LOCATIONS,
  api,
  navigate,
  normalizePath,
  toast,
  useAuthState,
} from '@portal/client';
import { saveBookingLocation } from '../booking-api.ts';
import { LocationSelect } from '../components/LocationSelect.tsx';
import { messages, useT } from '../i18n.ts';

/** Where signed-out visitors go: identity's redirect to the login, back to /appointments after. */
export const APPOINTMENT_AUTH_PATH = '/appointment-auth';

/**
 * /appointments/practice-location (booking-dashboard-staff §2 'Practice location screen', the
 * appointments variant): verifies the session, welcomes the patient by name, a required practice
 * location (the session's preselected), Continue reads 'Select Provider & Time' and leads to the
 * provider step. A Dashboard link sits at top left.
 */
export function PracticeLocationPage() {
  const { state, session, isPending, isError, refetch } = useAuthState();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const startPath = useRef(typeof window === 'undefined' ? '' : normalizePath(window.location.pathname));
  const signedOut = !isPending && !isError && state.kind === 'unauthenticated';
  const t = useT();

  useEffect(() => {
    document.title = t('location.documentTitle');
  }, [t]);

  useEffect(() => {
    if (!signedOut || normalizePath(window.location.pathname) !== startPath.current) return;
    toast({ title: messages.t('location.authRequired.title'), description: messages.t('location.authRequired.text'), variant: 'destructive' });
    navigate(APPOINTMENT_AUTH_PATH, { replace: true });
  }, [signedOut]);

  // Guests book through their own path, which asks for the location with the patient's details.
  useEffect(() => {
    if (state.kind === 'guest') navigate('/appointments', { replace: true });
  }, [state.kind]);

  const save = async (locationId: string): Promise<void> => {
    setSaving(true);
    setFailed(false);
    try {
      await saveBookingLocation(api, locationId);
      navigate(`/appointments?location=${encodeURIComponent(locationId)}`);
    } catch {
      setFailed(true);
      toast({ title: t('page.sessionError.title'), description: t('location.saveError'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  if (state.kind !== 'provider') {
    if (isError) {
      return (
        <Container size="md">
          <EmptyState
            headingLevel={1}
            tone="destructive"
            icon={<AlertIcon size={28} />}
            title={t('page.sessionError.title')}
            description={<p role="alert">{t('page.sessionError.text')}</p>}
            actions={<Button onClick={refetch}>{t('page.tryAgain')}</Button>}
          />
        </Container>
      );
    }
    return (
      <Container size="md">
        <LoadingState label={t(signedOut ? 'location.redirecting' : 'location.verifying')} />
      </Container>
    );
  }

  const initial = PRACTICE_LOCATIONS.some((location) => location.id === session?.practiceLocation) ? (session?.practiceLocation ?? '') : '';
  return (
    <Container size="md">
      <Stack gap={5}>
        <div className="booking-top">
          <ButtonLink href="/dashboard" variant="ghost" size="sm">
            <ArrowLeftIcon size={18} /> {t('page.dashboard')}
          </ButtonLink>
        </div>
        <PageHeader title={t('location.welcome', { name: state.caregiverName ?? state.patientName })} description={<p>{t('location.description')}</p>} />
        <Card className="booking-card">
          <Stack gap={5}>
            <LocationSelect initial={initial} submitLabel={t('location.selectProviderAndTime')} submitting={saving} onSubmit={(id) => void save(id)} />
            {failed ? (
              <Alert variant="destructive" role="alert">
                <p>{t('location.saveError')}</p>
              </Alert>
            ) : null}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
