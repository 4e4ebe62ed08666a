import Router from '@koa/router';
import type { DatabaseHealth } from '@portal/core';

/** How long one database answer stands for every /api/health request (issue 15: not a query per request). */
export const HEALTH_PING_MAX_AGE_MS = 1_000;

/**
 * The database's state as /api/health reports it: at most one ping per `maxAgeMs`, and requests
 * arriving while a ping is out share it. A database that stops answering shows within
 * `maxAgeMs` plus the ping's own one-second limit.
 */
export const sharedPing = (health: DatabaseHealth, now: () => number = Date.now, maxAgeMs = HEALTH_PING_MAX_AGE_MS): (() => Promise<boolean>) => {
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

/** GET /api/health: 200 when the database answered within a second (checked at most once a second), 503 otherwise. */
export const healthRouter = (health: DatabaseHealth, version: string): Router => {
  const router = new Router({ prefix: '/api' });
  const databaseUp = sharedPing(health);
  router.get('/health', async (ctx) => {
    const up = await databaseUp();
    ctx.status = up ? 200 : 503;
    ctx.body = { status: up ? 'ok' : 'degraded', database: up ? 'ok' : 'down', version };
  });
  return router;
};
