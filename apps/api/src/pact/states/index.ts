/** Every provider state the frontends' pacts may name: one file per consumer, plus the common ones. */
import { bookingStates } from './booking.ts';
import { commonStates } from './common.ts';
import { dashboardStates } from './dashboard.ts';
import { enrollmentStates } from './enrollment.ts';
import { identityStates } from './identity.ts';
import { shellStates } from './shell.ts';
import { staffStates } from './staff.ts';
import type { ProviderStates } from './types.ts';

export const PROVIDER_STATES: ProviderStates = {
  ...commonStates,
  ...bookingStates,
  ...dashboardStates,
  ...enrollmentStates,
  ...identityStates,
  ...shellStates,
  ...staffStates,
};
