/**
 * `npx node apps/worker/src/main.ts`: the worker on its own (production runs one or more of these
 * beside the API instances), on DATABASE_URL (or the embedded PostgreSQL in .data/postgres when
 * unset, as the application role), with the same provider settings as the API. It first brings the
 * schema up to date as the owner (DATABASE_MIGRATION_URL, else DATABASE_URL; nothing is written
 * when it is already current). Prometheus metrics on METRICS_HOST:METRICS_PORT (default
 * 127.0.0.1:9465). Stops cleanly on SIGINT/SIGTERM: running jobs finish first.
 */
import { localEmbeddedOptions, migrateDatabase, openDatabase } from '@portal/persistence';
import { startWorker } from './worker.ts';

const fail = (message: string): never => {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
};

const database = await openDatabase(process.env, localEmbeddedOptions(process.env)).catch((error: Error) => fail(`Database: ${error.message}`));

await migrateDatabase(database.url).catch(async (error: Error) => {
  await database.stop();
  return fail(`Database migration: ${error.message}`);
});

const concurrency = Number(process.env.WORKER_CONCURRENCY ?? 2);
const worker = await startWorker({
  databaseUrl: database.appUrl,
  migrate: false,
  concurrency: Number.isInteger(concurrency) && concurrency > 0 ? concurrency : 2,
}).catch(async (error: Error) => {
  await database.stop();
  return fail(`Worker: ${error.message}`);
});

console.log(`\n  Worker running (chart filing of signed documents). Press Ctrl+C to stop.`);
console.log(worker.metricsUrl === null ? '  Metrics: off (METRICS_PORT=off)\n' : `  Metrics: ${worker.metricsUrl}\n`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  await worker.stop().catch(() => {});
  await database.stop().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
