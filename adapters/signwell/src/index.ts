/**
 * @portal/signwell: the Signing port over SignWell's REST API (or the provider sandbox, which
 * speaks the same wire under /signwell/api/v1), and the check of SignWell's webhook events.
 */
export { SignwellSigning, SIGNER_RECIPIENT_ID, fileNameFor } from './signwell-signing.adapter.ts';
export { SignwellHttpClient, SignwellDecodeError } from './signwell-http.client.ts';
export type { SignwellRequest, SignwellFailure, SignwellMethod, Download } from './signwell-http.client.ts';
export {
  signwellConfigFromEnv,
  SANDBOX_SIGNWELL_API_KEY,
  SIGNWELL_BASE_URL,
  SIGNWELL_EMBEDDED_SCRIPT_URL,
} from './signwell.config.ts';
export type { SignwellConfig, SignwellEnvConfig, SignwellRequestEvent } from './signwell.config.ts';
export { verifySignwellEvent, signwellEventHash } from './signwell-webhook.ts';
export type { SignwellEventRejection, VerifiedSignwellEvent, VerifyOptions } from './signwell-webhook.ts';
export type { SignwellHook } from './signwell.codecs.ts';
