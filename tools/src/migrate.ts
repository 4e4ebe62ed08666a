/**
 * `npm run migrate`: brings the database up to date as the schema's owner — the knex migrations
 * (tables, the application role's grants, the append-only audit triggers) and graphile-worker's
 * schema — then exits. Uses DATABASE_MIGRATION_URL (the owner), else DATABASE_URL, else the
 * embedded server in .data/postgres (started for the command when `npm start` is not running).
 * Run it before starting API or worker instances that connect as the application role.
 */
import { embeddedUrl, localAppUrl, localEmbeddedOptions, migrateDatabase, openDatabase, runningPostmaster, type DatabaseHandle } from '@portal/persistence';

const { dataDir, port } = localEmbeddedOptions(process.env);
const fromEnv = process.env.DATABASE_MIGRATION_URL || process.env.DATABASE_URL;

const database: DatabaseHandle = fromEnv
  ? { url: fromEnv, appUrl: fromEnv, embedded: false, stop: async () => {} }
  : runningPostmaster(dataDir) !== null
    ? { url: embeddedUrl(port), appUrl: localAppUrl(embeddedUrl(port)), embedded: false, stop: async () => {} }
    : await openDatabase(process.env, { dataDir, port });
try {
  await migrateDatabase(database.url);
  console.log('The database is up to date.');
} catch (error) {
  console.error(`\n✖ Migration failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await database.stop();
}
