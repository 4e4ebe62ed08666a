import Router from '@koa/router';
import type { ConfigResponse } from '@portal/contracts';
import type { AppConfig } from '@portal/composition';

/**
 * GET /api/config: what the browser needs to talk to the providers (spec §3 'Config response').
 * Only public values: publishable keys, site keys, script URLs.
 */
export const configRouter = (config: AppConfig): Router => {
  const router = new Router({ prefix: '/api' });
  router.get('/config', (ctx) => {
    const body: ConfigResponse = {
      stripe: { publicKey: config.stripePublishableKey },
      firebase: {
        enabled: true,
        apiKey: config.firebase.apiKey,
        projectId: config.firebase.projectId,
        appId: config.firebase.appId,
        appCheckSiteKey: '',
        ...(config.firebase.emulatorHost ? { authEmulatorUrl: `http://${config.firebase.emulatorHost}` } : {}),
      },
      turnstile: { enabled: config.turnstile.enabled, siteKey: config.turnstile.enabled ? config.turnstile.siteKey : '' },
      oauth: { enabled: config.oauthEnabled },
      scripts: config.scripts,
    };
    ctx.body = body;
  });
  return router;
};
