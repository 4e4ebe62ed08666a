/** What the dashboard's welcome banner says for each kind of user (booking-dashboard-staff §2 'Dashboard'). */
import { GUEST_BADGE, PROVIDER_BADGE } from '@portal/client';
import type { AuthState } from '@portal/client';

export interface Welcome {
  readonly title: string;
  readonly email: string | null;
  /** 'athenahealth' (provider sign-in) or 'Guest'. */
  readonly badge: string;
  /** The signed-in caregiver's name when they act for someone else. */
  readonly caregiverName: string | null;
  /** Whom a caregiver acts for. */
  readonly actingFor: string | null;
}

export const welcomeFor = (state: Exclude<AuthState, { kind: 'unauthenticated' }>): Welcome => {
  if (state.kind === 'guest') {
    return { title: 'Welcome!', email: state.email, badge: GUEST_BADGE, caregiverName: null, actingFor: null };
  }
  const name = state.caregiverName ?? state.patientName;
  return {
    title: `Welcome, ${name}`,
    email: state.email,
    badge: PROVIDER_BADGE,
    caregiverName: state.caregiverName,
    actingFor: state.caregiverName ? state.patientName : null,
  };
};

export const DASHBOARD_PATHS = ['/', '/dashboard'];
/** Where unauthenticated visitors of the dashboard go. */
export const DASHBOARD_LOGIN_PATH = '/login?return=/dashboard';
