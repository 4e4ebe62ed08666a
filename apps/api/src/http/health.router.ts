import Router from '@koa/router';
import type { DatabaseHealth } from '@portal/core';

/** How long one database answer stands for every /api/health request (issue 15: not a query per request). */
export const HEALTH_PING_MAX_AGE_MS = 1_000;

/**
 * The database's state as /api/health reports it: at most one ping per `maxAgeMs`, and requests
 * arriving while a ping is out share it. A database that stops answering shows within
 * `maxAgeMs` plus the ping's own one-second limit.
 */
export const sharedPing = (health: DatabaseHealth, now: () => number = () => performance.now(), maxAgeMs = HEALTH_PING_MAX_AGE_MS): (() => Promise<boolean>) => {
  let last: { at: number; up: boolean } | null = null;
  let inFlight: Promise<boolean> | null = null;
  return () => {
    if (last !== null && now() - last.at < maxAgeMs) return Promise.resolve(last.up);
    inFlight ??= health
      .ping(1_000)
      .catch(() => false)
      .then((up) => {
        last = { at: now(), up };
        inFlight = null;
        return up;
      });
    return inFlight;
  };
};

/** The job queue as readiness sees it: graphile-worker's jobs (the persistence adapter's PostgresOperationsProbe). */
export interface JobQueueProbe {
  jobQueue(timeoutMs: number): Promise<{ readonly depth: number; readonly oldestDueAgeSeconds: number | null }>;
}

export interface Readiness {
  readonly ready: boolean;
  readonly database: 'ok' | 'down';
  readonly jobQueue: 'ok' | 'down';
  /** Jobs still to run and the seconds the oldest due one has waited (0 when none waits); null when the queue did not answer. */
  readonly queue: { readonly depth: number; readonly oldestJobAgeSeconds: number } | null;
}

/**
 * Readiness, read at most once per `maxAgeMs` and shared by the requests arriving meanwhile (a
 * load balancer probing often costs one ping and one queue count per second, not per probe):
 * ready when the database answers a ping and graphile-worker's jobs answer, each within a second.
 */
export const sharedReadiness = (
  health: DatabaseHealth,
  queue: JobQueueProbe,
  now: () => number = () => performance.now(),
  maxAgeMs = HEALTH_PING_MAX_AGE_MS,
): (() => Promise<Readiness>) => {
  let last: { at: number; readiness: Readiness } | null = null;
  let inFlight: Promise<Readiness> | null = null;
  return () => {
    if (last !== null && now() - last.at < maxAgeMs) return Promise.resolve(last.readiness);
    inFlight ??= Promise.all([health.ping(1_000).catch(() => false), queue.jobQueue(1_000).catch(() => null)]).then(([databaseUp, state]) => {
      const readiness: Readiness = {
        ready: databaseUp && state !== null,
        database: databaseUp ? 'ok' : 'down',
        jobQueue: state === null ? 'down' : 'ok',
        queue: state === null ? null : { depth: state.depth, oldestJobAgeSeconds: Math.round(state.oldestDueAgeSeconds ?? 0) },
      };
      last = { at: now(), readiness };
      inFlight = null;
      return readiness;
    });
    return inFlight;
  };
};

/**
 * GET /api/health (liveness): 200 when the database answered within a second (checked at most
 * once a second), 503 otherwise.
 * GET /api/ready (readiness, decision 0038): 200 only when the database and the job queue answer,
 * with the queue's depth and oldest job age; 503 naming what is down otherwise.
 */
export const healthRouter = (health: DatabaseHealth, version: string, queue: JobQueueProbe): Router => {
  const router = new Router({ prefix: '/api' });
  const databaseUp = sharedPing(health);
  router.get('/health', async (ctx) => {
    const up = await databaseUp();
    ctx.status = up ? 200 : 503;
    ctx.body = { status: up ? 'ok' : 'degraded', database: up ? 'ok' : 'down', version };
  });
  const readiness = sharedReadiness(health, queue);
  router.get('/ready', async (ctx) => {
    const state = await readiness();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = state.ready ? 200 : 503;
    const down = [...(state.database === 'down' ? ['database'] : []), ...(state.jobQueue === 'down' ? ['jobQueue'] : [])];
    ctx.body = state.ready
      ? { status: 'ready', database: 'ok', jobQueue: 'ok', queue: state.queue, version }
      : { status: 'not_ready', database: state.database, jobQueue: state.jobQueue, down, ...(state.queue === null ? {} : { queue: state.queue }), version };
  });
  return router;
};
