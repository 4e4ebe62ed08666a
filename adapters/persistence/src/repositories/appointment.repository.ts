/**
 * Bookings made through the portal (`appointments`) and the upcoming-list cache. The booking rules
 * are the table's unique indexes (migration 20261125000000_booking): `claim` inserts and reads a
 * unique violation as the answer, so concurrent requests are decided by PostgreSQL, not by a read
 * before the write.
 */
import type { Knex } from 'knex';
import type { Appointment, AppointmentRecord, AppointmentRepository, AppointmentRowStatus, ClaimResult, NewAppointment, ReminderKind, ReminderLedger, UpcomingAppointmentsCache } from '@portal/core';
import { REMINDER_CLAIM_STALE_MS, UPCOMING_CACHE_MS } from '@portal/core';
import { AppointmentModel, UpcomingAppointmentsCacheModel } from '../models/index.ts';

const SLOT_INDEX = 'appointments_one_live_booking_per_slot';
const PATIENT_INDEX = 'appointments_one_live_booking_per_patient';
const LIVE = ['pending', 'booked'];

const record = (row: AppointmentModel): AppointmentRecord => ({
  id: String(row.id),
  athenaPatientId: row.athenaPatientId,
  athenaAppointmentId: row.athenaAppointmentId ?? '',
  departmentId: row.department ?? '',
  providerId: row.providerId,
  appointmentTypeId: row.appointmentTypeId ?? '',
  appointmentType: row.appointmentType,
  appointmentDate: row.appointmentDate ?? '',
  appointmentTime: row.appointmentTime ?? '',
  startsAt: row.startsAt ?? new Date(0),
  status: row.status as AppointmentRowStatus,
  bookedAt: row.bookedAt,
  guestHash: row.guestHash,
  calendarUid: row.calendarUid ?? row.athenaAppointmentId ?? String(row.id),
  calendarSequence: row.calendarSequence,
});

/** The unique index a failed insert ran into (Objection wraps pg's error as db-errors' UniqueViolationError). */
const violated = (error: unknown): string | null => {
  const wrapped = error as { name?: string; constraint?: string; nativeError?: { code?: string; constraint?: string }; code?: string };
  const native = wrapped.nativeError ?? wrapped;
  return wrapped.name === 'UniqueViolationError' || native.code === '23505' ? (wrapped.constraint ?? native.constraint ?? null) : null;
};

export class PostgresAppointments implements AppointmentRepository {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  #query(trx?: Knex.Transaction) {
    return AppointmentModel.query(trx ?? this.#knex);
  }

  /** The row a claim inserts, in the table's own column names. */
  static #row(appointment: NewAppointment, now: Date) {
    return {
      department: appointment.departmentId,
      athenaPatientId: appointment.athenaPatientId,
      providerId: appointment.providerId,
      appointmentDate: appointment.appointmentDate,
      appointmentTime: appointment.appointmentTime,
      athenaAppointmentId: appointment.athenaAppointmentId,
      appointmentTypeId: appointment.appointmentTypeId,
      appointmentType: appointment.appointmentType,
      startsAt: appointment.startsAt,
      guestHash: appointment.guestHash,
      calendarUid: appointment.calendarUid,
      calendarSequence: appointment.calendarSequence,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    };
  }

  /**
   * One INSERT: the unique indexes decide, and a refused insert changes nothing, so a booking needs
   * no transaction (issue 15: one round trip for a booking's database part). Inside a transaction
   * (a reschedule) it runs in a savepoint, so a refusal leaves the transaction usable. Answers the
   * row, or the index a refusal ran into.
   */
  async #tryInsert(executor: Knex | Knex.Transaction, appointment: NewAppointment, now: Date): Promise<{ row: AppointmentModel } | { refused: string | null }> {
    const insert = (db: Knex | Knex.Transaction) => db('appointments').insert(PostgresAppointments.#row(appointment, now)).returning('*') as Promise<AppointmentModel[]>;
    try {
      const [row] = 'isTransaction' in executor && executor.isTransaction ? await executor.transaction(insert) : await insert(executor);
      return { row: row! };
    } catch (error) {
      const constraint = violated(error);
      if (constraint === null) throw error;
      return { refused: constraint };
    }
  }

  async #claim(executor: Knex | Knex.Transaction, appointment: NewAppointment, now: Date): Promise<ClaimResult> {
    let attempt = await this.#tryInsert(executor, appointment, now);
    if ('refused' in attempt && attempt.refused === PATIENT_INDEX) {
      // The patient holds a live booking. If it is in the past it no longer counts: mark it
      // completed and try once more (the rule of one live booking per patient is about the future).
      const completed = await this.#query(executor as Knex.Transaction).where({ athenaPatientId: appointment.athenaPatientId }).whereIn('status', LIVE).where('startsAt', '<=', now).patch({ status: 'completed', updatedAt: now });
      if (completed > 0) attempt = await this.#tryInsert(executor, appointment, now);
    }
    if ('row' in attempt) return { kind: 'claimed', appointment: record(attempt.row) };
    if (attempt.refused === SLOT_INDEX) return { kind: 'slot_taken' };
    if (attempt.refused === PATIENT_INDEX) {
      const existing = await this.#query(executor as Knex.Transaction).where({ athenaPatientId: appointment.athenaPatientId }).whereIn('status', LIVE).first();
      return existing ? { kind: 'patient_has_appointment', existing: record(existing) } : { kind: 'slot_taken' };
    }
    throw new Error(`Booking refused by an unexpected index: ${attempt.refused}`);
  }

  claim(appointment: NewAppointment, now: Date): Promise<ClaimResult> {
    return this.#claim(this.#knex, appointment, now);
  }

  async confirm(id: string, bookedAt: Date): Promise<void> {
    await this.#query().where({ id: Number(id) }).patch({ status: 'booked', bookedAt, updatedAt: bookedAt });
  }

  async release(id: string): Promise<void> {
    await this.#query().where({ id: Number(id), status: 'pending' }).delete();
  }

  async findLive(athenaAppointmentId: string): Promise<AppointmentRecord | null> {
    const row = await this.#query().where({ athenaAppointmentId }).whereIn('status', LIVE).first();
    return row ? record(row) : null;
  }

  async patientOf(athenaAppointmentId: string): Promise<string | null> {
    const row = await this.#query().where({ athenaAppointmentId }).orderBy('id', 'desc').first();
    return row?.athenaPatientId ?? null;
  }

  async bookedStartingBetween(from: Date, to: Date): Promise<readonly AppointmentRecord[]> {
    const rows = await this.#query().where({ status: 'booked' }).where('startsAt', '>', from).where('startsAt', '<=', to).orderBy('startsAt');
    return rows.map(record);
  }

  async liveOfPatient(athenaPatientId: string, now: Date): Promise<AppointmentRecord | null> {
    const row = await this.#query().where({ athenaPatientId }).whereIn('status', LIVE).where('startsAt', '>', now).first();
    return row ? record(row) : null;
  }

  async setStatus(id: string, status: AppointmentRowStatus, calendarSequence?: number): Promise<void> {
    await this.#query()
      .where({ id: Number(id) })
      .patch({ status, updatedAt: new Date(), ...(calendarSequence === undefined ? {} : { calendarSequence }) });
  }

  async findByAthenaId(athenaAppointmentId: string): Promise<AppointmentRecord | null> {
    const row = await this.#query().where({ athenaAppointmentId }).orderBy('id', 'desc').first();
    return row ? record(row) : null;
  }

  claimReschedule(oldId: string, appointment: NewAppointment, now: Date): Promise<ClaimResult> {
    return this.#knex.transaction(async (trx) => {
      await this.#query(trx).where({ id: Number(oldId) }).patch({ status: 'rescheduling', updatedAt: now });
      const claim = await this.#claim(trx, appointment, now);
      // Refused: the old booking stays as it was (the transaction commits only the patch undone below).
      if (claim.kind !== 'claimed') await this.#query(trx).where({ id: Number(oldId) }).patch({ status: 'booked', updatedAt: now });
      return claim;
    });
  }

  async finishReschedule(oldId: string, newId: string, bookedAt: Date): Promise<void> {
    await this.#knex.transaction(async (trx) => {
      await this.#query(trx).where({ id: Number(oldId) }).patch({ status: 'rescheduled', updatedAt: bookedAt });
      await this.#query(trx).where({ id: Number(newId) }).patch({ status: 'booked', bookedAt, updatedAt: bookedAt });
    });
  }

  async undoReschedule(oldId: string, newId: string): Promise<void> {
    await this.#knex.transaction(async (trx) => {
      await this.#query(trx).where({ id: Number(newId), status: 'pending' }).delete();
      await this.#query(trx).where({ id: Number(oldId), status: 'rescheduling' }).patch({ status: 'booked', updatedAt: new Date() });
    });
  }
}

export class PostgresUpcomingAppointmentsCache implements UpcomingAppointmentsCache {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async read(patientId: string, now: Date): Promise<readonly Appointment[] | null> {
    // A hot read: one fixed statement, without the query builder or Objection's model layer (decision 0039).
    const { rows } = (await this.#knex.raw('SELECT * FROM upcoming_appointments_cache WHERE "patientId" = ?', [patientId])) as { rows: UpcomingAppointmentsCacheModel[] };
    const row = rows[0];
    if (!row || now.getTime() - row.cachedAt.getTime() >= UPCOMING_CACHE_MS) return null;
    return row.appointments as Appointment[];
  }

  async write(patientId: string, appointments: readonly Appointment[], now: Date): Promise<void> {
    // An upsert: the query builder's onConflict reads plainest.
    await this.#knex('upcoming_appointments_cache')
      .insert({ patientId, appointments: JSON.stringify(appointments), cachedAt: now })
      .onConflict('patientId')
      .merge();
  }

  async drop(patientId: string): Promise<void> {
    // The list is emptied, not deleted: it still says whose appointments were shown (patientOf).
    await UpcomingAppointmentsCacheModel.query(this.#knex).findById(patientId).patch({ cachedAt: new Date(0) });
  }

  async patientOf(appointmentId: string): Promise<string | null> {
    const row = await UpcomingAppointmentsCacheModel.query(this.#knex)
      .whereRaw('appointments @> ?::jsonb', [JSON.stringify([{ appointmentId }])])
      .first();
    return row?.patientId ?? null;
  }
}

/**
 * Which reminders went out (`appointment_reminders`). A claim is an insert, or the take-over of a
 * claim left unsent for REMINDER_CLAIM_STALE_MS, in one statement: of two workers, one wins.
 */
export class PostgresReminderLedger implements ReminderLedger {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async claim(appointmentRowId: string, kind: ReminderKind, now: Date): Promise<boolean> {
    const stale = new Date(now.getTime() - REMINDER_CLAIM_STALE_MS);
    const result = await this.#knex.raw(
      `INSERT INTO appointment_reminders ("appointmentId", kind, "claimedAt") VALUES (?, ?, ?)
       ON CONFLICT ("appointmentId", kind) DO UPDATE SET "claimedAt" = EXCLUDED."claimedAt"
       WHERE appointment_reminders."sentAt" IS NULL AND appointment_reminders."claimedAt" < ?
       RETURNING "appointmentId"`,
      [Number(appointmentRowId), kind, now, stale],
    );
    return (result as { rows: unknown[] }).rows.length === 1;
  }

  async markSent(appointmentRowId: string, kind: ReminderKind, now: Date): Promise<void> {
    await this.#knex('appointment_reminders').where({ appointmentId: Number(appointmentRowId), kind }).update({ sentAt: now });
  }

  async release(appointmentRowId: string, kind: ReminderKind): Promise<void> {
    await this.#knex('appointment_reminders').where({ appointmentId: Number(appointmentRowId), kind }).whereNull('sentAt').delete();
  }
}
