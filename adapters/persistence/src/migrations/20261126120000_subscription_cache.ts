/**
 * subscription_cache (spec §3) made usable as the dashboard's 5-minute membership cache (issue 14,
 * docs/decisions/0028): one row per cache key (acting patient and person), the whole status as the
 * API answers it, and the Stripe customers it was read from so the webhook can drop it. The spec's
 * columns stay: patientId (the acting patient), tier1Subscriptions (own and on-account lists),
 * tier2Subscriptions (caregiver-managed); email is left empty (no address is kept here).
 */
import type { Knex } from 'knex';

export const up = async (knex: Knex): Promise<void> => {
  await knex('subscription_cache').delete();
  await knex.schema.alterTable('subscription_cache', (table) => {
    table.text('cacheKey');
    table.jsonb('status');
    table.specificType('customerIds', 'text[]').notNullable().defaultTo('{}');
  });
  await knex.raw('CREATE UNIQUE INDEX subscription_cache_key ON subscription_cache ("cacheKey")');
  await knex.raw('CREATE INDEX subscription_cache_customers ON subscription_cache USING gin ("customerIds")');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('DROP INDEX IF EXISTS subscription_cache_customers');
  await knex.raw('DROP INDEX IF EXISTS subscription_cache_key');
  await knex.schema.alterTable('subscription_cache', (table) => {
    table.dropColumn('customerIds');
    table.dropColumn('status');
    table.dropColumn('cacheKey');
  });
};
