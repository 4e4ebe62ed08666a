/**
 * The earlier-slot waitlist (issue 13, beyond the spec): members who asked to hear of an earlier
 * time than their booked appointment, the slots offered to them, and each member's link to an
 * offer. The store holds the races: an offer per freed slot once, a link sent once, used once, and
 * an offer taken by one member only.
 */
export type WaitlistScope = 'same-provider' | 'any-provider';

export interface WaitlistEntry {
  readonly id: string;
  readonly athenaPatientId: string;
  /** The booked appointment the member wants to move earlier. */
  readonly athenaAppointmentId: string;
  readonly appointmentTypeId: string;
  readonly departmentId: string;
  /** The booked appointment's provider (a 'same-provider' entry wants only theirs). */
  readonly providerId: string | null;
  readonly scope: WaitlistScope;
  /** Concierge members hear of a slot first. */
  readonly concierge: boolean;
  /** The booked appointment's time: 'MM/DD/YYYY', 'HH:mm' on the practice's clock, and the instant. */
  readonly date: string;
  readonly startTime: string;
  readonly startsAt: Date;
}

/** A health-record slot offered to the waitlist; it lapses when the slot starts. */
export interface WaitlistOffer {
  readonly id: string;
  readonly athenaSlotId: string;
  readonly departmentId: string;
  readonly providerId: string | null;
  readonly date: string;
  readonly startTime: string;
  readonly startsAt: Date;
  /** The entry that took the slot, once one did. */
  readonly takenBy: string | null;
}

export interface OfferLink {
  readonly offer: WaitlistOffer;
  readonly entry: WaitlistEntry;
  readonly usedAt: Date | null;
}

/** A slot a cancel or reschedule gave back to the record (athenahealth reopens it under a new id). */
export interface FreedSlot {
  readonly departmentId: string;
  readonly providerId: string | null;
  readonly date: string;
  readonly startTime: string;
}

export interface Waitlist {
  /** Puts (or keeps, with a new scope) the appointment on the waitlist. */
  join(entry: Omit<WaitlistEntry, 'id'>, now: Date): Promise<WaitlistEntry>;
  /** Takes the appointment off the waitlist (asked to, moved, or cancelled). */
  leave(athenaAppointmentId: string): Promise<void>;
  /** The scope of each of these appointments that is waitlisted. */
  scopesOf(athenaAppointmentIds: readonly string[]): Promise<ReadonlyMap<string, WaitlistScope>>;
  /** Queues the search for waitlisted members who would take this slot (a background job). */
  slotFreed(slot: FreedSlot): Promise<void>;
  /** Waiting entries at the slot's location whose appointment starts after it, and who would take its provider. */
  waitingFor(slot: { readonly departmentId: string; readonly providerId: string | null; readonly startsAt: Date }): Promise<readonly WaitlistEntry[]>;
  /** Files the offer and one link per recipient, each sent at or after its time; null if this slot was offered already. */
  createOffer(offer: Omit<WaitlistOffer, 'id' | 'takenBy'>, recipients: readonly { readonly entryId: string; readonly sendAfter: Date }[], now: Date): Promise<WaitlistOffer | null>;
  /** The links due at `now` and not yet sent, each claimed for this caller only. */
  claimDueLinks(now: Date): Promise<readonly OfferLink[]>;
  /** A claimed link whose email failed: sent again on a later run. */
  unclaimLink(offerId: string, entryId: string): Promise<void>;
  link(offerId: string, entryId: string): Promise<OfferLink | null>;
  /** True for the one caller that uses this link. */
  useLink(offerId: string, entryId: string, now: Date): Promise<boolean>;
  /** The link may be used again (the move failed for a passing reason). */
  giveBackLink(offerId: string, entryId: string): Promise<void>;
  /** Records who takes the slot; false if someone already had. */
  markTaken(offerId: string, entryId: string, now: Date): Promise<boolean>;
  /** The entry's move failed for its own reason: the offer is open again for the others. */
  releaseTaken(offerId: string, entryId: string): Promise<void>;
}
