import { beforeAll, describe, expect, it } from '@jest/globals';
import { bookingReducer, canBook, existingConfirmation, initialBookingState, pageHeading, progressPercent, stepTitle } from './booking-flow.ts';
import type { BookingAction, BookingState } from './booking-flow.ts';
import { messages } from './i18n.ts';

// The screens' words come from the catalog: these read the English one.
const t = messages.t;
beforeAll(() => messages.load('en-US'));

const run = (state: BookingState, ...actions: BookingAction[]): BookingState => actions.reduce(bookingReducer, state);

const member = run(initialBookingState, { type: 'start-member', patientId: '5101', locationId: '1', skipLocation: false, rescheduleId: null });
const slot = { appointmentId: '900', date: '03/02/2026', time: '09:00' };
const provider = { id: '15', name: 'Dr. Ada Smith' };
const type = { id: '2', name: 'Office Visit' };

describe('the booking steps', () => {
  it('titles each step of both paths and counts 20 % a step', () => {
    expect([-1, 0, 1, 2, 3, 4].map((step) => stepTitle(t, 'guest', step as never))).toEqual([
      'Checking authentication',
      'Verification',
      'Patient information',
      'Provider',
      'Schedule',
      'Confirmation',
    ]);
    expect([0, 1, 2].map((step) => stepTitle(t, 'member', step as never))).toEqual(['Practice location', 'Provider', 'Appointment type']);
    expect([-1, 0, 1, 2, 3, 4].map((step) => progressPercent(step as never))).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it('takes a member from the location through provider and type to the schedule and the confirmation', () => {
    expect(member.step).toBe(0);
    const scheduled = run(member, { type: 'location-chosen', locationId: '2' }, { type: 'provider-chosen', provider }, { type: 'type-chosen', appointmentType: type });
    expect(scheduled).toMatchObject({ step: 3, locationId: '2', provider, appointmentType: type, slot: null });
    const chosen = run(scheduled, { type: 'slot-chosen', slot });
    expect(canBook(chosen)).toBe(true);
    const confirmation = { kind: 'booked' as const, date: slot.date, time: slot.time, providerName: provider.name, appointmentTypeName: 'Office Visit', appointmentId: '900', message: null };
    expect(run(chosen, { type: 'confirmed', confirmation })).toMatchObject({ step: 4, confirmation });
  });

  it('starts a member at the provider step when the location screen chose the location', () => {
    expect(run(initialBookingState, { type: 'start-member', patientId: '5101', locationId: '8', skipLocation: true, rescheduleId: 'a1' })).toMatchObject({ step: 1, locationId: '8', rescheduleId: 'a1' });
    // Without a location there is nothing to skip.
    expect(run(initialBookingState, { type: 'start-member', patientId: '5101', locationId: '', skipLocation: true, rescheduleId: null }).step).toBe(0);
  });

  it('takes a guest from verification to patient information, provider and schedule (no type step)', () => {
    const guest = run(initialBookingState, { type: 'start-guest' });
    expect(guest).toMatchObject({ path: 'guest', step: 0 });
    const saved = run(guest, { type: 'verified' }, { type: 'patient-saved', patientId: '7001', locationId: '8' });
    expect(saved).toMatchObject({ step: 2, patientId: '7001', locationId: '8' });
    expect(run(saved, { type: 'provider-chosen', provider }).step).toBe(3);
    // 'verified' only moves a guest on from the verification step.
    expect(run(saved, { type: 'verified' }).step).toBe(2);
    expect(run(member, { type: 'verified' }).step).toBe(0);
  });

  it('clears the slot when the provider, the type or the week changes', () => {
    const chosen = run(member, { type: 'location-chosen', locationId: '1' }, { type: 'provider-chosen', provider }, { type: 'type-chosen', appointmentType: type }, { type: 'week-chosen', week: 2 }, { type: 'slot-chosen', slot });
    expect(chosen.slot).toEqual(slot);
    expect(run(chosen, { type: 'week-chosen', week: 3 })).toMatchObject({ week: 3, slot: null, appointmentType: type });
    expect(run(chosen, { type: 'type-chosen', appointmentType: { id: '4', name: 'Telehealth' } }).slot).toBeNull();
    // The same provider again keeps the type; another provider drops it (types belong to the provider).
    expect(run(chosen, { type: 'provider-chosen', provider })).toMatchObject({ slot: null, appointmentType: type });
    expect(run(chosen, { type: 'provider-chosen', provider: { id: 'any', name: 'No Preference' } })).toMatchObject({ slot: null, appointmentType: null });
  });

  it('keeps the week between 0 and 5', () => {
    expect(run(member, { type: 'week-chosen', week: 9 }).week).toBe(5);
    expect(run(member, { type: 'week-chosen', week: -1 }).week).toBe(0);
  });

  it("'Choose a Different Provider' clears provider, type and slot and returns to the provider step", () => {
    const chosen = run(member, { type: 'location-chosen', locationId: '1' }, { type: 'provider-chosen', provider }, { type: 'type-chosen', appointmentType: type }, { type: 'slot-chosen', slot });
    expect(run(chosen, { type: 'different-provider' })).toMatchObject({ step: 1, provider: null, appointmentType: null, slot: null });
    const guest = run(initialBookingState, { type: 'start-guest' }, { type: 'verified' }, { type: 'patient-saved', patientId: '7001', locationId: '1' }, { type: 'provider-chosen', provider });
    expect(run(guest, { type: 'different-provider' }).step).toBe(2);
  });

  it('goes back a step, but not past verification, nor from the confirmation', () => {
    const typeStep = run(member, { type: 'location-chosen', locationId: '1' }, { type: 'provider-chosen', provider });
    expect(run(typeStep, { type: 'back' }).step).toBe(1);
    const guestForm = run(initialBookingState, { type: 'start-guest' }, { type: 'verified' });
    expect(run(guestForm, { type: 'back' }).step).toBe(1);
    expect(run(member, { type: 'back' }).step).toBe(0);
  });

  it('cannot book without a slot or a patient', () => {
    const noSlot = run(member, { type: 'location-chosen', locationId: '1' }, { type: 'provider-chosen', provider }, { type: 'type-chosen', appointmentType: type });
    expect(canBook(noSlot)).toBe(false);
    const guest = run(initialBookingState, { type: 'start-guest' }, { type: 'provider-chosen', provider }, { type: 'type-chosen', appointmentType: type }, { type: 'slot-chosen', slot });
    expect(canBook(guest)).toBe(false);
  });

  it('confirms a kept existing appointment with its own data', () => {
    expect(existingConfirmation({ appointmentId: '1234', date: '04/01/2026', starttime: '14:30', providername: 'Dr. Ada Smith', appointmenttype: 'Consultation' })).toEqual({
      kind: 'existing',
      date: '04/01/2026',
      time: '14:30',
      providerName: 'Dr. Ada Smith',
      appointmentTypeName: 'Consultation',
      appointmentId: '1234',
      message: null,
    });
  });
});

describe("the page header's words", () => {
  const rescheduling = run(initialBookingState, { type: 'start-member', patientId: '5101', locationId: '1', skipLocation: false, rescheduleId: 'a1' });
  it("are the booking's, or a reschedule's once the wizard moves an appointment", () => {
    expect(pageHeading(t, member, false)).toEqual({ title: 'Book an Appointment', description: 'Choose a provider and a time that suits you.' });
    expect(pageHeading(t, rescheduling, true)).toEqual({ title: 'Reschedule Your Appointment', description: 'Choose a new time for your appointment.' });
    // A guest's wizard moves nothing, whatever the address asks.
    expect(pageHeading(t, run(initialBookingState, { type: 'start-guest' }), true)?.title).toBe('Book an Appointment');
  });
  it('are not drawn while the wizard checks who is booking an address that asks to reschedule (either could be wrong)', () => {
    expect(pageHeading(t, initialBookingState, true)).toBeNull();
    expect(pageHeading(t, initialBookingState, false)?.title).toBe('Book an Appointment');
  });
});
