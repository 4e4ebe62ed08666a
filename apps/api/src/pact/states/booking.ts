/**
 * What the booking screens need (booking-dashboard-staff §2 'Appointment booking', §7): members
 * (an active membership, as a paid enrollment leaves it) with and without an upcoming
 * appointment, an open slot found through the API as the schedule step finds it, a verified guest
 * whose membership matches the patient form, and a patient who is not a member. Each answers the
 * values the pact's requests take: `sessionCookie` or `guestToken`, `patientId`, the slot
 * (`appointmentId`, `appointmentDate`, `appointmentTime`, `providerId`, `appointmentTypeId`) and
 * the booked appointment (`existingAppointmentId`).
 */
import * as E from 'fp-ts/lib/Either.js';
import { athenaLocalToInstant } from '@portal/core';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { activeMembership } from '../../../../../tools/src/testing/members.ts';
import { verifiedGuest } from '../../../../../tools/src/testing/guest.ts';
import { offerLinkFor } from '../../../../../tools/src/testing/waitlist.ts';
import { existingPatientForm } from '../../../../../tools/src/testing/guest-forms.ts';
import { jsonCall, signedInForEnrollment, type PortalBrowser } from '../../../../../tools/src/testing/enrollment-flow.ts';
import type { TestPortal } from '../../../../../tools/src/testing/portal.ts';
import type { ProviderStates, StateValues } from './types.ts';

const MARGARET_EMAIL = 'margaret.sullivan@example.com';
const MARGARET_PHONE = '4015550111';
/** Far enough out that the 24-hour rule never refuses a reschedule or cancel of it. */
const MIN_HOURS_AWAY = 30;

const cookieOf = (browser: PortalBrowser): string => {
  const value = browser.jar.get('portal_session');
  if (!value) throw new Error('no session cookie');
  return `portal_session=${value}`;
};

const expectStatus = (what: string, answer: { status: number; body: unknown }, status: number): void => {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
};

interface Slot {
  readonly appointmentId: string;
  readonly date: string;
  readonly time: string;
  readonly providerId?: string;
}

/** Open Office Visit slots at location 1 (any provider), from week 1 on, at least MIN_HOURS_AWAY out. */
const openSlots = async (portal: TestPortal, browser: PortalBrowser): Promise<{ typeId: string; slots: Slot[] }> => {
  const types = await jsonCall(browser, portal.url, 'GET', '/api/appointment-types?providerId=any');
  expectStatus('appointment types', types, 200);
  const officeVisit = (types.body.appointmentTypes as Array<{ id: string; name: string }>).find((type) => type.name === 'Office Visit');
  if (!officeVisit) throw new Error('no Office Visit type');
  const slots: Slot[] = [];
  for (let week = 1; week < 6 && slots.length < 4; week += 1) {
    const answer = await jsonCall(browser, portal.url, 'GET', `/api/appointments/availability?departmentId=1&providerId=any&appointmentTypeId=${officeVisit.id}&week=${week}`);
    expectStatus('availability', answer, 200);
    for (const slot of answer.body.slots as Slot[]) {
      // On the practice's wall clock, summer (-04:00) or winter (-05:00): core's own conversion.
      const start = athenaLocalToInstant(slot.date, slot.time);
      if (E.isRight(start) && start.right.getTime() - Date.now() > MIN_HOURS_AWAY * 3_600_000) slots.push(slot);
    }
  }
  if (slots.length < 2) throw new Error('the sandbox offers too few open slots');
  return { typeId: officeVisit.id, slots };
};

const slotValues = (slot: Slot, typeId: string): StateValues => ({
  appointmentId: slot.appointmentId,
  appointmentDate: slot.date,
  appointmentTime: slot.time,
  providerId: slot.providerId ?? 'any',
  appointmentTypeId: typeId,
});

/** Margaret signed in, an active member, with an open slot to book. */
const memberWithOpenSlot = async (portal: TestPortal) => {
  await activeMembership(portal.db.knex, PATIENT_IDS.margaret);
  const browser = await signedInForEnrollment(portal.url, PATIENT_IDS.margaret);
  const { typeId, slots } = await openSlots(portal, browser);
  return { browser, typeId, slots };
};

/** …who has already booked the first open slot: the second is free. */
const memberWithAppointment = async (portal: TestPortal): Promise<StateValues> => {
  const { browser, typeId, slots } = await memberWithOpenSlot(portal);
  const [booked, free] = slots as [Slot, Slot];
  const answer = await jsonCall(browser, portal.url, 'POST', `/api/appointments/${PATIENT_IDS.margaret}/book`, {
    providerId: booked.providerId ?? 'any',
    appointmentId: booked.appointmentId,
    appointmentDate: booked.date,
    appointmentTime: booked.time,
    appointmentTypeId: typeId,
  });
  expectStatus('booking', answer, 200);
  return {
    sessionCookie: cookieOf(browser),
    patientId: String(PATIENT_IDS.margaret),
    existingAppointmentId: booked.appointmentId,
    ...slotValues(free, typeId),
  };
};

/**
 * Margaret (Concierge) holds an appointment on a later day and asked to hear of an earlier time;
 * Olivia's earlier appointment was cancelled, and the worker emailed Margaret the offer link.
 */
const waitlistedMemberWithOffer = async (portal: TestPortal): Promise<StateValues> => {
  await activeMembership(portal.db.knex, PATIENT_IDS.margaret, { tier: '500_concierge_annual' });
  await activeMembership(portal.db.knex, PATIENT_IDS.olivia);
  const margaret = await signedInForEnrollment(portal.url, PATIENT_IDS.margaret);
  const olivia = await signedInForEnrollment(portal.url, PATIENT_IDS.olivia);
  const { typeId, slots } = await openSlots(portal, olivia);
  const early = slots[0]!;
  const later = slots.find((slot) => slot.date !== early.date);
  if (!later) throw new Error('the sandbox offers no second day');
  const book = (browser: PortalBrowser, patientId: number, slot: Slot) => jsonCall(browser, portal.url, 'POST', `/api/appointments/${patientId}/book`, slotValues(slot, typeId));
  expectStatus('booking the early slot', await book(olivia, PATIENT_IDS.olivia, early), 200);
  expectStatus('booking the later slot', await book(margaret, PATIENT_IDS.margaret, later), 200);
  expectStatus('waitlist', await jsonCall(margaret, portal.url, 'PUT', `/api/appointments/${later.appointmentId}/waitlist`, { scope: 'any-provider' }), 200);
  expectStatus('cancel', await jsonCall(olivia, portal.url, 'PUT', `/api/appointments/${early.appointmentId}/cancel`), 200);
  const { token } = await offerLinkFor(portal, MARGARET_EMAIL);
  return { offerToken: token };
};

export const bookingStates: ProviderStates = {
  'a waitlisted member emailed an earlier-slot offer': waitlistedMemberWithOffer,

  'a signed-in member with an open appointment slot': async (portal) => {
    const { browser, typeId, slots } = await memberWithOpenSlot(portal);
    return { sessionCookie: cookieOf(browser), patientId: String(PATIENT_IDS.margaret), ...slotValues(slots[0]!, typeId) };
  },

  'a signed-in member with an upcoming appointment and another open slot': memberWithAppointment,

  /** Margaret signed in without any membership, and an open slot she may not book. */
  'a signed-in patient who is not a member, with an open appointment slot': async (portal) => {
    const browser = await signedInForEnrollment(portal.url, PATIENT_IDS.margaret);
    const { typeId, slots } = await openSlots(portal, browser);
    return { sessionCookie: cookieOf(browser), patientId: String(PATIENT_IDS.margaret), ...slotValues(slots[0]!, typeId) };
  },

  /**
   * Margaret verified her email and phone as a guest and enrolled through the guest path, and
   * that membership is active: the patient form with her name and birth date finds her.
   */
  'a verified guest whose membership is active': async (portal) => {
    const guest = await verifiedGuest(portal, MARGARET_EMAIL, MARGARET_PHONE);
    const created = await fetch(`${portal.url}/api/enrollments`, {
      method: 'POST',
      headers: { ...guest.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(existingPatientForm(guest)),
    });
    if (created.status !== 201) throw new Error(`guest enrollment answered ${created.status}: ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    const row = (await portal.db.knex('enrollments').where({ id }).first()) as { guestHash?: string | null } | undefined;
    if (!row?.guestHash) throw new Error('the guest enrollment has no guest hash');
    await activeMembership(portal.db.knex, PATIENT_IDS.margaret, { guestHash: row.guestHash });
    return { guestToken: guest.verificationToken };
  },
};
