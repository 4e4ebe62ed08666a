/**
 * The members-only nurse line (booking-dashboard-staff §2 'Nurse line dialog', §6 'The nurse line
 * number is revealed only to active members'; issue 14). The number is practice configuration
 * (config/practice.json `nurseLine`) and leaves the server only in this answer, to a patient whose
 * membership is active (the dashboard's own rule: hasActiveSubscription). Guests are refused before
 * this (they have no provider-login session).
 */
import { domainError, type DomainError } from '../domain/domain-error.ts';
import type { PracticeConfig } from '../domain/practice.ts';
import { currentMembershipStatus, type CachedMembershipStatusDeps } from './membership-status-cache.use-case.ts';
import type { MembershipStatusSession } from './membership-status.use-case.ts';

export const NURSE_LINE_MEMBERSHIP_REQUIRED = domainError(
  'NURSE_LINE.MEMBERSHIP_REQUIRED',
  'The nurse line is a members-only benefit. Enroll in a membership to reach our nurses by phone and text message.',
  'Membership Required',
);

export interface NurseLine {
  /** 10 digits. */
  readonly phone: string;
  readonly hours: string;
}

export interface NurseLineDeps extends CachedMembershipStatusDeps {
  readonly practice: () => Pick<PracticeConfig, 'nurseLine'>;
}

export type NurseLineAnswer = { readonly ok: true; readonly nurseLine: NurseLine } | { readonly ok: false; readonly error: DomainError<'NURSE_LINE.MEMBERSHIP_REQUIRED'> };

export const revealNurseLine = async (deps: NurseLineDeps, input: { readonly session: MembershipStatusSession }): Promise<NurseLineAnswer> => {
  const { status } = await currentMembershipStatus(deps, { session: input.session });
  if (!status.hasActiveSubscription) return { ok: false, error: NURSE_LINE_MEMBERSHIP_REQUIRED };
  const { phone, hours } = deps.practice().nurseLine;
  return { ok: true, nurseLine: { phone, hours } };
};
