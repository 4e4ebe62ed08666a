/**
 * Guest email codes, rate-limit counters, server secrets, and what staff sign-in needs beyond
 * spec §3 (attempt counting and the idle timeout).
 */
import type { Knex } from 'knex';

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('verification_codes', (table) => {
    table.bigIncrements('id');
    table.text('purpose').notNullable();
    // HMAC of the lowercased address: the table never holds an email or a code in the clear.
    table.text('subjectHash').notNullable();
    table.text('codeHash').notNullable();
    table.integer('attempts').notNullable().defaultTo(0);
    table.timestamp('createdAt', { useTz: true }).notNullable();
    table.timestamp('expiresAt', { useTz: true }).notNullable();
    table.timestamp('consumedAt', { useTz: true });
    table.index(['purpose', 'subjectHash', 'createdAt']);
  });
  // The shape rate-limiter-flexible's PostgreSQL store uses.
  await knex.schema.createTable('rate_limits', (table) => {
    table.string('key', 255).primary();
    table.integer('points').notNullable().defaultTo(0);
    table.bigInteger('expire');
  });
  await knex.schema.createTable('app_secrets', (table) => {
    table.text('name').primary();
    table.text('value').notNullable();
    table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.alterTable('staff_sessions', (table) => {
    table.integer('otpAttempts').notNullable().defaultTo(0);
    table.timestamp('lastSeenAt', { useTz: true });
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('staff_sessions', (table) => {
    table.dropColumn('otpAttempts');
    table.dropColumn('lastSeenAt');
  });
  await knex.schema.dropTableIfExists('app_secrets');
  await knex.schema.dropTableIfExists('rate_limits');
  await knex.schema.dropTableIfExists('verification_codes');
};
