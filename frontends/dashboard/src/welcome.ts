/** What the dashboard's welcome banner says for each kind of user (booking-dashboard-staff §2 'Dashboard'). */
import { PROVIDER_BADGE } from '@portal/client';
import type { AuthState } from '@portal/client';
import type { Translate } from './i18n.ts';

export interface Welcome {
  readonly title: string;
  readonly email: string | null;
  /** 'athenahealth' (provider sign-in, the product's name) or 'Guest'. */
  readonly badge: string;
  /** The signed-in caregiver's name when they act for someone else. */
  readonly caregiverName: string | null;
  /** Whom a caregiver acts for. */
  readonly actingFor: string | null;
}

export const welcomeFor = (t: Translate, state: Exclude<AuthState, { kind: 'unauthenticated' }>): Welcome => {
  if (state.kind === 'guest') {
    return { title: t('welcome.guest'), email: state.email, badge: t('welcome.guestBadge'), caregiverName: null, actingFor: null };
  }
  const name = state.caregiverName ?? state.patientName;
  return {
    title: t('welcome.named', { name }),
    email: state.email,
    badge: PROVIDER_BADGE,
    caregiverName: state.caregiverName,
    actingFor: state.caregiverName ? state.patientName : null,
  };
};

export const DASHBOARD_PATHS = ['/', '/dashboard'];
/** Where unauthenticated visitors of the dashboard go. */
export const DASHBOARD_LOGIN_PATH = '/login?return=/dashboard';
