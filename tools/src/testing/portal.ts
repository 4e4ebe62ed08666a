/**
 * The whole portal for an integration or browser test: its own database, the provider sandbox
 * (in its own schema of that database) on a free port, and the API on a free port pointed at
 * the sandbox exactly as it would be at athenahealth.
 */
import { startApi, type RunningApi } from '@portal/api';
import { migrateJobQueue } from '@portal/persistence';
import { startSandbox, type RunningSandbox, type StartSandboxOptions } from '@portal/provider-sandbox';
import { startWorker, type RunningWorker, type StartWorkerOptions } from '@portal/worker';
import { capturingLogger } from '../../../apps/composition/src/testing.ts';
import { appRoleUrl, createTestDatabase, type TestDatabase } from './test-database.ts';
import { pointStripeWebhooks } from '../stripe-webhooks.ts';
import { sandboxLogRecorder } from './log-files.ts';
import { sandboxProviderEnv } from '../sandbox-env.ts';

export interface TestPortal {
  readonly url: string;
  readonly db: TestDatabase;
  readonly api: RunningApi;
  readonly sandbox: RunningSandbox;
  /** The background worker (chart filing), or null when started with `worker: false`. */
  readonly worker: RunningWorker | null;
  /** The environment the API was started with (to start another instance like it). */
  readonly env: NodeJS.ProcessEnv;
  logs(): string[];
  close(): Promise<void>;
}

export interface TestPortalOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly sandbox?: Partial<StartSandboxOptions>;
  /** The worker's settings (short polls by default), or false for no worker. */
  readonly worker?: false | Partial<Omit<StartWorkerOptions, 'databaseUrl' | 'env' | 'logger'>>;
  /** The API and worker connect as the application role `portal_app`, as under `npm start` (default: as the owner). */
  readonly appRole?: boolean;
}

export const startTestPortal = async (options: TestPortalOptions = {}): Promise<TestPortal> => {
  const db = await createTestDatabase();
  const sandbox = await startSandbox({ databaseUrl: db.url, port: 0, smtpPort: 0, faultHoldMs: 3_000, log: sandboxLogRecorder(), ...options.sandbox });
  const { logger, lines } = capturingLogger();
  const env: NodeJS.ProcessEnv = {
    LOG_LEVEL: 'info',
    ...sandboxProviderEnv(sandbox),
    ...options.env,
  };
  // As the application role the API and worker may not install graphile-worker's schema: the owner does, first.
  if (options.appRole) await migrateJobQueue(db.knex, db.url);
  const appUrl = options.appRole ? await appRoleUrl(db) : db.url;
  const api = await startApi({ databaseUrl: appUrl, port: 0, env, logger });
  await pointStripeWebhooks(sandbox.url, api.url);
  const worker =
    options.worker === false
      ? null
      : // The worker's links (earlier-slot offers) point at the API it runs beside, whose port is known only now.
        await startWorker({ databaseUrl: appUrl, env: { PUBLIC_ORIGIN: api.url, ...env }, logger, migrate: false, pollIntervalMs: 200, ...options.worker }).catch(async (error: unknown) => {
          await api.close();
          await sandbox.close();
          await db.drop();
          throw error;
        });
  return {
    url: api.url,
    db,
    api,
    sandbox,
    worker,
    env,
    logs: lines,
    close: async () => {
      await worker?.stop();
      await api.close();
      await sandbox.close();
      await db.drop();
    },
  };
};
