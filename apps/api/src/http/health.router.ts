import Router from '@koa/router';
import type { DatabaseHealth } from '@portal/core';

/** GET /api/health: 200 when the database answers within a second, 503 otherwise. */
export const healthRouter = (health: DatabaseHealth, version: string): Router => {
  const router = new Router({ prefix: '/api' });
  router.get('/health', async (ctx) => {
    const databaseUp = await health.ping(1_000);
    ctx.status = databaseUp ? 200 : 503;
    ctx.body = { status: databaseUp ? 'ok' : 'degraded', database: databaseUp ? 'ok' : 'down', version };
  });
  return router;
};
