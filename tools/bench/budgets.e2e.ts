/**
 * Size budgets of issue 15, checked on the build that npm test makes before its browser tests
 * (each bundle's dist/load.json, written by tools/src/build-frontends.ts; sizes are deterministic).
 * Every budget of the issue holds since the bundle splitting of decision 0034 and is asserted
 * here: the shell's initial JS (≤ 100 KB, with react, react-dom, TanStack Query, single-spa and the
 * federation runtime in it), each remote's remoteEntry.js (≤ 5 KB) and first chunk (≤ 30 KB), the
 * whole booking route (≤ 170 KB), and the heavy pieces only where they are needed.
 */
import { describe, expect, it } from '@jest/globals';
import { readLoadSize, type LoadSize } from '../src/build-frontends.ts';
import { BUDGETS, REMOTES, bookingRouteGzip } from './budgets.ts';

const built = async (name: string): Promise<LoadSize> => {
  const size = await readLoadSize(name);
  if (size === null) throw new Error(`frontends/${name}/dist/load.json is missing: build first (npm run build)`);
  return size;
};

describe('size budgets (issue 15, gzip)', () => {
  it("keeps the shell's initial JS within 100 KB, and its menu, dialogs, toasts and codecs out of it", async () => {
    const shell = await built('shell');
    expect(shell.files.filter((file) => file.endsWith('.js'))).toHaveLength(1);
    expect(shell.jsGzipBytes).toBeGreaterThan(0);
    expect(shell.jsGzipBytes).toBeLessThanOrEqual(BUDGETS.shellInitialJs);
    // What left the first load is still built, to load on first use.
    expect(shell.lazyFiles.length).toBeGreaterThan(0);
  });

  it.each(REMOTES)("keeps the %s remote's remoteEntry.js within 5 KB", async (name) => {
    const size = await built(name);
    expect(size.files).toContain('remoteEntry.js');
    expect(size.entryGzipBytes).toBeGreaterThan(0);
    expect(size.entryGzipBytes).toBeLessThanOrEqual(BUDGETS.remoteEntry);
  });

  it.each(REMOTES)("keeps the %s remote's first chunk within 30 KB", async (name) => {
    const size = await built(name);
    expect(size.firstChunksGzipBytes).toBeGreaterThan(0);
    expect(size.firstChunksGzipBytes).toBeLessThanOrEqual(BUDGETS.remoteFirstChunk);
  });

  it('keeps the whole booking route (shell initial, booking initial and lazy) within 170 KB', async () => {
    const route = bookingRouteGzip(await built('shell'), await built('booking'));
    expect(route).toBeLessThanOrEqual(BUDGETS.bookingRoute);
  });

  it('loads the phone-auth SDK (Firebase) only on the screens that need it: never in a first load', async () => {
    for (const name of ['shell', ...REMOTES]) {
      const size = await built(name);
      expect(size.files.filter((file) => /firebase/i.test(file))).toEqual([]);
    }
    expect((await built('identity')).lazyFiles.some((file) => file.startsWith('firebase-phone.'))).toBe(true);
  });
});
