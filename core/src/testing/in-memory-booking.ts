/** Booking's ports in memory, for core's unit tests: athenahealth's schedule and the rules PostgreSQL's unique indexes hold. */
import { HealthRecordUnavailableError } from '../ports/health-record.port.ts';
import type { AppointmentRecord, AppointmentRepository, ClaimResult, NewAppointment, UpcomingAppointmentsCache } from '../ports/appointment.repository.port.ts';
import { SlotTakenError, type Appointment, type AppointmentType, type Scheduling } from '../ports/scheduling.port.ts';
import type { FreedSlot, OfferLink, Waitlist, WaitlistEntry, WaitlistOffer } from '../ports/waitlist.port.ts';
import type { BookingDeps } from '../use-cases/booking-support.ts';
import { FixedClock } from './fixed-clock.ts';

export const TYPES: AppointmentType[] = [
  { appointmentTypeId: '2', name: 'Office Visit', shortName: 'OV', durationMinutes: 30, patientBookable: true, generic: false },
  { appointmentTypeId: '9', name: 'Telehealth', shortName: 'TELE', durationMinutes: 20, patientBookable: true, generic: false },
  { appointmentTypeId: '5', name: 'Annual Physical', shortName: 'PHYS', durationMinutes: 30, patientBookable: true, generic: false },
];

export const appointment = (id: string, date: string, time: string, status = 'o', patientId: string | null = null): Appointment => ({
  appointmentId: id,
  appointmentStatus: status,
  patientId,
  date,
  startTime: time,
  durationMinutes: 30,
  departmentId: '1',
  providerId: '8',
  appointmentTypeId: '2',
  appointmentType: 'Office Visit',
});

/** athenahealth as the use case sees it: slots by id, book/cancel/reschedule, failures on demand. */
export class FakeSchedule implements Scheduling {
  readonly rows = new Map<string, Appointment>();
  failNext: 'before' | 'after' | null = null;
  add(...appointments: Appointment[]) {
    for (const a of appointments) this.rows.set(a.appointmentId, a);
  }
  async openSlots() {
    return [...this.rows.values()].filter((a) => a.appointmentStatus === 'o').map((a) => ({ ...a, patientAppointmentTypeName: null, frozen: false, departmentId: '1' }));
  }
  async appointment(id: string) {
    return this.rows.get(id) ?? null;
  }
  async appointmentTypes() {
    return TYPES;
  }
  async bookAppointment(input: { appointmentId: string; patientId: string }) {
    const slot = this.rows.get(input.appointmentId)!;
    if (this.failNext === 'before') {
      this.failNext = null;
      throw new HealthRecordUnavailableError('timeout');
    }
    if (slot.appointmentStatus !== 'o') throw new SlotTakenError('taken');
    const booked = { ...slot, appointmentStatus: 'f', patientId: input.patientId };
    this.rows.set(slot.appointmentId, booked);
    if (this.failNext === 'after') {
      this.failNext = null;
      throw new HealthRecordUnavailableError('timeout after the write');
    }
    return booked;
  }
  /** As athenahealth (and the sandbox) do when asked: a cancelled or moved-from slot opens again under a new id. */
  reopens = false;
  #free(id: string) {
    const old = this.rows.get(id)!;
    this.rows.set(id, { ...old, appointmentStatus: 'x' });
    if (this.reopens) this.rows.set(`${id}0`, { ...old, appointmentId: `${id}0`, appointmentStatus: 'o', patientId: null });
  }
  async cancelAppointment(input: { appointmentId: string }) {
    this.#free(input.appointmentId);
  }
  async rescheduleAppointment(input: { appointmentId: string; newAppointmentId: string; patientId: string }) {
    if (this.rows.get(input.newAppointmentId)?.appointmentStatus !== 'o') throw new SlotTakenError('taken');
    this.#free(input.appointmentId);
    const moved = { ...this.rows.get(input.newAppointmentId)!, appointmentStatus: 'f', patientId: input.patientId };
    this.rows.set(input.newAppointmentId, moved);
    return { ...moved, rescheduledAppointmentId: input.appointmentId };
  }
  async patientAppointments(patientId: string) {
    return [...this.rows.values()].filter((a) => a.patientId === patientId && a.appointmentStatus !== 'x');
  }
}

/** The rules PostgreSQL's unique indexes hold, in memory. */
export class MemoryAppointments implements AppointmentRepository {
  readonly rows: AppointmentRecord[] = [];
  #claim(appointment: NewAppointment): ClaimResult {
    const live = (row: AppointmentRecord) => row.status === 'pending' || row.status === 'booked';
    if (this.rows.some((row) => live(row) && row.athenaAppointmentId === appointment.athenaAppointmentId)) return { kind: 'slot_taken' };
    const existing = this.rows.find((row) => live(row) && row.athenaPatientId === appointment.athenaPatientId);
    if (existing) return { kind: 'patient_has_appointment', existing };
    const row: AppointmentRecord = { ...appointment, id: String(this.rows.length + 1), status: 'pending', bookedAt: null };
    this.rows.push(row);
    return { kind: 'claimed', appointment: row };
  }
  #set(id: string, change: Partial<AppointmentRecord>) {
    const index = this.rows.findIndex((row) => row.id === id);
    this.rows[index] = { ...this.rows[index]!, ...change };
  }
  async claim(appointment: NewAppointment) {
    return this.#claim(appointment);
  }
  async confirm(id: string, bookedAt: Date) {
    this.#set(id, { status: 'booked', bookedAt });
  }
  async release(id: string) {
    this.#set(id, { status: 'failed' });
  }
  async findLive(athenaAppointmentId: string) {
    return this.rows.find((row) => row.athenaAppointmentId === athenaAppointmentId && (row.status === 'pending' || row.status === 'booked')) ?? null;
  }
  async patientOf(athenaAppointmentId: string) {
    return this.rows.find((row) => row.athenaAppointmentId === athenaAppointmentId)?.athenaPatientId ?? null;
  }
  async findByAthenaId(athenaAppointmentId: string) {
    return [...this.rows].reverse().find((row) => row.athenaAppointmentId === athenaAppointmentId) ?? null;
  }
  async bookedStartingBetween(from: Date, to: Date) {
    return this.rows.filter((row) => row.status === 'booked' && row.startsAt > from && row.startsAt <= to);
  }
  async liveOfPatient(patientId: string) {
    return this.rows.find((row) => row.athenaPatientId === patientId && row.status === 'booked') ?? null;
  }
  async setStatus(id: string, status: AppointmentRecord['status'], calendarSequence?: number) {
    this.#set(id, { status, ...(calendarSequence === undefined ? {} : { calendarSequence }) });
  }
  async claimReschedule(oldId: string, appointment: NewAppointment) {
    this.#set(oldId, { status: 'rescheduling' });
    const claim = this.#claim(appointment);
    if (claim.kind !== 'claimed') this.#set(oldId, { status: 'booked' });
    return claim;
  }
  async finishReschedule(oldId: string, newId: string, bookedAt: Date) {
    this.#set(oldId, { status: 'rescheduled' });
    this.#set(newId, { status: 'booked', bookedAt });
  }
  async undoReschedule(oldId: string, newId: string) {
    this.#set(newId, { status: 'failed' });
    this.#set(oldId, { status: 'booked' });
  }
}

export const noCache: UpcomingAppointmentsCache = { read: async () => null, write: async () => {}, drop: async () => {}, patientOf: async () => null };


/** The waitlist's store in memory, with the same single-winner rules as PostgresWaitlist. */
export class MemoryWaitlist implements Waitlist {
  readonly entries: WaitlistEntry[] = [];
  readonly offers: WaitlistOffer[] = [];
  readonly links: { offerId: string; entry: WaitlistEntry; sendAfter: Date; sentAt: Date | null; usedAt: Date | null }[] = [];
  readonly freed: FreedSlot[] = [];
  async join(entry: Omit<WaitlistEntry, 'id'>) {
    const kept = this.entries.findIndex((candidate) => candidate.athenaAppointmentId === entry.athenaAppointmentId);
    const row = { ...entry, id: kept >= 0 ? this.entries[kept]!.id : String(this.entries.length + 100) };
    if (kept >= 0) this.entries[kept] = row;
    else this.entries.push(row);
    return row;
  }
  async leave(athenaAppointmentId: string) {
    const index = this.entries.findIndex((entry) => entry.athenaAppointmentId === athenaAppointmentId);
    if (index >= 0) this.entries.splice(index, 1);
  }
  async scopesOf(ids: readonly string[]) {
    return new Map(this.entries.filter((entry) => ids.includes(entry.athenaAppointmentId)).map((entry) => [entry.athenaAppointmentId, entry.scope] as const));
  }
  async slotFreed(slot: FreedSlot) {
    this.freed.push(slot);
  }
  async waitingFor(slot: { departmentId: string; providerId: string | null; startsAt: Date }) {
    return this.entries.filter(
      (entry) => entry.departmentId === slot.departmentId && entry.startsAt > slot.startsAt && (entry.scope === 'any-provider' || (slot.providerId !== null && entry.providerId === slot.providerId)),
    );
  }
  async createOffer(offer: Omit<WaitlistOffer, 'id' | 'takenBy'>, recipients: readonly { entryId: string; sendAfter: Date }[]) {
    if (this.offers.some((existing) => existing.athenaSlotId === offer.athenaSlotId)) return null;
    const row: WaitlistOffer = { ...offer, id: String(this.offers.length + 1), takenBy: null };
    this.offers.push(row);
    for (const recipient of recipients) {
      const entry = this.entries.find((candidate) => candidate.id === recipient.entryId);
      if (entry) this.links.push({ offerId: row.id, entry, sendAfter: recipient.sendAfter, sentAt: null, usedAt: null });
    }
    return row;
  }
  #view(link: (typeof this.links)[number]): OfferLink {
    return { offer: this.offers.find((offer) => offer.id === link.offerId)!, entry: link.entry, usedAt: link.usedAt };
  }
  #find(offerId: string, entryId: string) {
    return this.links.find((link) => link.offerId === offerId && link.entry.id === entryId);
  }
  async claimDueLinks(now: Date) {
    const due = this.links.filter((link) => link.sentAt === null && link.sendAfter <= now);
    for (const link of due) link.sentAt = now;
    return due.map((link) => this.#view(link));
  }
  async unclaimLink(offerId: string, entryId: string) {
    const link = this.#find(offerId, entryId);
    if (link) link.sentAt = null;
  }
  async link(offerId: string, entryId: string) {
    const link = this.#find(offerId, entryId);
    return link && link.sentAt !== null ? this.#view(link) : null;
  }
  async useLink(offerId: string, entryId: string, now: Date) {
    const link = this.#find(offerId, entryId);
    if (!link || link.usedAt !== null) return false;
    link.usedAt = now;
    return true;
  }
  async giveBackLink(offerId: string, entryId: string) {
    const link = this.#find(offerId, entryId);
    if (link) link.usedAt = null;
  }
  async markTaken(offerId: string, entryId: string) {
    const index = this.offers.findIndex((offer) => offer.id === offerId);
    if (index < 0 || this.offers[index]!.takenBy !== null) return false;
    this.offers[index] = { ...this.offers[index]!, takenBy: entryId };
    return true;
  }
  async releaseTaken(offerId: string, entryId: string) {
    const index = this.offers.findIndex((offer) => offer.id === offerId && offer.takenBy === entryId);
    if (index >= 0) this.offers[index] = { ...this.offers[index]!, takenBy: null };
  }
}

/** A booking use case's ports over these fakes at a fixed time, for the use cases' unit tests. */
export const bookingSetup = (now: string) => {
  const scheduling = new FakeSchedule();
  const appointments = new MemoryAppointments();
  const clock = new FixedClock(now);
  const deps: BookingDeps = { scheduling, appointments, upcoming: noCache, clock };
  return { scheduling, appointments, clock, deps };
};

/** The slot a patient picks in a test (provider 8). */
export const slotChoice = (appointmentId: string, appointmentTypeId = '2') => ({ appointmentId, appointmentTypeId, providerId: '8' });

/** `mayActFor` for a patient acting for themselves. */
export const actingFor = (patientId: string) => (candidate: string) => candidate === patientId;
