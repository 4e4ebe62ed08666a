/**
 * The dashboard's Membership Status (booking-dashboard-staff §2 'Dashboard', §3 'Subscription',
 * 'Membership status', §4 'Subscription display status', §7 GET /api/dashboard/subscription-status;
 * enrollment-and-payment §2 'Patient info card'). Provider-login sessions only: guests never see it.
 *
 * Stripe is the source of truth for subscriptions; our enrollments only tell us which Stripe
 * customers to look at and whom a subscription is for.
 *
 * Billing customers looked at (deduplicated, in this order):
 * - the acting patient's: the customer of their newest enrollment with one (findWithCustomer)
 *   and of their active enrollment (findActiveForPatient);
 * - when the person acts for themselves, the Stripe customer with their email (a customer staff
 *   created by billing email);
 * - when the person acts for someone else (a caregiver), the person's own customers the same two
 *   ways (their newest enrollment with a customer, their email).
 *
 * Whose a customer is: its metadata.athenaPatientId when set; otherwise the acting patient's when
 * we found it through the acting patient (their enrollment or their email), else someone else's.
 * Whom a subscription is for: its metadata.athenaPatientId, else the enrollment that owns it,
 * else the customer's owner.
 *
 * Groups:
 * - tier1PatientMatches: on one of the acting patient's own customers and for the acting patient;
 * - tier1Others: on one of the acting patient's own customers and for someone else (e.g. a
 *   dependent paid from this account);
 * - tier2Matches: for the acting patient, on someone else's customer (a caregiver pays);
 * - a subscription on someone else's customer for someone else is never shown.
 * A dependent's membership on the dependent's own customer is shown on the dependent's dashboard
 * (Switch Account), not on the caregiver's.
 *
 * Shown: every subscription except abandoned checkouts (incomplete, incomplete_expired) and
 * canceled ones whose period ended more than RECENTLY_ENDED_DAYS ago; live ones first, then by
 * period end, newest first.
 *
 * Membership (hasActiveSubscription) is policies/subscription-status.policy.ts `isMembershipActive`
 * over the acting patient's own subscriptions (tier1 patient matches and tier2), with its
 * hasActiveSubscription input decided here: a subscription for them is `active` or `trialing`
 * and its paid period has not ended. So one set to cancel at period end still counts until that
 * date (it is paid for), and an `active`, renewing one counts even if Stripe's period end lags. `past_due`, `unpaid` and
 * `paused` do not count: the renewal charge failed, the enrollment is past_due, and booking
 * requires an active membership (booking-dashboard-staff §1). Such a patient is told to update
 * their card and is not offered a new enrollment either (creating one would be refused as
 * 'Existing Active Subscription' by the conflict policy), so enrollMemberEnabled is false while a
 * live subscription exists. Subscriptions for someone else (tier1Others) never make the acting
 * patient a member.
 *
 * Flags: managedSubscriptionsEnabled when one of the acting patient's own customers exists (the
 * billing portal opens on it); enrollMemberEnabled when no live subscription is for the patient;
 * bookAppointmentEnabled when hasActiveSubscription.
 *
 * Words (issue 26, decision 0057): the summary and the two messages are English, as the specs
 * define; beside them the answer carries what they are built from (summaryFacts, and a code for
 * each message), so a screen in another language says the same from its catalog. The English is
 * made from those facts here (describeSummary, describeEnrollment), one home for both.
 */
import type {
  AppointmentMessageCode,
  EnrollmentMessageCode,
  MembershipStatus,
  MembershipSubscription,
  MembershipSummaryFacts,
} from '../domain/membership-status.ts';
import { PRACTICE_TIME_ZONE } from '../domain/practice.ts';
import { displayName, isActingForOther, type PatientSession } from '../domain/patient-session.ts';
import { TIERS } from '../domain/tier.ts';
import { calendarDateIn, formatIsoDate, formatUsDate, parseCalendarDate } from '../domain/zoned-time.ts';
import { LIVE_SUBSCRIPTION_STATUSES } from '../policies/subscription-conflict.policy.ts';
import { isMembershipActive } from '../policies/subscription-status.policy.ts';
import type { BillingCustomer, Cards, BillingSubscription } from '../ports/cards.port.ts';
import type { Clock } from '../ports/clock.port.ts';
import type { EnrollmentRepository } from '../ports/enrollment.repository.port.ts';

export const RECENTLY_ENDED_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type {
  AppointmentMessageCode,
  EnrollmentMessageCode,
  MembershipStatus,
  MembershipSubscription,
  MembershipSummaryFacts,
} from '../domain/membership-status.ts';

export interface MembershipStatusDeps {
  readonly enrollments: Pick<EnrollmentRepository, 'findWithCustomer' | 'findActiveForPatient' | 'findBySubscription'>;
  readonly cards: Pick<Cards, 'getCustomer' | 'findCustomerByEmail' | 'listSubscriptions'>;
  readonly clock: Clock;
}

export type MembershipStatusSession = Pick<PatientSession, 'person' | 'actingPatientId' | 'acting' | 'linkedPatients'>;

export const NO_MEMBERSHIP_SUMMARY = 'No active membership found.';
export const ENROLLED_MESSAGE = 'You are enrolled in a membership.';
export const NOT_ENROLLED_MESSAGE = 'You are not enrolled in a membership. Enroll to get online scheduling and the nurse line.';
export const PAST_DUE_MESSAGE = 'Your membership payment did not go through. Please update your card in Membership Billing.';
export const APPOINTMENTS_AVAILABLE_MESSAGE = 'You can book and reschedule appointments online.';
export const APPOINTMENTS_REQUIRE_MEMBERSHIP_MESSAGE = 'Online appointment booking requires an active membership.';

/** The interval text shown as the subscription's nickname. */
export const INTERVAL_NICKNAMES: Readonly<Record<'year' | '6 months', string>> = {
  year: 'Billed annually',
  '6 months': 'Billed every 6 months',
};

type CustomerSource = 'acting' | 'caregiver';

interface FoundCustomer {
  readonly customer: BillingCustomer;
  readonly own: boolean;
}

const HIDDEN_STATUSES: readonly string[] = ['incomplete', 'incomplete_expired'];
const LIVE: readonly string[] = LIVE_SUBSCRIPTION_STATUSES;

const metadataPatient = (metadata: Readonly<Record<string, string>>): string | null => {
  const id = metadata.athenaPatientId?.trim();
  return id ? id : null;
};

/** The customers to look at, each with whether it is the acting patient's own billing account. */
const billingCustomers = async (deps: MembershipStatusDeps, session: MembershipStatusSession): Promise<readonly FoundCustomer[]> => {
  const acting = session.actingPatientId;
  const candidates: Array<{ readonly id: string | null; readonly source: CustomerSource } | { readonly email: string; readonly source: CustomerSource }> = [];

  const [newest, active] = await Promise.all([
    deps.enrollments.findWithCustomer({ athenaPatientIds: [acting], guestHash: null }),
    deps.enrollments.findActiveForPatient(acting),
  ]);
  candidates.push({ id: newest?.stripeCustomerId ?? null, source: 'acting' }, { id: active?.stripeCustomerId ?? null, source: 'acting' });

  if (!isActingForOther(session)) {
    if (session.person.email) candidates.push({ email: session.person.email, source: 'acting' });
  } else {
    const personId = session.person.patientId;
    const caregivers = personId ? await deps.enrollments.findWithCustomer({ athenaPatientIds: [personId], guestHash: null }) : null;
    candidates.push({ id: caregivers?.stripeCustomerId ?? null, source: 'caregiver' });
    if (session.person.email) candidates.push({ email: session.person.email, source: 'caregiver' });
  }

  const found: FoundCustomer[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const customer =
      'email' in candidate ? await deps.cards.findCustomerByEmail(candidate.email) : candidate.id ? await deps.cards.getCustomer(candidate.id) : null;
    if (!customer || seen.has(customer.id)) continue;
    seen.add(customer.id);
    const owner = metadataPatient(customer.metadata);
    found.push({ customer, own: owner === acting || (owner === null && candidate.source === 'acting') });
  }
  // The patient's own accounts first, so a subscription seen twice is grouped as theirs.
  return [...found.filter((f) => f.own), ...found.filter((f) => !f.own)];
};

const isShown = (subscription: BillingSubscription, now: Date): boolean => {
  if (HIDDEN_STATUSES.includes(subscription.status)) return false;
  if (subscription.status !== 'canceled') return true;
  const end = subscription.currentPeriodEnd?.getTime();
  return end !== undefined && end >= now.getTime() - RECENTLY_ENDED_DAYS * DAY_MS;
};

const byLiveThenPeriodEnd = (a: BillingSubscription, b: BillingSubscription): number => {
  const live = Number(LIVE.includes(b.status)) - Number(LIVE.includes(a.status));
  if (live !== 0) return live;
  return (b.currentPeriodEnd?.getTime() ?? 0) - (a.currentPeriodEnd?.getTime() ?? 0);
};

/** Whether this subscription gives membership now (see the file header). */
export const givesMembership = (subscription: Pick<BillingSubscription, 'status' | 'currentPeriodEnd'>, now: Date): boolean =>
  (subscription.status === 'active' || subscription.status === 'trialing') &&
  (subscription.currentPeriodEnd === null || subscription.currentPeriodEnd.getTime() > now.getTime());

const memberNameOf = (patientId: string | null, session: MembershipStatusSession): string | null => {
  if (patientId === null) return null;
  if (patientId === session.actingPatientId) return displayName(session.acting);
  if (patientId === session.person.patientId) return displayName(session.person);
  const linked = session.linkedPatients.find((patient) => patient.patientId === patientId);
  return linked ? displayName(linked.profile) : null;
};

export const toMembershipSubscription = (subscription: BillingSubscription, customer: BillingCustomer, memberName: string | null): MembershipSubscription => {
  const tier = subscription.tier ? TIERS[subscription.tier] : null;
  return {
    id: subscription.id,
    productName: tier?.name ?? 'Membership',
    nickname: tier?.interval ? INTERVAL_NICKNAMES[tier.interval] : null,
    memberName,
    amount: tier?.priceCents ?? 0,
    interval: tier?.interval ?? '',
    status: subscription.status,
    currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    customer: { email: customer.email },
  };
};

interface Grouped {
  readonly subscription: BillingSubscription;
  readonly view: MembershipSubscription;
}

/**
 * The summary's facts (issue 26): what the English summary below says, for a screen in another
 * language to say from its catalog. The member's subscription, or past due, or none; the counts.
 */
export const summaryFacts = (input: {
  readonly member: BillingSubscription | null;
  readonly viaCaregiver: boolean;
  readonly pastDue: boolean;
  readonly otherSubscriptions: number;
  readonly caregiverManaged: number;
}): MembershipSummaryFacts => {
  const { member } = input;
  return {
    membership: member ? 'active' : input.pastDue ? 'past_due' : 'none',
    tier: member?.tier ?? null,
    tierName: member?.tier ? TIERS[member.tier].name : null,
    viaCaregiver: member !== null && input.viaCaregiver,
    periodEnd: member?.currentPeriodEnd ? formatIsoDate(calendarDateIn(member.currentPeriodEnd, PRACTICE_TIME_ZONE)) : null,
    cancelAtPeriodEnd: member?.cancelAtPeriodEnd ?? false,
    otherSubscriptions: input.otherSubscriptions,
    managedByCaregiver: member || input.pastDue ? 0 : input.caregiverManaged,
  };
};

/** 'MM/DD/YYYY' of the facts' 'YYYY-MM-DD'. */
const usDate = (isoDate: string): string => {
  const date = parseCalendarDate(isoDate);
  return date._tag === 'Some' ? formatUsDate(date.value) : isoDate;
};

const describeMembership = (facts: MembershipSummaryFacts): string => {
  const end = facts.periodEnd ? usDate(facts.periodEnd) : null;
  const when = end ? (facts.cancelAtPeriodEnd ? `, ends ${end} and will not renew` : `, renews ${end}`) : '';
  const name = facts.tierName ?? 'Membership';
  return facts.viaCaregiver ? `Active ${name} membership managed by a caregiver${when}.` : `Active ${name} membership${when}.`;
};

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/** The English summary (the specs' words) of the facts; a price we do not sell is a 'Membership'. */
export const describeSummary = (facts: MembershipSummaryFacts): string => {
  const parts: string[] = [];
  if (facts.membership === 'active') parts.push(describeMembership(facts));
  else if (facts.membership === 'past_due') parts.push('Your membership payment is past due.');
  else parts.push(NO_MEMBERSHIP_SUMMARY);
  if (facts.otherSubscriptions > 0) parts.push(`${plural(facts.otherSubscriptions, 'other subscription', 'other subscriptions')} on your billing account.`);
  if (facts.managedByCaregiver > 0) parts.push(`${plural(facts.managedByCaregiver, 'subscription', 'subscriptions')} managed by a caregiver.`);
  return parts.join(' ');
};

/** The English enrollment message of its code (the tier's name for 'enrolled_in_tier'). */
export const describeEnrollment = (code: EnrollmentMessageCode, facts: Pick<MembershipSummaryFacts, 'tierName'>): string => {
  switch (code) {
    case 'enrolled_in_tier':
      return `You are enrolled in the ${facts.tierName ?? 'Membership'} membership.`;
    case 'enrolled':
      return ENROLLED_MESSAGE;
    case 'past_due':
      return PAST_DUE_MESSAGE;
    case 'not_enrolled':
      return NOT_ENROLLED_MESSAGE;
  }
};

/** The English appointment message of each code. */
export const APPOINTMENT_MESSAGES: Readonly<Record<AppointmentMessageCode, string>> = {
  booking_available: APPOINTMENTS_AVAILABLE_MESSAGE,
  requires_membership: APPOINTMENTS_REQUIRE_MEMBERSHIP_MESSAGE,
};

/** The membership status of the patient the session acts for. Reads Stripe each time (see membership-status-cache.use-case.ts). */
export const membershipStatus = async (deps: MembershipStatusDeps, input: { readonly session: MembershipStatusSession }): Promise<MembershipStatus> =>
  (await membershipStatusWithCustomers(deps, input)).status;

/** The status and the Stripe customers it was read from (the cache forgets it when one of them changes). */
export const membershipStatusWithCustomers = async (
  deps: MembershipStatusDeps,
  input: { readonly session: MembershipStatusSession },
): Promise<{ readonly status: MembershipStatus; readonly customerIds: readonly string[] }> => {
  const { session } = input;
  const now = deps.clock.now();
  const acting = session.actingPatientId;
  const customers = await billingCustomers(deps, session);
  const listed = await Promise.all(customers.map(async (found) => ({ found, subscriptions: await deps.cards.listSubscriptions(found.customer.id) })));

  const own: BillingSubscription[] = [];
  const others: Array<{ subscription: BillingSubscription; customer: BillingCustomer; patientId: string | null }> = [];
  const managed: Array<{ subscription: BillingSubscription; customer: BillingCustomer }> = [];
  const ownCustomer = new Map<string, BillingCustomer>();
  const seen = new Set<string>();

  for (const { found, subscriptions } of listed) {
    for (const subscription of [...subscriptions].sort(byLiveThenPeriodEnd)) {
      if (seen.has(subscription.id) || !isShown(subscription, now)) continue;
      seen.add(subscription.id);
      const forPatient =
        metadataPatient(subscription.metadata) ??
        (await deps.enrollments.findBySubscription(subscription.id))?.athenaPatientId ??
        metadataPatient(found.customer.metadata) ??
        (found.own ? acting : null);
      if (found.own && forPatient === acting) {
        own.push(subscription);
        ownCustomer.set(subscription.id, found.customer);
      } else if (found.own) others.push({ subscription, customer: found.customer, patientId: forPatient });
      else if (forPatient === acting) managed.push({ subscription, customer: found.customer });
    }
  }

  const actingName = displayName(session.acting);
  const tier1PatientMatches: Grouped[] = own.map((subscription) => ({ subscription, view: toMembershipSubscription(subscription, ownCustomer.get(subscription.id)!, actingName) }));
  const tier1Others: Grouped[] = others.map((o) => ({ subscription: o.subscription, view: toMembershipSubscription(o.subscription, o.customer, memberNameOf(o.patientId, session)) }));
  const tier2Matches: Grouped[] = managed.map((m) => ({ subscription: m.subscription, view: toMembershipSubscription(m.subscription, m.customer, actingName) }));

  const forPatient = [...tier1PatientMatches, ...tier2Matches];
  const isMember = (g: Grouped): boolean => givesMembership(g.subscription, now) || isMembershipActive({ subscriptions: [g.subscription] });
  // The spec's rule (policies/subscription-status.policy.ts) over the patient's own subscriptions.
  const hasActiveSubscription = isMembershipActive({
    hasActiveSubscription: forPatient.some((g) => givesMembership(g.subscription, now)),
    subscriptions: forPatient.map((g) => g.subscription),
  });
  const member = forPatient.find(isMember);
  const pastDue = !hasActiveSubscription && forPatient.some((g) => LIVE.includes(g.subscription.status));
  const managedSubscriptionsEnabled = customers.some((found) => found.own);

  const facts = summaryFacts({
    member: member?.subscription ?? null,
    viaCaregiver: member !== undefined && !tier1PatientMatches.includes(member),
    pastDue,
    otherSubscriptions: tier1Others.length,
    caregiverManaged: tier2Matches.length,
  });
  const enrollmentMessageCode: EnrollmentMessageCode = hasActiveSubscription ? (member ? 'enrolled_in_tier' : 'enrolled') : pastDue ? 'past_due' : 'not_enrolled';
  const appointmentMessageCode: AppointmentMessageCode = hasActiveSubscription ? 'booking_available' : 'requires_membership';

  const status: MembershipStatus = {
    hasActiveSubscription,
    subscriptionSummary: describeSummary(facts),
    summaryFacts: facts,
    tier1Matches: tier1PatientMatches.length,
    tier1Others: tier1Others.length,
    tier2Matches: tier2Matches.length,
    subscriptions: {
      tier1PatientMatches: tier1PatientMatches.map((g) => g.view),
      tier1Others: tier1Others.map((g) => g.view),
      tier2Matches: tier2Matches.map((g) => g.view),
    },
    enrollmentMessage: describeEnrollment(enrollmentMessageCode, facts),
    enrollmentMessageCode,
    appointmentMessage: APPOINTMENT_MESSAGES[appointmentMessageCode],
    appointmentMessageCode,
    managedSubscriptionsEnabled,
    enrollMemberEnabled: !hasActiveSubscription && !pastDue,
    bookAppointmentEnabled: hasActiveSubscription,
  };
  return { status, customerIds: customers.map((found) => found.customer.id) };
};
