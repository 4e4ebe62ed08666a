import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const started = globalThis.__portalTestDatabase;
  if (!started) return;
  globalThis.__portalTestDatabase = undefined;
  await started.handle.stop();
  rmSync(started.dataDir, { recursive: true, force: true });
}
