/**
 * The health record's schedule as booking needs it (athenahealth's open appointments, appointment
 * types, book, cancel, reschedule, a patient's appointments). Dates are 'MM/DD/YYYY' and times
 * 'HH:mm' on the practice's wall clock, as athenahealth gives them.
 */
export interface OpenSlotQuery {
  readonly departmentId: string;
  readonly providerId?: string;
  readonly appointmentTypeId?: string;
  readonly startDate: string;
  readonly endDate: string;
}

export interface OpenSlot {
  readonly appointmentId: string;
  readonly date: string;
  readonly startTime: string;
  readonly durationMinutes: number | null;
  readonly departmentId: string;
  readonly providerId: string | null;
  readonly appointmentTypeId: string | null;
  readonly appointmentType: string | null;
  readonly patientAppointmentTypeName: string | null;
  readonly frozen: boolean;
}

export interface AppointmentType {
  readonly appointmentTypeId: string;
  readonly name: string;
  readonly shortName: string | null;
  readonly durationMinutes: number | null;
  /** Patients may book it themselves. */
  readonly patientBookable: boolean;
  readonly generic: boolean;
}

export interface Appointment {
  readonly appointmentId: string;
  /** athena's code: o open, f future, 2 checked in, 3 checked out, 4 charge entered, x cancelled. */
  readonly appointmentStatus: string;
  readonly patientId: string | null;
  readonly date: string;
  readonly startTime: string;
  readonly durationMinutes: number | null;
  readonly departmentId: string | null;
  readonly providerId: string | null;
  readonly appointmentTypeId: string | null;
  readonly appointmentType: string | null;
}

export interface RescheduledAppointment extends Appointment {
  readonly rescheduledAppointmentId: string | null;
}

export interface BookAppointmentInput {
  /** The open slot's id. */
  readonly appointmentId: string;
  readonly patientId: string;
  readonly appointmentTypeId: string;
  readonly departmentId: string;
}

export interface CancelAppointmentInput {
  readonly appointmentId: string;
  readonly patientId: string;
  readonly reason: string;
  readonly cancelReasonId?: string;
}

export interface RescheduleAppointmentInput {
  /** The booked appointment being moved. */
  readonly appointmentId: string;
  /** The open slot it moves to. */
  readonly newAppointmentId: string;
  readonly patientId: string;
  readonly reason?: string;
  readonly cancelReasonId?: string;
}

export interface PatientAppointmentsOptions {
  readonly showPast: boolean;
  readonly showCancelled: boolean;
}

/** The slot is not open any more (someone booked it first): athenahealth answers 409. */
export class SlotTakenError extends Error {
  override readonly name = 'SlotTakenError';
}

/**
 * Throws HealthRecordUnavailableError when the record does not answer (a booking's effect is then
 * unknown: look it up before trying again), SlotTakenError for a taken slot, and
 * HealthRecordRejectedError for other refusals.
 */
export interface Scheduling {
  openSlots(query: OpenSlotQuery): Promise<readonly OpenSlot[]>;
  /** One appointment or slot by id (status 'o' while open); null when the record has none. */
  appointment(appointmentId: string): Promise<Appointment | null>;
  appointmentTypes(): Promise<readonly AppointmentType[]>;
  bookAppointment(input: BookAppointmentInput): Promise<Appointment>;
  cancelAppointment(input: CancelAppointmentInput): Promise<void>;
  rescheduleAppointment(input: RescheduleAppointmentInput): Promise<RescheduledAppointment>;
  patientAppointments(patientId: string, options: PatientAppointmentsOptions): Promise<readonly Appointment[]>;
}
