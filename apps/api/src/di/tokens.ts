/**
 * Service identifiers of the API's container: the shared ones (@portal/composition) and the API's
 * own (patient sessions, verification). Core classes stay free of Inversify.
 */
import { SHARED_TOKENS, token } from '@portal/composition';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';

export const TOKENS = {
  ...SHARED_TOKENS,
  PatientAuthService: token<PatientAuthService>('PatientAuthService'),
  TokenSigner: token<unknown>('TokenSigner'),
  PhoneAuth: token<unknown>('PhoneAuth'),
  HumanCheck: token<unknown>('HumanCheck'),
  RateLimits: token<unknown>('RateLimits'),
  EmailCodes: token<unknown>('EmailCodes'),
  GuestVerification: token<unknown>('GuestVerification'),
  StaffAuth: token<unknown>('StaffAuth'),
} as const;
