/**
 * `npx node apps/provider-sandbox/src/main.ts`: the sandbox on its own, on DATABASE_URL (or the
 * embedded PostgreSQL in .data/postgres when unset), port SANDBOX_PORT (4010), SMTP catcher on
 * SANDBOX_SMTP_PORT (4025).
 */
import { localEmbeddedOptions, openDatabase } from '@portal/persistence';
import { FIREBASE_API_KEY, FIREBASE_PROJECT_ID, SIGNWELL_API_KEY, TURNSTILE_SECRET, TURNSTILE_SITEKEY, startSandbox } from './index.ts';

const fail = (message: string): never => {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
};

const database = await openDatabase(process.env, localEmbeddedOptions(process.env)).catch((error: Error) => fail(`Database: ${error.message}`));

const sandbox = await startSandbox({
  databaseUrl: database.url,
  host: process.env.SANDBOX_HOST ?? '127.0.0.1',
  log: (line) => console.log(`sandbox ${line}`),
}).catch(async (error: Error) => {
  await database.stop();
  return fail(`Provider sandbox: ${error.message}`);
});

console.log(
  `\n  athenahealth sandbox (practice 29391) on ${sandbox.url}\n` +
    `  Set ATHENA_BASE_URL=${sandbox.url} for the API. Test controls: ${sandbox.url}/_sandbox\n` +
    `  Inbox (caught emails and SMS codes): ${sandbox.url}/inbox\n` +
    `  SMTP catcher: ${sandbox.smtpUrl} (no TLS, no auth)\n` +
    `  Firebase Auth emulator: FIREBASE_AUTH_EMULATOR_HOST=${new URL(sandbox.url).host}, project ${FIREBASE_PROJECT_ID}, API key ${FIREBASE_API_KEY}\n` +
    `  Turnstile: ${sandbox.url}/turnstile/v0/api.js, sitekey ${TURNSTILE_SITEKEY}, secret ${TURNSTILE_SECRET}\n` +
    `  SignWell: ${sandbox.url}/signwell/api/v1 (X-Api-Key ${SIGNWELL_API_KEY}), script ${sandbox.url}/signwell/assets/embedded.js\n` +
    '  Press Ctrl+C to stop.\n',
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  await sandbox.close().catch(() => {});
  await database.stop().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
