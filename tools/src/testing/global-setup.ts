/**
 * Jest global setup for the int and e2e projects: a real PostgreSQL for the whole run.
 * DATABASE_URL wins; otherwise an embedded server in .data/test-postgres (port 54330), started
 * once per run and stopped by global-teardown. Test files make their own databases inside it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres, type DatabaseHandle } from '@portal/persistence';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

declare global {
  var __portalTestDatabase: DatabaseHandle | undefined;
}

export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL || globalThis.__portalTestDatabase) return;
  const handle = await startEmbeddedPostgres({
    dataDir: path.join(root, process.env.TEST_PG_DIR ?? '.data/test-postgres'),
    port: Number(process.env.TEST_PG_PORT ?? 54330),
    database: 'postgres',
  });
  globalThis.__portalTestDatabase = handle;
  process.env.DATABASE_URL = handle.url;
}
