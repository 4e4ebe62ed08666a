/**
 * GET /api/config and GET /api/health.
 *
 * /api/config gives the browser everything public it needs to talk to the providers
 * (enrollment-and-payment §3 "Config response", booking-dashboard-staff §3 "General config"),
 * plus the URLs of the provider scripts (ARCHITECTURE §1: Stripe.js, SignWell's embedded.js and
 * Turnstile's api.js are loaded from URLs the API gives, so the sandbox can serve look-alikes):
 *
 *   {
 *     stripe:    { publicKey },                       // a missing key is an error
 *     firebase:  { enabled, apiKey, projectId, appId, appCheckSiteKey, authEmulatorUrl? },
 *     turnstile: { enabled, siteKey },
 *     oauth:     { enabled },                         // show the provider-login card
 *     scripts:   { stripeJs, signwellEmbedJs, turnstileApiJs },
 *   }
 *
 * Strings of a disabled service are ''. `authEmulatorUrl` is set only when the phone-auth SDK
 * must talk to the sandbox's emulator (connectAuthEmulator). Script URLs are absolute http(s)
 * URLs or same-origin paths.
 */
import * as t from 'io-ts';
import { urlString } from './fields.ts';
import { literalUnion, requiredText } from './validation.ts';

export const MISSING_CARD_PUBLIC_KEY_MESSAGE = 'Missing card provider public key';

export const ConfigResponse = t.type(
  {
    stripe: t.type({ publicKey: requiredText(MISSING_CARD_PUBLIC_KEY_MESSAGE) }),
    firebase: t.intersection([
      t.type({
        enabled: t.boolean,
        apiKey: t.string,
        projectId: t.string,
        appId: t.string,
        appCheckSiteKey: t.string,
      }),
      t.partial({ authEmulatorUrl: t.string }),
    ]),
    turnstile: t.type({ enabled: t.boolean, siteKey: t.string }),
    oauth: t.type({ enabled: t.boolean }),
    scripts: t.type({
      stripeJs: urlString('Stripe.js URL is invalid'),
      signwellEmbedJs: urlString('SignWell embedded.js URL is invalid'),
      turnstileApiJs: urlString('Turnstile api.js URL is invalid'),
    }),
  },
  'ConfigResponse',
);
export type ConfigResponse = t.TypeOf<typeof ConfigResponse>;

/** GET /api/health: 200 with status 'ok', or 503 with 'degraded' when the database is down. */
export const HealthResponse = t.type(
  {
    status: literalUnion(['ok', 'degraded'], 'HealthStatus'),
    database: literalUnion(['ok', 'down'], 'DatabaseStatus'),
    version: t.string,
  },
  'HealthResponse',
);
export type HealthResponse = t.TypeOf<typeof HealthResponse>;
