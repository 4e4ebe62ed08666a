/**
 * A membership as the portal shows it (booking-dashboard-staff §3 'Membership status'): what the
 * dashboard, the nurse line and booking read, and what subscription_cache keeps. Read from Stripe by
 * use-cases/membership-status.use-case.ts.
 */

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
  readonly subscriptionSummary: string;
  readonly tier1Matches: number;
  readonly tier1Others: number;
  readonly tier2Matches: number;
  readonly subscriptions: {
    readonly tier1PatientMatches: readonly MembershipSubscription[];
    readonly tier1Others: readonly MembershipSubscription[];
    readonly tier2Matches: readonly MembershipSubscription[];
  };
  readonly enrollmentMessage: string;
  readonly appointmentMessage: string;
  readonly managedSubscriptionsEnabled: boolean;
  readonly enrollMemberEnabled: boolean;
  readonly bookAppointmentEnabled: boolean;
}
