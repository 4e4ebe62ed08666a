/**
 * Jest global setup for the int and e2e projects: a real PostgreSQL for the whole run.
 * DATABASE_URL wins; otherwise an embedded server of this run's own (a fresh data folder under
 * .data/test-postgres/ and a free port, ~1 s to create), so runs side by side never collide.
 * global-teardown stops it and removes its folder. Test files make their own databases inside it.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres, type DatabaseHandle } from '@portal/persistence';
import { freePort } from '../free-port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

declare global {
  var __portalTestDatabase: { handle: DatabaseHandle; dataDir: string } | undefined;
}

/**
 * The LOGS suite: every log line of this run goes under .tmp/logs/run-<time>-<pid>/ (npm test
 * names its own folder in PORTAL_TEST_LOG_DIR); the ten newest runs are kept.
 */
const prepareLogFolder = (): void => {
  if (process.env.PORTAL_TEST_LOG_DIR) return;
  const logs = path.join(root, '.tmp/logs');
  const dir = path.join(logs, `run-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  process.env.PORTAL_TEST_LOG_DIR = dir;
  const runs = readdirSync(logs).filter((name) => name.startsWith('run-')).sort();
  for (const old of runs.slice(0, -10)) rmSync(path.join(logs, old), { recursive: true, force: true });
};

export default async function globalSetup(): Promise<void> {
  prepareLogFolder();
  if (process.env.DATABASE_URL || globalThis.__portalTestDatabase) return;
  const dataDir = path.join(root, '.data/test-postgres', String(process.pid));
  rmSync(dataDir, { recursive: true, force: true });
  const handle = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'postgres' });
  globalThis.__portalTestDatabase = { handle, dataDir };
  process.env.DATABASE_URL = handle.url;
}
