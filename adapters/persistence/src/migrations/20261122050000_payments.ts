/**
 * Payments (issue 6): the billing email kept on an enrollment, and Stripe events seen (each is
 * applied once; the row is written in the same transaction as the acknowledgment).
 */
import type { Knex } from 'knex';

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('enrollments', (table) => {
    table.text('billingEmail');
    table.index(['stripeSubscriptionId']);
    table.index(['stripeCustomerId']);
  });
  await knex.schema.createTable('card_events', (table) => {
    table.text('id').primary();
    table.text('type').notNullable();
    table.text('objectId');
    table.timestamp('receivedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTable('card_events');
  await knex.schema.alterTable('enrollments', (table) => {
    table.dropIndex(['stripeCustomerId']);
    table.dropIndex(['stripeSubscriptionId']);
    table.dropColumn('billingEmail');
  });
};
