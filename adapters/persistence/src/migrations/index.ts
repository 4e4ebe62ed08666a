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
import * as appendOnlyAudit from './20261122060000_append_only_audit.ts';
import * as booking from './20261125000000_booking.ts';
import * as waitlist from './20261126000000_waitlist.ts';
import * as subscriptionCache from './20261126120000_subscription_cache.ts';
import * as sessionChangeNotify from './20261126180000_session_change_notify.ts';
import * as membershipChanges from './20261128000000_membership_changes.ts';
import * as patientLanguages from './20261129000000_patient_languages.ts';

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
  ['20261122060000_append_only_audit', appendOnlyAudit],
  ['20261125000000_booking', booking],
  ['20261126000000_waitlist', waitlist],
  ['20261126120000_subscription_cache', subscriptionCache],
  ['20261126180000_session_change_notify', sessionChangeNotify],
  ['20261128000000_membership_changes', membershipChanges],
  ['20261129000000_patient_languages', patientLanguages],
];

export const migrationSource: Knex.MigrationSource<readonly [string, Migration]> = {
  getMigrations: async () => MIGRATIONS,
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};

/** A migration refused for want of rights: the connection is not the schema's owner. */
const refusedForRights = (error: unknown): boolean =>
  (error as { code?: string }).code === '42501' && /permission denied|must be owner/.test((error as Error).message);

const ownerNeeded = (error: unknown): Error =>
  new Error(
    `Database migrations are pending and this connection may not run them (${(error as Error).message}). ` +
      "Run `npm run migrate` with the schema owner's connection (DATABASE_MIGRATION_URL) first.",
    { cause: error },
  );

/**
 * Brings the schema to the latest version. Several processes may start at once against one
 * database: knex's lock table lets one migrate while the others wait here and then find nothing to do.
 * A schema already current is only read (no lock taken), so the application role, which may read
 * knex's bookkeeping but not write it, passes here; with migrations pending it is refused with a
 * message naming the fix.
 */
export const migrateToLatest = async (knex: Knex, waitMs = 30_000): Promise<void> => {
  try {
    const [, pending] = (await knex.migrate.list({ migrationSource })) as [unknown[], unknown[]];
    if (pending.length === 0) return;
  } catch (error) {
    throw refusedForRights(error) ? ownerNeeded(error) : error;
  }
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await knex.migrate.latest({ migrationSource });
      return;
    } catch (error) {
      if (refusedForRights(error)) throw ownerNeeded(error);
      const locked = (error as Error).name === 'MigrationLocked';
      if (!locked || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
};
