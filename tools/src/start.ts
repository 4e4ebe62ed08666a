/**
 * `npm start`: the whole portal on one machine. PostgreSQL from DATABASE_URL or the embedded
 * server (data in .data/postgres, kept between runs), migrated as the schema's owner; then the API
 * serving the built frontends and the worker, both connected as the application role (on the
 * embedded server `portal_app`; with DATABASE_URL that URL as it is), which may not rewrite the
 * audit log. Builds the frontends first when they have not been built.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseInUseError, localEmbeddedOptions, migrateDatabase, openDatabase } from '@portal/persistence';
import { PortInUseError, startApi } from '@portal/api';
import { startSandbox, type RunningSandbox } from '@portal/provider-sandbox';
import { startWorker } from '@portal/worker';
import { buildFrontends } from './build-frontends.ts';
import { pointStripeWebhooks } from './stripe-webhooks.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const started = performance.now();

const fail = (message: string): never => {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
};

if (!existsSync(path.join(root, 'frontends/shell/dist/index.html'))) {
  console.log('Building the frontends (first start)…');
  await buildFrontends({ quiet: true });
}

const local = localEmbeddedOptions(process.env);
const dataDir = local.dataDir;
const database = await openDatabase(process.env, local).catch((error: Error) => fail(error instanceof DatabaseInUseError ? error.message : `Database: ${error.message}`));

// Schema changes as the owner (DATABASE_MIGRATION_URL when set); the API and worker below connect
// as the application role (database.appUrl).
await migrateDatabase(database.url).catch(async (error: Error) => {
  await database.stop();
  return fail(`Database migration: ${error.message}`);
});

// Without athenahealth credentials the provider sandbox stands in for athenahealth (and, as
// their issues land, for the other providers), on its own port and schema of the same database.
// It stands for systems outside the portal and makes its own schema, so it connects as the owner.
let sandbox: RunningSandbox | null = null;
if (!process.env.ATHENA_BASE_URL) {
  sandbox = await startSandbox({ databaseUrl: database.url }).catch(async (error: Error) => {
    await database.stop();
    return fail(`Provider sandbox: ${error.message}`);
  });
}

const api = await startApi({ databaseUrl: database.appUrl }).catch(async (error: Error) => {
  await sandbox?.close();
  await database.stop();
  return fail(error instanceof PortInUseError ? error.message : `API: ${error.message}`);
});

// The background worker (chart filing of signed documents) in this process; production runs
// it on its own (`npx node apps/worker/src/main.ts`, docs/deploy.md).
const worker = await startWorker({ databaseUrl: database.appUrl, migrate: false }).catch(async (error: Error) => {
  await api.close();
  await sandbox?.close();
  await database.stop();
  return fail(`Worker: ${error.message}`);
});

// The sandbox's Stripe sends its signed events to our webhook, as Stripe would.
if (sandbox) await pointStripeWebhooks(sandbox.url, api.url);

console.log(
  `\n  Member portal ready on ${api.url}  (${Math.round(performance.now() - started)} ms)\n` +
    `  Database: ${database.embedded ? `embedded PostgreSQL in ${path.relative(root, dataDir) || dataDir}, the API and worker as portal_app` : 'DATABASE_URL'}\n` +
    (sandbox
      ? `  Provider sandbox (athenahealth, SignWell, Stripe, Firebase, Turnstile, mail): ${sandbox.url}\n` +
        `  Inbox (emailed and texted codes): ${sandbox.url}/inbox\n`
      : '') +
    '  Press Ctrl+C to stop.\n',
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  await worker.stop().catch(() => {});
  await api.close().catch(() => {});
  await sandbox?.close().catch(() => {});
  await database.stop().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
