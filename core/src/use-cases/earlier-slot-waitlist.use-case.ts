/**
 * The earlier-slot waitlist (issue 13, beyond the spec). A member with a booked appointment asks to
 * hear of an earlier time with the same provider, or with any provider at the location. When a
 * cancel or reschedule frees a slot, the record reopens it; the waitlisted members whose appointment
 * is later (and still movable: more than 24 hours away) are emailed a link that moves theirs there
 * in one step. Concierge members are emailed at once, Enhanced members 15 minutes later. A link is
 * signed, single-use and lapses when the slot starts; the first member to confirm gets the slot
 * (the booking rules of the `appointments` table decide, as for any booking), the others are told
 * it is gone.
 */
import * as E from 'fp-ts/lib/Either.js';
import { WAITLIST_OFFER_EMAILS } from '../domain/appointment-notice.ts';
import type { Locale } from '../domain/locale.ts';
import { PRACTICE_TIME_ZONE } from '../domain/practice.ts';
import { athenaLocalToInstant, canChangeAppointment } from '../policies/cancellation-cutoff.policy.ts';
import type { Clock } from '../ports/clock.port.ts';
import type { HealthRecord } from '../ports/health-record.port.ts';
import type { Mailer } from '../ports/mailer.port.ts';
import type { PatientLanguages } from '../ports/patient-languages.port.ts';
import type { Appointment } from '../ports/scheduling.port.ts';
import type { SignedTokens } from '../ports/signed-tokens.port.ts';
import type { FreedSlot, OfferLink, Waitlist, WaitlistEntry, WaitlistOffer } from '../ports/waitlist.port.ts';
import type { BookingError } from './booking.errors.ts';
import type { Booked, BookingDeps } from './booking-support.ts';
import { patientLocale } from './patient-language.use-case.ts';
import { rescheduleAppointment } from './reschedule-appointment.use-case.ts';

/** How long Enhanced members wait after Concierge members hear of a slot. */
export const ENHANCED_OFFER_DELAY_MS = 15 * 60 * 1000;
export const OFFER_TOKEN_TYPE = 'waitlist-offer';
export const OFFER_PAGE_PATH = '/appointments/earlier-slot';

export const OFFER_GONE_MESSAGE = 'Another member has already taken this time. Your appointment has not changed.';
export const OFFER_USED_MESSAGE = 'This link has already been used.';
export const OFFER_INVALID_MESSAGE = 'This link is not valid or has expired.';

export interface WaitlistDeps {
  readonly waitlist: Waitlist;
  readonly booking: BookingDeps;
  readonly tokens: SignedTokens;
  readonly mailer: Mailer;
  readonly patients: Pick<HealthRecord, 'getPatient'>;
  readonly clock: Clock;
  /** The portal's public origin, for the link in the email. */
  readonly publicOrigin: string;
  readonly timeZone?: string;
  /** The patients' chosen languages (issue 26): each offer goes in its member's; English without it or when none is known. */
  readonly languages?: PatientLanguages;
}

export type OfferState = 'open' | 'taken' | 'used';

/** What the offer page shows: the slot, the member's current appointment, and whether it can still be taken. */
export interface OfferView {
  readonly state: OfferState;
  readonly offer: WaitlistOffer;
  readonly entry: WaitlistEntry;
}

type Refusal<C extends string> = { readonly code: C; readonly message: string };
export type TakeOfferError = Refusal<'WAITLIST.INVALID'> | Refusal<'WAITLIST.USED'> | Refusal<'WAITLIST.GONE'> | BookingError;

// Who may set an appointment's waitlist choice, and setting it: set-appointment-waitlist.use-case.ts.
export { setAppointmentWaitlist, setWaitlist, type SetAppointmentWaitlistDeps, type SetAppointmentWaitlistError } from './set-appointment-waitlist.use-case.ts';

/**
 * A freed slot: find it reopened in the record, offer it to the waitlisted members who would take
 * it, and email those due now (Concierge). Runs as a background job after the cancel or reschedule.
 */
export const offerFreedSlot = async (deps: WaitlistDeps, freed: FreedSlot): Promise<{ offered: number }> => {
  const timeZone = deps.timeZone ?? PRACTICE_TIME_ZONE;
  const now = deps.clock.now();
  const reopened = (
    await deps.booking.scheduling.openSlots({ departmentId: freed.departmentId, ...(freed.providerId === null ? {} : { providerId: freed.providerId }), startDate: freed.date, endDate: freed.date })
  ).find((slot) => !slot.frozen && slot.date === freed.date && slot.startTime === freed.startTime && slot.providerId === freed.providerId);
  if (!reopened) return { offered: 0 };
  const start = athenaLocalToInstant(reopened.date, reopened.startTime, timeZone);
  if (E.isLeft(start) || start.right.getTime() <= now.getTime()) return { offered: 0 };
  const slot = { departmentId: reopened.departmentId, providerId: reopened.providerId, startsAt: start.right };
  // Only members whose appointment can still be moved online (the 24-hour rule) hear of it.
  const recipients = (await deps.waitlist.waitingFor(slot)).filter((entry) => entry.startsAt.getTime() > slot.startsAt.getTime() && canChangeAppointment(entry.startsAt, now));
  if (recipients.length === 0) return { offered: 0 };
  const offer = await deps.waitlist.createOffer(
    { athenaSlotId: reopened.appointmentId, departmentId: slot.departmentId, providerId: slot.providerId, date: reopened.date, startTime: reopened.startTime, startsAt: slot.startsAt },
    recipients.map((entry) => ({ entryId: entry.id, sendAfter: entry.concierge ? now : new Date(now.getTime() + ENHANCED_OFFER_DELAY_MS) })),
    now,
  );
  if (!offer) return { offered: 0 };
  await sendDueOffers(deps);
  return { offered: recipients.length };
};

/** The offer email, in the member's language (English word for word as before issue 26). */
export const offerEmail = (to: string, link: OfferLink, url: string, locale: Locale = 'en-US') => ({
  to,
  ...WAITLIST_OFFER_EMAILS[locale]({ offeredStart: link.offer.startsAt, currentStart: link.entry.startsAt, url }),
});

/** Emails every offer link that is due and not yet sent (each once, across workers). */
export const sendDueOffers = async (deps: WaitlistDeps): Promise<{ sent: number }> => {
  const now = deps.clock.now();
  let sent = 0;
  for (const link of await deps.waitlist.claimDueLinks(now)) {
    try {
      if (link.offer.takenBy !== null || link.offer.startsAt.getTime() <= now.getTime()) continue;
      const patient = await deps.patients.getPatient(link.entry.athenaPatientId);
      if (!patient?.email) continue;
      const token = await deps.tokens.sign(OFFER_TOKEN_TYPE, { offer: link.offer.id, entry: link.entry.id }, now, link.offer.startsAt);
      const locale = await patientLocale(deps.languages, link.entry.athenaPatientId);
      await deps.mailer.send(offerEmail(patient.email, link, `${deps.publicOrigin}${OFFER_PAGE_PATH}#token=${encodeURIComponent(token)}`, locale));
      sent += 1;
    } catch (error) {
      await deps.waitlist.unclaimLink(link.offer.id, link.entry.id);
      throw error;
    }
  }
  return { sent };
};

const linkOf = async (deps: WaitlistDeps, token: unknown): Promise<OfferLink | null> => {
  const verified = await deps.tokens.verify(OFFER_TOKEN_TYPE, token, deps.clock.now());
  const offerId = verified?.claims.offer;
  const entryId = verified?.claims.entry;
  if (!offerId || !entryId) return null;
  return deps.waitlist.link(offerId, entryId);
};

const stateOf = (link: OfferLink): OfferState => (link.offer.takenBy !== null && link.offer.takenBy !== link.entry.id ? 'taken' : link.usedAt !== null ? 'used' : 'open');

/** The offer behind a link, or null for a forged, foreign or expired one. */
export const viewOffer = async (deps: WaitlistDeps, token: unknown): Promise<OfferView | null> => {
  const link = await linkOf(deps, token);
  return link ? { state: stateOf(link), offer: link.offer, entry: link.entry } : null;
};

/**
 * Moves the member's appointment to the offered slot. The link is used first (single use); a move
 * that fails for a passing reason (the record did not answer) gives it back.
 */
export const takeOffer = async (deps: WaitlistDeps, token: unknown): Promise<E.Either<TakeOfferError, Booked & { readonly freed: Appointment; readonly entry: WaitlistEntry }>> => {
  const link = await linkOf(deps, token);
  if (!link) return E.left({ code: 'WAITLIST.INVALID', message: OFFER_INVALID_MESSAGE });
  const { offer, entry } = link;
  const state = stateOf(link);
  if (state === 'taken') return E.left({ code: 'WAITLIST.GONE', message: OFFER_GONE_MESSAGE });
  if (state === 'used') return E.left({ code: 'WAITLIST.USED', message: OFFER_USED_MESSAGE });
  const now = deps.clock.now();
  if (!(await deps.waitlist.useLink(offer.id, entry.id, now))) return E.left({ code: 'WAITLIST.USED', message: OFFER_USED_MESSAGE });
  // The first member to confirm holds the offer; the others are told it is gone.
  if (!(await deps.waitlist.markTaken(offer.id, entry.id, now))) return E.left({ code: 'WAITLIST.GONE', message: OFFER_GONE_MESSAGE });
  const moved = await rescheduleAppointment(deps.booking, {
    existingAppointmentId: entry.athenaAppointmentId,
    choice: { appointmentId: offer.athenaSlotId, appointmentTypeId: entry.appointmentTypeId, providerId: offer.providerId },
    member: true,
    guestHash: null,
    mayActFor: (patientId) => patientId === entry.athenaPatientId,
  });
  if (E.isLeft(moved)) {
    // Booked by someone outside the waitlist: gone for everyone.
    if (moved.left.code === 'BOOKING.SLOT_TAKEN') return E.left({ code: 'WAITLIST.GONE', message: OFFER_GONE_MESSAGE });
    // Any other refusal is this member's (their appointment, the record): the others may still take it.
    await deps.waitlist.releaseTaken(offer.id, entry.id);
    if (moved.left.code === 'BOOKING.UNAVAILABLE') await deps.waitlist.giveBackLink(offer.id, entry.id);
    return E.left(moved.left);
  }
  await deps.waitlist.leave(entry.athenaAppointmentId);
  return E.right({ ...moved.right, entry });
};
