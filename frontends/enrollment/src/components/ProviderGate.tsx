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
import { messages, useT } from '../i18n.ts';
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
  const t = useT();
  const { state, session, isPending, isError, refetch } = useAuthState();
  const signedOut = !isPending && !isError && state.kind === 'unauthenticated';
  const startPath = useRef(typeof window === 'undefined' ? '' : normalizePath(window.location.pathname));

  useEffect(() => {
    // Only while this screen is the page: a logout leaves for /logout-confirmation first.
    if (!signedOut || normalizePath(window.location.pathname) !== startPath.current) return;
    toast({ title: messages.t('auth.required.title'), description: messages.t('auth.required.text'), variant: 'destructive' });
    navigate(ENROLLMENT_AUTH_PATH, { replace: true });
  }, [signedOut]);

  if (state.kind === 'provider') return <>{children(state, session)}</>;

  if (state.kind === 'guest') {
    return (
      <Container size="md">
        <EmptyState
          headingLevel={1}
          icon={<AlertIcon size={28} />}
          title={t('gate.guest.title')}
          description={<p>{t('gate.guest.text')}</p>}
          actions={
            <ButtonLink href="/dashboard" variant="secondary">
              {t('common.dashboard')}
            </ButtonLink>
          }
        />
      </Container>
    );
  }

  return <GateWaiting isPending={isPending} isError={isError} refetch={refetch} loadingLabel={loadingLabel} />;
}
