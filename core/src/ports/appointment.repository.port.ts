/**
 * Our record of the bookings made through the portal (`appointments`). The database holds the
 * two booking rules, so no interleaving of requests can break them: a slot has at most one live
 * booking, and a patient at most one live booking ('live' = pending or booked, not yet started).
 * `claim` answers which rule refused instead of throwing.
 */
export type AppointmentRowStatus = 'pending' | 'booked' | 'rescheduling' | 'rescheduled' | 'cancelled' | 'completed' | 'failed';

export interface AppointmentRecord {
  readonly id: string;
  readonly athenaPatientId: string;
  readonly athenaAppointmentId: string;
  readonly departmentId: string;
  readonly providerId: string | null;
  readonly appointmentTypeId: string;
  readonly appointmentType: string | null;
  readonly appointmentDate: string;
  readonly appointmentTime: string;
  readonly startsAt: Date;
  readonly status: AppointmentRowStatus;
  readonly bookedAt: Date | null;
  /** Who booked: the guest hash of a verified guest, null for a provider-login session. */
  readonly guestHash: string | null;
  /** The calendar event's UID seed (the first booking's id, kept across reschedules) and its SEQUENCE. */
  readonly calendarUid: string;
  readonly calendarSequence: number;
}

export type NewAppointment = Omit<AppointmentRecord, 'id' | 'status' | 'bookedAt'>;

export type ClaimResult =
  | { readonly kind: 'claimed'; readonly appointment: AppointmentRecord }
  | { readonly kind: 'slot_taken' }
  | { readonly kind: 'patient_has_appointment'; readonly existing: AppointmentRecord };

export interface AppointmentRepository {
  /** Files a pending booking of the slot for the patient; a patient's past bookings are closed first. */
  claim(appointment: NewAppointment, now: Date): Promise<ClaimResult>;
  /** The claim became a booking in the health record. */
  confirm(id: string, bookedAt: Date): Promise<void>;
  /** The claim did not become a booking: it is removed, freeing the slot and the patient. */
  release(id: string): Promise<void>;
  /** The live booking of this health-record appointment, if we made it. */
  findLive(athenaAppointmentId: string): Promise<AppointmentRecord | null>;
  /** The patient of a booking we made of this health-record appointment (any status), if any. */
  patientOf(athenaAppointmentId: string): Promise<string | null>;
  /** Booked appointments starting after `from` and no later than `to` (the reminders' window). */
  bookedStartingBetween(from: Date, to: Date): Promise<readonly AppointmentRecord[]>;
  /** The patient's live booking, if any. */
  liveOfPatient(athenaPatientId: string, now: Date): Promise<AppointmentRecord | null>;
  setStatus(id: string, status: AppointmentRowStatus, calendarSequence?: number): Promise<void>;
  /** Our booking of this health-record appointment (the latest, any status). */
  findByAthenaId(athenaAppointmentId: string): Promise<AppointmentRecord | null>;
  /**
   * Moves a live booking aside (status 'rescheduling') and claims the new slot in one transaction,
   * so the patient rule holds throughout; `undoReschedule` puts it back.
   */
  claimReschedule(oldId: string, appointment: NewAppointment, now: Date): Promise<ClaimResult>;
  finishReschedule(oldId: string, newId: string, bookedAt: Date): Promise<void>;
  undoReschedule(oldId: string, newId: string): Promise<void>;
}

/** The next-90-days list of a patient, kept a few minutes so a dashboard visit does not ask the record each time. */
export interface UpcomingAppointmentsCache {
  read(patientId: string, now: Date): Promise<readonly import('./scheduling.port.ts').Appointment[] | null>;
  write(patientId: string, appointments: readonly import('./scheduling.port.ts').Appointment[], now: Date): Promise<void>;
  drop(patientId: string): Promise<void>;
  /** The patient whose cached list (of any age) holds this appointment: how the portal first showed it to them. */
  patientOf(appointmentId: string): Promise<string | null>;
}
