/**
 * Provider-login sessions and pending authorization requests (ours: the spec shows only the
 * client). Both are keyed by SHA-256 hashes; no token, code verifier's owner or cookie value is
 * stored in the clear except the PKCE verifier, which is useless without the single-use code.
 */
import type { Knex } from 'knex';

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('auth_sessions', (table) => {
    table.text('id').primary();
    table.text('fhirUser');
    table.text('personPatientId');
    table.text('actingPatientId').notNullable();
    table.jsonb('person').notNullable();
    table.jsonb('acting').notNullable();
    table.jsonb('linkedPatients').notNullable().defaultTo('[]');
    table.timestamp('linksCheckedAt', { useTz: true }).notNullable();
    table.jsonb('data').notNullable().defaultTo('{}');
    table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('lastSeenAt', { useTz: true }).notNullable();
    table.timestamp('absoluteExpiresAt', { useTz: true }).notNullable();
    table.timestamp('revokedAt', { useTz: true });
    table.index(['absoluteExpiresAt']);
  });
  await knex.schema.createTable('pending_authorizations', (table) => {
    table.text('stateHash').primary();
    table.text('browserBindingHash').notNullable();
    table.text('codeVerifier').notNullable();
    table.text('nonce').notNullable();
    table.text('workflow').notNullable();
    table.text('redirectPath').notNullable();
    table.timestamp('createdAt', { useTz: true }).notNullable();
    table.timestamp('expiresAt', { useTz: true }).notNullable();
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTableIfExists('pending_authorizations');
  await knex.schema.dropTableIfExists('auth_sessions');
};
