/**
 * What a benchmark's API stands on, as `npm start` gives it: an embedded PostgreSQL in a fresh
 * folder under .data/bench-postgres/, a migrated database, the job queue's schema and the provider
 * sandbox; the API connects as the application role and logs at info into nothing
 * (tools/bench/api-server.ts, tools/bench/single-bundle/server.ts).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { migrateJobQueue, startEmbeddedPostgres } from '@portal/persistence';
import { startSandbox } from '@portal/provider-sandbox';
import { freePort } from '../src/free-port.ts';
import { appRoleUrl, createTestDatabase } from '../src/testing/test-database.ts';
import { ROOT } from './report.ts';
import { sandboxProviderEnv } from '../src/sandbox-env.ts';

/** Log lines go nowhere (the API still formats and redacts each one, as in production). */
export const discard = new Writable({
  write(_chunk, _encoding, callback) {
    callback();
  },
});

/**
 * Steps to undo at SIGTERM or SIGINT, run last first; then a normal exit (so --cpu-prof writes
 * its profile).
 */
export const stopsOnSignal = (): Array<() => Promise<unknown>> => {
  const stops: Array<() => Promise<unknown>> = [];
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    for (const step of stops.reverse()) await step().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  return stops;
};

/**
 * Starts PostgreSQL, the database and the sandbox (their stops pushed onto `stops`); answers the
 * API's database URL and environment, and the database owner's URL (for a benchmark's own seeding).
 */
export const startBenchBackend = async (stops: Array<() => Promise<unknown>>): Promise<{ databaseUrl: string; ownerUrl: string; env: NodeJS.ProcessEnv }> => {
  const dataDir = path.join(ROOT, '.data/bench-postgres', String(process.pid));
  rmSync(dataDir, { recursive: true, force: true });
  const postgres = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'postgres' });
  stops.push(async () => {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  process.env.DATABASE_URL = postgres.url;
  const db = await createTestDatabase();
  stops.push(() => db.knex.destroy());
  const sandbox = await startSandbox({ databaseUrl: db.url, port: 0, smtpPort: 0 });
  stops.push(() => sandbox.close());
  await migrateJobQueue(db.knex, db.url);
  return {
    databaseUrl: await appRoleUrl(db),
    ownerUrl: db.url,
    env: {
      LOG_LEVEL: 'info',
      ...sandboxProviderEnv(sandbox),
    },
  };
};
