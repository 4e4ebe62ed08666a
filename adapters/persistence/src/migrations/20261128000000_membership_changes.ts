/**
 * The membership cache kept true by its writers (issue 23, docs/kept-answers.md):
 * - subscription_cache."personId": the person signed in when the entry was read (a caregiver's
 *   view of a dependent is dropped when the caregiver's own membership changes too);
 * - membership_changes: when a membership last changed, per subject ('patient:<id>' or
 *   'customer:<id>'). A status read from Stripe before that moment is not stored over it.
 * The cache's rows are dropped: they name no person and are read again on the next visit.
 */
import type { Knex } from 'knex';

export const up = async (knex: Knex): Promise<void> => {
  await knex('subscription_cache').delete();
  await knex.schema.alterTable('subscription_cache', (table) => {
    table.text('personId');
    table.index(['personId']);
  });
  await knex.schema.createTable('membership_changes', (table) => {
    table.text('subject').primary();
    table.timestamp('changedAt', { useTz: true }).notNullable();
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTable('membership_changes');
  await knex.schema.alterTable('subscription_cache', (table) => {
    table.dropIndex(['personId']);
    table.dropColumn('personId');
  });
};
