import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import {
  AlertIcon,
  ButtonLink,
  Container,
  EmptyState,
} from '@portal/ui';
import {
  navigate,
  normalizePath,
  toast,
  useAuthState,
} from '@portal/client';
import type { AuthState } from '@portal/client';
import type { SessionResponse } from '@portal/contracts';
import { ENROLLMENT_AUTH_PATH } from '../flow.ts';
import { AUTH_REQUIRED_TEXT, AUTH_REQUIRED_TITLE } from '../messages.ts';
import { GateWaiting } from './GateWaiting.tsx';

export type ProviderState = Extract<AuthState, { kind: 'provider' }>;

export interface ProviderGateProps {
  /** What the spinner says while the session is checked. */
  loadingLabel: string;
  children: (provider: ProviderState, session: SessionResponse | undefined) => ReactNode;
}

/**
 * The provider-login enrollment screens verify the session first: signed-out visitors go to
 * /enrollment-auth (which sends them to sign in and back to /enrollment); a failed check offers
 * to try again; verified guests are told this path is for athenahealth sign-in.
 */
export function ProviderGate({ loadingLabel, children }: ProviderGateProps) {
  const { state, session, isPending, isError, refetch } = useAuthState();
  const signedOut = !isPending && !isError && state.kind === 'unauthenticated';
  const startPath = useRef(typeof window === 'undefined' ? '' : normalizePath(window.location.pathname));

  useEffect(() => {
    // Only while this screen is the page: a logout leaves for /logout-confirmation first.
    if (!signedOut || normalizePath(window.location.pathname) !== startPath.current) return;
    toast({ title: AUTH_REQUIRED_TITLE, description: AUTH_REQUIRED_TEXT, variant: 'destructive' });
    navigate(ENROLLMENT_AUTH_PATH, { replace: true });
  }, [signedOut]);

  if (state.kind === 'provider') return <>{children(state, session)}</>;

  if (state.kind === 'guest') {
    return (
      <Container size="md">
        <EmptyState
          headingLevel={1}
          icon={<AlertIcon size={28} />}
          title="Sign in with athenahealth to continue"
          description={<p>This part of enrollment is for patients and caregivers signed in with their athenahealth account.</p>}
          actions={
            <ButtonLink href="/dashboard" variant="secondary">
              Dashboard
            </ButtonLink>
          }
        />
      </Container>
    );
  }

  return <GateWaiting isPending={isPending} isError={isError} refetch={refetch} loadingLabel={loadingLabel} />;
}
