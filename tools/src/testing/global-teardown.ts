export default async function globalTeardown(): Promise<void> {
  const handle = globalThis.__portalTestDatabase;
  if (!handle) return;
  globalThis.__portalTestDatabase = undefined;
  await handle.stop();
}
