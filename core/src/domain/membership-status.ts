/**
 * A membership as the portal shows it (booking-dashboard-staff §3 'Membership status'): what the
 * dashboard, the nurse line and booking read, and what subscription_cache keeps. Read from Stripe by
 * use-cases/membership-status.use-case.ts.
 */

import type { TierCode } from './tier.ts';

/**
 * The facts `subscriptionSummary` is built from (issue 26, decision 0057): the API answers in
 * English, as the specs define; a screen in another language says the same from these.
 */
export interface MembershipSummaryFacts {
  /** 'active': a subscription for the patient makes them a member now; 'past_due': a live one's renewal failed; 'none'. */
  readonly membership: 'active' | 'past_due' | 'none';
  /** The member's tier (null when not a member, or a price we do not sell). */
  readonly tier: TierCode | null;
  /** Its name as the practice gives it ('Enhanced Annual'), as the English summary says it. */
  readonly tierName: string | null;
  /** The membership is paid from someone else's billing account (a caregiver's). */
  readonly viaCaregiver: boolean;
  /** The member's period end on the practice's calendar, 'YYYY-MM-DD'. */
  readonly periodEnd: string | null;
  /** The membership ends at periodEnd and will not renew. */
  readonly cancelAtPeriodEnd: boolean;
  /** Subscriptions on the patient's billing account for someone else. */
  readonly otherSubscriptions: number;
  /** Caregiver-managed subscriptions the summary mentions (only when not a member and not past due; else 0). */
  readonly managedByCaregiver: number;
}

/** Which `enrollmentMessage` it is: 'enrolled_in_tier' names summaryFacts.tierName. */
export type EnrollmentMessageCode = 'enrolled_in_tier' | 'enrolled' | 'past_due' | 'not_enrolled';
/** Which `appointmentMessage` it is. */
export type AppointmentMessageCode = 'booking_available' | 'requires_membership';

/** A subscription as the dashboard shows it (contracts' `Subscription`). */
export interface MembershipSubscription {
  readonly id: string;
  readonly productName: string;
  readonly nickname: string | null;
  readonly memberName: string | null;
  /** Cents per interval. */
  readonly amount: number;
  readonly interval: string;
  readonly status: string;
  /** ISO 8601. */
  readonly currentPeriodEnd: string | null;
  readonly cancelAtPeriodEnd: boolean;
  readonly customer: { readonly email: string | null };
}

/** The answer of GET /api/dashboard/subscription-status (contracts' `SubscriptionStatusResponse`). */
export interface MembershipStatus {
  readonly hasActiveSubscription: boolean;
  /** English (the specs' words); `summaryFacts` says the same for other languages. */
  readonly subscriptionSummary: string;
  readonly summaryFacts: MembershipSummaryFacts;
  readonly tier1Matches: number;
  readonly tier1Others: number;
  readonly tier2Matches: number;
  readonly subscriptions: {
    readonly tier1PatientMatches: readonly MembershipSubscription[];
    readonly tier1Others: readonly MembershipSubscription[];
    readonly tier2Matches: readonly MembershipSubscription[];
  };
  readonly enrollmentMessage: string;
  readonly enrollmentMessageCode: EnrollmentMessageCode;
  readonly appointmentMessage: string;
  readonly appointmentMessageCode: AppointmentMessageCode;
  readonly managedSubscriptionsEnabled: boolean;
  readonly enrollMemberEnabled: boolean;
  readonly bookAppointmentEnabled: boolean;
}
