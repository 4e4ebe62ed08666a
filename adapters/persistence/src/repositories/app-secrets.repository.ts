import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * A named server secret, created once and shared by every process on the database, for
 * installations that do not set one in the environment (development, tests, the sandbox).
 */
// An insert-if-missing then read: plainest in the query builder (no model for a two-column table).
export const sharedSecret = async (knex: Knex, name: string): Promise<string> => {
  await knex('app_secrets').insert({ name, value: randomBytes(32).toString('base64url') }).onConflict('name').ignore();
  const row = (await knex('app_secrets').where({ name }).first('value')) as { value: string };
  return row.value;
};

/**
 * The server secret that keys code and guest hashes and, without TOKEN_SIGNING_KEYS, the signed
 * tokens: VERIFICATION_TOKEN_SECRET when configured, else the shared one in the database. The API
 * and the worker (which signs waitlist links) must read the same one.
 */
export const serverSecret = async (knex: Knex, configured: string | null | undefined): Promise<string> => configured ?? (await sharedSecret(knex, 'verification-token'));
