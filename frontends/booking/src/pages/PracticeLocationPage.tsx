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
import { SELECT_PROVIDER_AND_TIME } from '../messages.ts';

/** Where signed-out visitors go: identity's redirect to the login, back to /appointments after. */
export const APPOINTMENT_AUTH_PATH = '/appointment-auth';
const SAVE_LOCATION_ERROR = 'Failed to save practice location. Please try again.';

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

  useEffect(() => {
    document.title = 'Select Practice Location | Book an Appointment';
  }, []);

  useEffect(() => {
    if (!signedOut || normalizePath(window.location.pathname) !== startPath.current) return;
    toast({ title: 'Authentication Required', description: 'Please log in to continue.', variant: 'destructive' });
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
      toast({ title: 'Session Error', description: SAVE_LOCATION_ERROR, variant: 'destructive' });
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
            title="Session Error"
            description={<p role="alert">Unable to verify authentication. Please try again.</p>}
            actions={<Button onClick={refetch}>Try again</Button>}
          />
        </Container>
      );
    }
    return (
      <Container size="md">
        <LoadingState label={signedOut ? 'Redirecting to login...' : 'Verifying your session...'} />
      </Container>
    );
  }

  const initial = PRACTICE_LOCATIONS.some((location) => location.id === session?.practiceLocation) ? (session?.practiceLocation ?? '') : '';
  return (
    <Container size="md">
      <Stack gap={5}>
        <div className="booking-top">
          <ButtonLink href="/dashboard" variant="ghost" size="sm">
            <ArrowLeftIcon size={18} /> Dashboard
          </ButtonLink>
        </div>
        <PageHeader title={`Welcome, ${state.caregiverName ?? state.patientName}`} description={<p>Choose the practice location for your appointment.</p>} />
        <Card className="booking-card">
          <Stack gap={5}>
            <LocationSelect initial={initial} submitLabel={SELECT_PROVIDER_AND_TIME} submitting={saving} onSubmit={(id) => void save(id)} />
            {failed ? (
              <Alert variant="destructive" role="alert">
                <p>{SAVE_LOCATION_ERROR}</p>
              </Alert>
            ) : null}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
