/** Test helpers: a logger whose lines can be read back. */
import { Writable } from 'node:stream';
import { appendTestLog } from '../../../tools/src/testing/log-files.ts';
import { createLogger, type Logger } from './logger.ts';

/**
 * A debug-level logger keeping its lines in memory. In an int or e2e run the lines also go to the
 * run's log folder (tools/src/testing/log-files.ts), where the LOGS suite scans them for PHI and secrets.
 */
export const capturingLogger = (): { logger: Logger; lines: () => string[] } => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      const written = String(chunk).split('\n').filter(Boolean);
      lines.push(...written);
      appendTestLog('api.log.jsonl', written);
      callback();
    },
  });
  return { logger: createLogger('debug', sink), lines: () => [...lines] };
};

/** Every provider real, as a production start sets them (invented values): for the provider-mode tests. */
export const LIVE_PROVIDER_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  ATHENA_BASE_URL: 'https://api.platform.athenahealth.com',
  ATHENA_CLIENT_ID: 'backend-client',
  ATHENA_CLIENT_SECRET: 'backend-secret',
  ATHENA_PATIENT_CLIENT_ID: 'patient-app',
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_live123',
  SIGNWELL_API_KEY: 'signwell-key',
  FIREBASE_PROJECT_ID: 'mdri-portal',
  FIREBASE_API_KEY: 'AIzaSyRealKey',
  FIREBASE_APP_ID: '1:123:web:abc',
  TURNSTILE_SITE_KEY: '0x4AAAAAAAreal',
  TURNSTILE_SECRET_KEY: '0x4AAAAAAAsecret',
  SMTP_URL: 'smtps://mailer:password@smtp.example.org:465',
  MAIL_FROM: 'MDRI Primary Care <no-reply@mdri.example.org>',
};
