import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import {
  navigate,
  normalizePath,
  toast,
  useAuthState,
  useGuestIdentity,
} from '@portal/client';
import type { GuestIdentity } from '@portal/client';
import type { ProviderState } from './ProviderGate.tsx';
import { ENROLLMENT_AUTH_PATH } from '../flow.ts';
import { messages } from '../i18n.ts';
import { GateWaiting } from './GateWaiting.tsx';

export type EnrollmentUser = { readonly kind: 'provider'; readonly provider: ProviderState } | { readonly kind: 'guest'; readonly guest: GuestIdentity };

export interface UserGateProps {
  loadingLabel: string;
  children: (user: EnrollmentUser) => ReactNode;
}

/**
 * The screens both paths share (/enrollment, signing, payment): a provider-login user or a
 * verified guest. Anyone else goes to /enrollment-auth, which sends them to
 * /login?return=/enrollment (enrollment-and-payment §2 'Routes', §6).
 */
export function UserGate({ loadingLabel, children }: UserGateProps) {
  const { state, isPending, isError, refetch } = useAuthState();
  const guest = useGuestIdentity();
  const signedOut = !isPending && state.kind === 'unauthenticated' && !isError;
  const startPath = useRef(typeof window === 'undefined' ? '' : normalizePath(window.location.pathname));

  useEffect(() => {
    // Only while this screen is the page: a logout leaves for /logout-confirmation first.
    if (!signedOut || normalizePath(window.location.pathname) !== startPath.current) return;
    toast({ title: messages.t('auth.required.title'), description: messages.t('auth.required.text'), variant: 'destructive' });
    navigate(ENROLLMENT_AUTH_PATH, { replace: true });
  }, [signedOut]);

  if (state.kind === 'provider') return <>{children({ kind: 'provider', provider: state })}</>;
  if (state.kind === 'guest' && guest) return <>{children({ kind: 'guest', guest })}</>;

  return <GateWaiting isPending={isPending} isError={isError} refetch={refetch} loadingLabel={loadingLabel} />;
}
