/**
 * `npm run providers:verify` (tools/providers/verify.ts): against the real test-mode accounts whose
 * keys are set, and the provider sandbox for the rest — the one at PROVIDER_SANDBOX_URL (or
 * 127.0.0.1:SANDBOX_PORT) when it answers, else one started here on DATABASE_URL or the embedded
 * PostgreSQL (as `npx node apps/provider-sandbox/src/main.ts`). Exits 1 on any failure.
 */
import { localEmbeddedOptions, openDatabase } from '@portal/persistence';
import { startSandbox } from '@portal/provider-sandbox';
import { PROVIDER_IDS, verifyProviders, type ProviderId } from './verify.ts';

const configured = process.env['PROVIDER_SANDBOX_URL']?.trim() || `http://127.0.0.1:${process.env['SANDBOX_PORT']?.trim() || '4010'}`;
const answers = await fetch(`${configured}/health`, { signal: AbortSignal.timeout(2000) }).then((response) => response.ok, () => false);

let stop = async (): Promise<void> => {};
let sandboxUrl = configured;
if (!answers) {
  const database = await openDatabase(process.env, localEmbeddedOptions(process.env));
  const sandbox = await startSandbox({ databaseUrl: database.url, port: 0, smtpPort: 0 });
  sandboxUrl = sandbox.url;
  stop = async () => {
    await sandbox.close().catch(() => {});
    await database.stop().catch(() => {});
  };
  console.log(`(no provider sandbox answered at ${configured}: started one at ${sandboxUrl})`);
}

try {
  // `npm run providers:verify -- stripe signwell`: only those.
  const only = process.argv.slice(2).filter((name): name is ProviderId => PROVIDER_IDS.includes(name as ProviderId));
  const { exitCode } = await verifyProviders(process.env, { sandboxUrl, log: (line) => console.log(line), ...(only.length > 0 ? { only } : {}) });
  process.exitCode = exitCode;
} finally {
  await stop();
}
