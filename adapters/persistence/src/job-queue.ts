/**
 * graphile-worker's own schema (`graphile_worker`) in the portal's database. Jobs are queued
 * with its SQL API (`graphile_worker.add_job`) inside our own transactions, so the schema must
 * exist before the API writes the first job: every process that migrates calls this after
 * `migrateToLatest`. graphile-worker versions its schema itself; instances starting together
 * take turns on an advisory lock, the latecomers find nothing to do.
 *
 * The application role (`portal_app`, docs/decisions/0013) queues and runs jobs but does not own
 * the schema: after graphile-worker's migrations the owner grants it DML on the schema's tables and
 * sequences and, because graphile-worker turns row level security on for its tables (only their
 * owner passes without a policy), one policy per such table letting `portal_app` see and change
 * every row. Each step runs only when missing, so the application role itself passes here once
 * the owner has migrated.
 */
import type { Knex } from 'knex';
import pg from 'pg';
import { Logger, runMigrations } from 'graphile-worker';
import { APP_ROLE } from './migrations/20261122060000_append_only_audit.ts';

/** pg_advisory_lock key for the job-queue migration ("gw-migr" as a number). */
const LOCK_KEY = 7_370_613_771;

/** A graphile-worker logger that stays quiet (its migration logs carry nothing we need). */
const quiet = new Logger(() => () => {});

export const migrateJobQueue = async (knex: Knex, databaseUrl: string): Promise<void> => {
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [LOCK_KEY]);
    await runMigrations({ connectionString: databaseUrl, logger: quiet, maxPoolSize: 1 });
    await trx.raw(GRANT_JOB_QUEUE_SQL);
  });
};

/** The application role's rights on graphile-worker's schema, each given only when missing. */
const GRANT_JOB_QUEUE_SQL = `
DO $$
DECLARE
  item record;
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = '${APP_ROLE}') THEN
    RETURN;
  END IF;
  IF NOT has_schema_privilege('${APP_ROLE}', 'graphile_worker', 'USAGE') THEN
    GRANT USAGE ON SCHEMA graphile_worker TO ${APP_ROLE};
  END IF;
  FOR item IN
    SELECT c.oid::regclass AS name, c.relkind, c.relrowsecurity
    FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'graphile_worker' AND c.relkind IN ('r', 'v', 'S')
  LOOP
    IF item.relkind = 'S' THEN
      IF NOT has_sequence_privilege('${APP_ROLE}', item.name::text, 'USAGE') THEN
        EXECUTE format('GRANT USAGE, SELECT ON SEQUENCE %s TO ${APP_ROLE}', item.name);
      END IF;
    ELSE
      IF NOT (has_table_privilege('${APP_ROLE}', item.name, 'SELECT') AND has_table_privilege('${APP_ROLE}', item.name, 'INSERT')
          AND has_table_privilege('${APP_ROLE}', item.name, 'UPDATE') AND has_table_privilege('${APP_ROLE}', item.name, 'DELETE')) THEN
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO ${APP_ROLE}', item.name);
      END IF;
      IF item.relrowsecurity AND NOT EXISTS (
        SELECT FROM pg_catalog.pg_policy WHERE polrelid = item.name AND polname = '${APP_ROLE}_all_rows'
      ) THEN
        EXECUTE format('CREATE POLICY ${APP_ROLE}_all_rows ON %s TO ${APP_ROLE} USING (true) WITH CHECK (true)', item.name);
      END IF;
    END IF;
  END LOOP;
END
$$`;

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

/**
 * The job runner's own connection pool (graphile-worker needs a pg Pool, not knex). A connection
 * PostgreSQL drops (a restart, the embedded server stopping first on Ctrl+C) is reported to
 * `onError` instead of crashing the process with an unhandled 'error' event.
 */
export const jobRunnerPool = (databaseUrl: string, max: number, onError: (error: Error, where: 'idle' | 'client') => void): pg.Pool => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  pool.on('error', (error) => onError(error, 'idle'));
  pool.on('connect', (client) => client.on('error', (error) => onError(error, 'client')));
  return pool;
};
