/**
 * What an operator watches (readiness and metrics, docs/decisions/0038): graphile-worker's queue
 * (depth per task, age of the oldest job waiting to run, jobs that used up their attempts), the
 * age of the last Stripe event applied, and the signed documents waiting to be filed by hand.
 * Counts and ages only: no ids, payloads or errors leave here (they may hold PHI).
 * Every call has a time limit and throws when the database (or graphile-worker's schema) does not
 * answer in time.
 */
import type { Knex } from 'knex';

export interface JobQueueState {
  /** Jobs still to run (attempts left), per task identifier. */
  readonly depthByTask: ReadonlyArray<{ readonly task: string; readonly depth: number }>;
  /** All jobs still to run. */
  readonly depth: number;
  /** Seconds the oldest due, unlocked job has waited past its run_at; null when none waits. */
  readonly oldestDueAgeSeconds: number | null;
  /** Jobs that used up their attempts (graphile-worker keeps them; nothing runs them again). */
  readonly exhausted: number;
}

export interface OperationsState {
  /** Seconds since the last Stripe event was applied (card_events.receivedAt); null when none ever was. */
  readonly lastStripeEventAgeSeconds: number | null;
  /** Signed documents whose chart filing failed after its last retry (document_submissions.status = 'failed'). */
  readonly documentsToFileByHand: number;
  /** Seconds since the oldest of those failed (its updatedAt); null when none. */
  readonly oldestDocumentToFileAgeSeconds: number | null;
  /** Submissions still 'processing' after an hour: a filing job that is not running. */
  readonly documentsStuckProcessing: number;
  /** pg_database_size of the portal's database. */
  readonly databaseSizeBytes: number;
}

export class OperationsProbeTimeout extends Error {
  override readonly name = 'OperationsProbeTimeout';
}

const withTimeout = async <A>(work: Promise<A>, timeoutMs: number, what: string): Promise<A> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OperationsProbeTimeout(`${what}: no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

const JOB_QUEUE_SQL = `
select task_identifier as task,
       count(*) filter (where attempts < max_attempts)::int as depth,
       count(*) filter (where attempts >= max_attempts)::int as exhausted,
       extract(epoch from now() - min(run_at) filter (where attempts < max_attempts and locked_at is null and run_at <= now()))::float8 as oldest_due_age
from graphile_worker.jobs
group by task_identifier`;

const OPERATIONS_SQL = `
select
  (select extract(epoch from now() - max("receivedAt"))::float8 from card_events) as last_stripe_event_age,
  (select count(*)::int from document_submissions where status = 'failed') as documents_failed,
  (select extract(epoch from now() - min("updatedAt"))::float8 from document_submissions where status = 'failed') as oldest_failed_age,
  (select count(*)::int from document_submissions where status = 'processing' and "updatedAt" < now() - interval '1 hour') as documents_stuck,
  pg_database_size(current_database())::float8 as database_size`;

export class PostgresOperationsProbe {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  /** The job queue's state; throws when graphile-worker's jobs do not answer within `timeoutMs`. */
  async jobQueue(timeoutMs: number): Promise<JobQueueState> {
    const result = await withTimeout(this.#knex.raw(JOB_QUEUE_SQL), timeoutMs, 'job queue');
    const rows = (result as { rows: Array<{ task: string; depth: number; exhausted: number; oldest_due_age: number | null }> }).rows;
    const ages = rows.map((row) => numberOrNull(row.oldest_due_age)).filter((age): age is number => age !== null);
    return {
      depthByTask: rows.map((row) => ({ task: row.task, depth: Number(row.depth) })),
      depth: rows.reduce((sum, row) => sum + Number(row.depth), 0),
      oldestDueAgeSeconds: ages.length === 0 ? null : Math.max(0, ...ages),
      exhausted: rows.reduce((sum, row) => sum + Number(row.exhausted), 0),
    };
  }

  /** The portal's own tables the metrics report (webhooks, filing, size); throws when the database does not answer within `timeoutMs`. */
  async operations(timeoutMs: number): Promise<OperationsState> {
    const result = await withTimeout(this.#knex.raw(OPERATIONS_SQL), timeoutMs, 'operations');
    const row = (result as { rows: Array<Record<string, unknown>> }).rows[0] ?? {};
    return {
      lastStripeEventAgeSeconds: numberOrNull(row['last_stripe_event_age']),
      documentsToFileByHand: Number(row['documents_failed'] ?? 0),
      oldestDocumentToFileAgeSeconds: numberOrNull(row['oldest_failed_age']),
      documentsStuckProcessing: Number(row['documents_stuck'] ?? 0),
      databaseSizeBytes: Number(row['database_size'] ?? 0),
    };
  }
}
