/**
 * Jest global setup for the int and e2e projects: a real PostgreSQL for the whole run.
 * DATABASE_URL wins; otherwise an embedded server of this run's own (a fresh data folder under
 * .data/test-postgres/ and a free port, ~1 s to create), so runs side by side never collide.
 * global-teardown stops it and removes its folder. Test files make their own databases inside it.
 */
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres, type DatabaseHandle } from '@portal/persistence';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

declare global {
  var __portalTestDatabase: { handle: DatabaseHandle; dataDir: string } | undefined;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL || globalThis.__portalTestDatabase) return;
  const dataDir = path.join(root, '.data/test-postgres', String(process.pid));
  rmSync(dataDir, { recursive: true, force: true });
  const handle = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'postgres' });
  globalThis.__portalTestDatabase = { handle, dataDir };
  process.env.DATABASE_URL = handle.url;
}
