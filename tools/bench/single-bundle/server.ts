/**
 * The two portals `npm run bench -- federation` compares, in a process of its own (the Lighthouse
 * driver never shares their event loop), started as tools/bench/api-server.ts starts the portal
 * (embedded PostgreSQL in a fresh folder, schema migrated, the provider sandbox, the API as the
 * application role, logging at info into nothing):
 *
 * - composed: the API serving the frontends' builds (frontends/<name>/dist) as under npm start;
 * - single: a second API on the same database and sandbox, the same code and settings, with
 *   FRONTENDS_DIR at the single bundle's folder (webpack.config.js here): its index.html, assets
 *   and precompressed twins through the same serving code (same Content-Encoding, Cache-Control,
 *   Vary), and the same data behind /api.
 *
 * Prints one JSON line {composed, single} (their URLs) when ready; stops on SIGTERM.
 *
 *   node tools/bench/single-bundle/server.ts
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { startApi } from '@portal/api';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, SANDBOX_PATIENT_CLIENT_ID } from '@portal/athena';
import { createLogger } from '@portal/composition';
import { migrateJobQueue, startEmbeddedPostgres } from '@portal/persistence';
import { startSandbox } from '@portal/provider-sandbox';
import { appRoleUrl, createTestDatabase } from '../../src/testing/test-database.ts';
import { ROOT } from '../report.ts';
import { SINGLE_FRONTENDS_DIR } from './webpack.config.js';
import { freePort } from '../../src/free-port.ts';

const discard = new Writable({
  write(_chunk, _encoding, callback) {
    callback();
  },
});

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
const env: NodeJS.ProcessEnv = {
  LOG_LEVEL: 'info',
  ATHENA_BASE_URL: sandbox.url,
  ATHENA_CLIENT_ID: SANDBOX_CLIENT_ID,
  ATHENA_CLIENT_SECRET: SANDBOX_CLIENT_SECRET,
  ATHENA_PATIENT_CLIENT_ID: SANDBOX_PATIENT_CLIENT_ID,
  PROVIDER_SANDBOX_URL: sandbox.url,
  SMTP_URL: sandbox.smtpUrl,
  // No Prometheus port: two APIs in one process (and any other API on this machine) would want the same one.
  METRICS_PORT: 'off',
};
const databaseUrl = await appRoleUrl(db);
const composed = await startApi({ databaseUrl, port: 0, env, logger: createLogger('info', discard) });
stops.push(() => composed.close());
const single = await startApi({ databaseUrl, port: 0, env: { ...env, FRONTENDS_DIR: SINGLE_FRONTENDS_DIR }, logger: createLogger('info', discard) });
stops.push(() => single.close());
console.log(JSON.stringify({ composed: composed.url, single: single.url }));
