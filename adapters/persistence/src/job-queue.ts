/**
 * graphile-worker's own schema (`graphile_worker`) in the portal's database. Jobs are queued
 * with its SQL API (`graphile_worker.add_job`) inside our own transactions, so the schema must
 * exist before the API writes the first job: every process that migrates calls this after
 * `migrateToLatest`. graphile-worker versions its schema itself; instances starting together
 * take turns on an advisory lock, the latecomers find nothing to do.
 */
import type { Knex } from 'knex';
import { Logger, runMigrations } from 'graphile-worker';

/** pg_advisory_lock key for the job-queue migration ("gw-migr" as a number). */
const LOCK_KEY = 7_370_613_771;

/** A graphile-worker logger that stays quiet (its migration logs carry nothing we need). */
const quiet = new Logger(() => () => {});

export const migrateJobQueue = async (knex: Knex, databaseUrl: string): Promise<void> => {
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [LOCK_KEY]);
    await runMigrations({ connectionString: databaseUrl, logger: quiet, maxPoolSize: 1 });
  });
};

export interface QueuedJob {
  readonly task: string;
  readonly payload: Readonly<Record<string, unknown>>;
  /** One job per key: adding again replaces a waiting job instead of queuing a second. */
  readonly jobKey: string;
  /** Jobs of one queue run one at a time. */
  readonly queueName?: string;
  readonly maxAttempts: number;
}

/** Queues a job in the caller's transaction: it exists exactly when the transaction commits. */
export const addJob = async (trx: Knex.Transaction | Knex, job: QueuedJob): Promise<void> => {
  await trx.raw('select graphile_worker.add_job(?::text, ?::json, queue_name := ?::text, max_attempts := ?::int, job_key := ?::text)', [
    job.task,
    JSON.stringify(job.payload),
    job.queueName ?? null,
    job.maxAttempts,
    job.jobKey,
  ]);
};
