/**
 * `npm run start:cluster`: the portal as a small cluster on this machine until Ctrl+C — nginx
 * ending TLS on https://localhost:8443 (CLUSTER_HTTPS_PORT), two API instances, two workers,
 * PgBouncer in transaction mode, an embedded PostgreSQL with its data in .data/cluster-postgres
 * (kept between runs), the provider sandbox. Needs Debian's nginx and pgbouncer
 * (`apt-get install -y nginx pgbouncer`). README 'Cluster'.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { buildFrontends } from '../src/build-frontends.ts';
import { startCluster } from './cluster.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const started = performance.now();

if (!existsSync(path.join(root, 'frontends/shell/dist/index.html'))) {
  console.log('Building the frontends (first start)…');
  await buildFrontends({ quiet: true });
}

const cluster = await startCluster({
  httpsPort: Number(process.env.CLUSTER_HTTPS_PORT ?? 8443),
  dataDir: path.resolve(root, process.env.CLUSTER_PG_DIR ?? '.data/cluster-postgres'),
  log: (line) => console.log(`  ${line}`),
}).catch((error: Error) => {
  console.error(`\n✖ ${error.message}\n`);
  process.exit(1);
});

console.log(
  `\n  Member portal (cluster) ready on ${cluster.url}  (${Math.round(performance.now() - started)} ms)\n` +
    `  Trust its certificate authority to open it without a warning: ${cluster.caPath}\n` +
    `    (curl --cacert ${cluster.caPath} ${cluster.url}/api/health; Chromium: --ignore-certificate-errors, or import it)\n` +
    `  Inbox (emailed and texted codes): ${cluster.sandbox.url}/inbox\n` +
    `  Metrics: ${[...cluster.apis, ...cluster.workers].map((part) => `${part.name} ${part.metricsUrl}`).join(', ')}\n` +
    `  Logs and generated configuration: ${cluster.runDir}\n` +
    '  Press Ctrl+C to stop.\n',
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  await cluster.close().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
