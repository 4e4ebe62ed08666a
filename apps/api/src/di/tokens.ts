/**
 * Service identifiers of the API's container: the shared ones (@portal/composition) and the API's
 * own (patient sessions, verification). Core classes stay free of Inversify.
 */
import { SHARED_TOKENS, token } from '@portal/composition';
import type { AttemptLimiter, EmailCodes, GuestVerification, HumanCheck, PhoneAuth, Secrets, SignedTokens, StaffSignIn } from '@portal/core';
import type { SessionChangeFeed } from '@portal/persistence';
import type { PatientAuthService } from '../auth/patient-auth.service.ts';

export const TOKENS = {
  ...SHARED_TOKENS,
  PatientAuthService: token<PatientAuthService>('PatientAuthService'),
  SessionChanges: token<SessionChangeFeed>('SessionChanges'),
  Secrets: token<Secrets>('Secrets'),
  SignedTokens: token<SignedTokens>('SignedTokens'),
  PhoneAuth: token<PhoneAuth>('PhoneAuth'),
  HumanCheck: token<HumanCheck>('HumanCheck'),
  AttemptLimiter: token<AttemptLimiter>('AttemptLimiter'),
  EmailCodes: token<EmailCodes>('EmailCodes'),
  GuestVerification: token<GuestVerification>('GuestVerification'),
  StaffSignIn: token<StaffSignIn>('StaffSignIn'),
} as const;
