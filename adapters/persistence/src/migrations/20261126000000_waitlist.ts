/**
 * The earlier-slot waitlist (issue 13). The races are held by keys: one waiting entry per booked
 * appointment, one offer per freed health-record slot, one link per offer and member; a link is
 * sent, used and an offer taken by conditional updates (see PostgresWaitlist).
 */
import type { Knex } from 'knex';

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('appointment_waitlist', (table) => {
    table.increments('id').primary();
    table.text('athenaPatientId').notNullable();
    table.text('athenaAppointmentId').notNullable();
    table.text('appointmentTypeId').notNullable();
    table.text('departmentId').notNullable();
    table.text('providerId');
    table.text('scope').notNullable();
    table.boolean('concierge').notNullable();
    table.text('date').notNullable();
    table.text('startTime').notNullable();
    table.timestamp('startsAt', { useTz: true }).notNullable();
    table.timestamp('createdAt', { useTz: true }).notNullable();
    table.unique(['athenaAppointmentId']);
    table.index(['departmentId', 'startsAt']);
  });
  await knex.raw(`ALTER TABLE appointment_waitlist ADD CONSTRAINT appointment_waitlist_scope CHECK (scope IN ('same-provider', 'any-provider'))`);
  await knex.schema.createTable('waitlist_offers', (table) => {
    table.increments('id').primary();
    table.text('athenaSlotId').notNullable().unique();
    table.text('departmentId').notNullable();
    table.text('providerId');
    table.text('date').notNullable();
    table.text('startTime').notNullable();
    table.timestamp('startsAt', { useTz: true }).notNullable();
    table.timestamp('createdAt', { useTz: true }).notNullable();
    // The waitlist entry that took the slot (kept after the entry is gone, so it is not a foreign key).
    table.integer('takenBy');
    table.timestamp('takenAt', { useTz: true });
  });
  // A link outlives its entry's row only as long as the offer: the snapshot of the entry it was made for.
  await knex.schema.createTable('waitlist_offer_links', (table) => {
    table.integer('offerId').notNullable().references('id').inTable('waitlist_offers').onDelete('CASCADE');
    table.integer('entryId').notNullable();
    table.jsonb('entry').notNullable();
    table.timestamp('sendAfter', { useTz: true }).notNullable();
    table.timestamp('sentAt', { useTz: true });
    table.timestamp('usedAt', { useTz: true });
    table.primary(['offerId', 'entryId']);
    table.index(['sendAfter']);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTableIfExists('waitlist_offer_links');
  await knex.schema.dropTableIfExists('waitlist_offers');
  await knex.schema.dropTableIfExists('appointment_waitlist');
};
