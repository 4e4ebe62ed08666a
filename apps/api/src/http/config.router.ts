import Router from '@koa/router';
import type { ConfigResponse, PracticeResponse } from '@portal/contracts';
import type { AppConfig } from '@portal/composition';
import { publicPracticeConfig } from '@portal/core';

export const PRACTICE_CONFIG_PATH = '/api/config/practice';

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
  /**
   * GET /api/config/practice: the practice configuration's public part (config/practice.json:
   * support email, patient portal and membership details links, concierge doctors, location
   * addresses and phones). The nurse line number is left out (GET /api/nurse-line, members only).
   */
  router.get('/config/practice', (ctx) => {
    const practice = publicPracticeConfig(config.practice);
    const body: PracticeResponse = { ...practice, conciergeDoctors: [...practice.conciergeDoctors], locations: practice.locations.map((location) => ({ ...location })) };
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = body;
  });
  return router;
};
