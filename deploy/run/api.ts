/**
 * The API on its own, as its container runs it (`node deploy/run/api.ts`, decision 0036): the API
 * and the built frontends on PORT, connected with DATABASE_URL as it is (in production a login in
 * the application role `portal_app`, through PgBouncer; see docs/deploy.md). No worker and no
 * provider sandbox in this process, and no migrations: the API only checks at start that the
 * schema is current (`npm run migrate`, the migration Job, runs before a release's pods start).
 * On SIGTERM it stops listening and closes its pool; Kubernetes' preStop pause has by then taken
 * the pod out of the Service.
 */
import { PortInUseError, startApi } from '@portal/api';

const fail = (message: string): never => {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
};

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) fail('DATABASE_URL is required: the application role\'s connection string (docs/deploy.md).');

const api = await startApi({ databaseUrl: databaseUrl as string }).catch((error: Error) =>
  fail(error instanceof PortInUseError ? error.message : `API: ${error.message}`),
);
console.log(`API listening on ${api.url} (${api.config.providerMode} providers)`);

let stopping = false;
const stop = async (signal: string): Promise<void> => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the API`);
  await api.close().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
