/**
 * Jobs of a crashed worker process run again within seconds, not after graphile-worker's 4-hour
 * lock expiry (docs/decisions/0041-fault-handling.md).
 *
 * graphile-worker marks a job it runs with `locked_by = <id>` (a random id per process: 0.18 locks
 * with its worker pool's id, `pool-…`; older versions with each worker's) and frees it only when the job ends, when the process shuts down gracefully, or when
 * the lock is 4 hours old. A worker process killed outright (SIGKILL, OOM, a lost node) leaves its
 * jobs locked for those 4 hours.
 *
 * Liveness is a PostgreSQL session: each worker process holds a session advisory lock
 * (namespace `LIVENESS_NAMESPACE`, `hashtext(worker id)`) for each of its worker ids, on one
 * connection of its own. PostgreSQL releases those locks when that session ends, which it does when
 * the process dies (the kernel closes its socket). Every `everyMs` each process looks at jobs locked
 * longer than `minLockAgeMs` by worker ids that are not its own; when it can take a worker id's
 * advisory lock itself — nobody holds it — on two looks in a row, that worker is gone: it calls
 * graphile-worker's `force_unlock_workers` for it, and the job is due again at once (the attempt the
 * dead worker used stays counted). Two looks, so a live process whose connection PostgreSQL just
 * dropped (a restart) has one period to take its locks again.
 *
 * What this does not know: a process that is alive but cannot reach PostgreSQL for longer than two
 * periods, while another one can, loses its jobs to the others (they may run twice: the jobs are
 * written to be safe to repeat — the chart filing's marker, the reminder ledger).
 */
import pg from 'pg';

/** pg_advisory_lock(int4, int4) namespace of the liveness locks ("gwLK"). */
export const LIVENESS_NAMESPACE = 0x67774c4b;

export interface JobLockRecoveryOptions {
  readonly databaseUrl: string;
  /** This process's graphile-worker ids (as they appear in `locked_by`). */
  readonly workerIds: () => readonly string[];
  /** How often to hold our own locks and look for dead workers' jobs (default 2000 ms). */
  readonly everyMs?: number;
  /** Only locks older than this are looked at (default 5000 ms). */
  readonly minLockAgeMs?: number;
  /** A dead worker's jobs were unlocked. */
  readonly onUnlocked?: (event: { readonly workerId: string; readonly jobs: number; readonly oldestLockAgeMs: number }) => void;
  /** A failed look (PostgreSQL away): retried on the next period. */
  readonly onError?: (error: Error) => void;
}

export interface JobLockRecovery {
  /** One period now (tests; the timer does the same). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

interface Candidate {
  readonly locked_by: string;
  readonly jobs: string;
  readonly age_ms: string;
}

export const startJobLockRecovery = (options: JobLockRecoveryOptions): JobLockRecovery => {
  const everyMs = options.everyMs ?? 2_000;
  const minLockAgeMs = options.minLockAgeMs ?? 5_000;
  let client: pg.Client | null = null;
  const held = new Set<string>();
  /** Worker ids seen without a holder on the previous look. */
  let suspects = new Set<string>();
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const drop = (error: Error) => {
    options.onError?.(error);
    const gone = client;
    client = null;
    held.clear();
    gone?.end().catch(() => {});
  };

  const connect = async (): Promise<pg.Client> => {
    if (client) return client;
    const fresh = new pg.Client({ connectionString: options.databaseUrl, application_name: 'job-lock-recovery' });
    fresh.on('error', (error) => {
      if (client === fresh) drop(error);
    });
    await fresh.connect();
    client = fresh;
    return fresh;
  };

  const look = async (): Promise<void> => {
    const db = await connect();
    const own = new Set(options.workerIds());
    // Our own liveness: one session lock per worker id of this process.
    for (const id of own) {
      if (held.has(id)) continue;
      const { rows } = await db.query<{ taken: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as taken', [LIVENESS_NAMESPACE, id]);
      if (rows[0]?.taken) held.add(id);
    }
    const { rows } = await db.query<Candidate>(
      `select locked_by, count(*)::text as jobs, (extract(epoch from (now() - min(locked_at))) * 1000)::bigint::text as age_ms
         from graphile_worker._private_jobs
        where locked_by is not null and locked_at < now() - make_interval(secs => $1::float8 / 1000)
        group by locked_by`,
      [minLockAgeMs],
    );
    const next = new Set<string>();
    for (const row of rows) {
      if (own.has(row.locked_by)) continue;
      const { rows: free } = await db.query<{ taken: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as taken', [LIVENESS_NAMESPACE, row.locked_by]);
      if (!free[0]?.taken) continue;
      try {
        if (suspects.has(row.locked_by)) {
          await db.query('select graphile_worker.force_unlock_workers($1::text[])', [[row.locked_by]]);
          options.onUnlocked?.({ workerId: row.locked_by, jobs: Number(row.jobs), oldestLockAgeMs: Number(row.age_ms) });
        } else {
          next.add(row.locked_by);
        }
      } finally {
        await db.query('select pg_advisory_unlock($1, hashtext($2))', [LIVENESS_NAMESPACE, row.locked_by]);
      }
    }
    suspects = next;
  };

  const tick = (): Promise<void> => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        await look();
      } catch (error) {
        drop(error as Error);
      }
    });
    return running;
  };

  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  void tick();

  return {
    tick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
};
