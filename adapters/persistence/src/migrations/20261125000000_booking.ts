/**
 * Booking (issue 13): what the `appointments` table needs beyond spec §3, and the upcoming-list
 * cache. The two booking rules are unique indexes, so no interleaving of requests can break them:
 * one live booking (pending or booked) per health-record slot, and one per patient. A patient's
 * past bookings are closed ('completed') before a new claim, so only upcoming ones count.
 */
import type { Knex } from 'knex';

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('appointments', (table) => {
    table.timestamp('startsAt', { useTz: true });
    // The verified guest who booked (their hash, never the address); null for a provider-login session.
    table.text('guestHash');
    table.timestamp('updatedAt', { useTz: true });
    // The calendar event of the booking: one UID across reschedules, its SEQUENCE counting changes.
    table.text('calendarUid');
    table.integer('calendarSequence').notNullable().defaultTo(0);
  });
  await knex.raw(`CREATE UNIQUE INDEX appointments_one_live_booking_per_slot ON appointments ("athenaAppointmentId") WHERE status IN ('pending', 'booked')`);
  await knex.raw(`CREATE UNIQUE INDEX appointments_one_live_booking_per_patient ON appointments ("athenaPatientId") WHERE status IN ('pending', 'booked')`);
  // Reminders sent (or being sent): one row per booking and kind, so each goes once.
  await knex.schema.createTable('appointment_reminders', (table) => {
    table.integer('appointmentId').notNullable().references('id').inTable('appointments').onDelete('CASCADE');
    table.text('kind').notNullable();
    table.timestamp('claimedAt', { useTz: true }).notNullable();
    table.timestamp('sentAt', { useTz: true });
    table.primary(['appointmentId', 'kind']);
  });
  await knex.schema.createTable('upcoming_appointments_cache', (table) => {
    table.text('patientId').primary();
    table.jsonb('appointments').notNullable();
    table.timestamp('cachedAt', { useTz: true }).notNullable();
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTableIfExists('upcoming_appointments_cache');
  await knex.schema.dropTableIfExists('appointment_reminders');
  await knex.raw('DROP INDEX IF EXISTS appointments_one_live_booking_per_patient');
  await knex.raw('DROP INDEX IF EXISTS appointments_one_live_booking_per_slot');
  await knex.schema.alterTable('appointments', (table) => {
    table.dropColumn('startsAt');
    table.dropColumn('guestHash');
    table.dropColumn('updatedAt');
    table.dropColumn('calendarUid');
    table.dropColumn('calendarSequence');
  });
};
