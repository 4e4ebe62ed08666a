/**
 * Migrations are listed here and handed to knex as a migration source, so they load the same way
 * under Node's type stripping, jest and a bundler (no file-system globbing of .ts files).
 */
import type { Knex } from 'knex';
import * as specTables from './20261122000000_spec_tables.ts';
import * as authSessions from './20261122010000_auth_sessions.ts';
import * as verification from './20261122020000_verification.ts';
import * as enrollmentSigning from './20261122030000_enrollment_signing.ts';
import * as documentFiling from './20261122040000_document_filing.ts';
import * as payments from './20261122050000_payments.ts';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

const MIGRATIONS: Array<readonly [string, Migration]> = [
  ['20261122000000_spec_tables', specTables],
  ['20261122010000_auth_sessions', authSessions],
  ['20261122020000_verification', verification],
  ['20261122030000_enrollment_signing', enrollmentSigning],
  ['20261122040000_document_filing', documentFiling],
  ['20261122050000_payments', payments],
];

export const migrationSource: Knex.MigrationSource<readonly [string, Migration]> = {
  getMigrations: async () => MIGRATIONS,
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};

/**
 * Brings the schema to the latest version. Several processes may start at once against one
 * database: knex's lock table lets one migrate while the others wait here and then find nothing to do.
 */
export const migrateToLatest = async (knex: Knex, waitMs = 30_000): Promise<void> => {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await knex.migrate.latest({ migrationSource });
      return;
    } catch (error) {
      const locked = (error as Error).name === 'MigrationLocked';
      if (!locked || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
};
