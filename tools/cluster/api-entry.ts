/**
 * One API instance of the local cluster as its own process (so it can be stopped or SIGKILLed):
 * `startApi` on DATABASE_URL (PgBouncer) and PORT, every other setting from the environment the
 * cluster gives it (PUBLIC_ORIGIN=https://localhost:…, TRUST_PROXY=true). Logs are the API's JSON
 * lines on stdout. SIGTERM closes it (the cluster takes it out of nginx's rotation first).
 */
import { startApi } from '@portal/api';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is required');
  process.exit(1);
}

const api = await startApi({ databaseUrl }).catch((error: Error) => {
  console.error(`API: ${error.message}`);
  process.exit(1);
});
console.log(JSON.stringify({ cluster: 'api ready', instance: process.env.CLUSTER_INSTANCE, port: process.env.PORT }));

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await api.close().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// The cluster's process gone without closing us (killed, a test runner's forced exit): stop too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop();
}, 1_000).unref();
