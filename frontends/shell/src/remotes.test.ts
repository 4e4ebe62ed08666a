import { describe, expect, it, jest } from '@jest/globals';
import { loadManifests, manifestUrlFor, readRemoteEntries } from './remotes.ts';

const STAFF = { name: 'staff', routes: [{ path: '/staff', header: { title: 'Staff Portal', showUserStatus: false } }] };

const jsonResponse = (body: unknown, status = 200): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('readRemoteEntries (window.__PORTAL_REMOTES__)', () => {
  it('reads {url, manifest} entries and bare URLs, in their order', () => {
    expect(readRemoteEntries({ staff: { url: '/remotes/staff/remoteEntry.js', manifest: STAFF }, identity: 'https://id.example/remoteEntry.js' })).toEqual([
      { name: 'staff', url: '/remotes/staff/remoteEntry.js', manifest: STAFF },
      { name: 'identity', url: 'https://id.example/remoteEntry.js' },
    ]);
  });

  it('is null when /remotes.js did not run, and leaves out entries of the wrong shape', () => {
    expect(readRemoteEntries(undefined)).toBeNull();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readRemoteEntries({ a: 42, b: { manifest: STAFF }, 'Bad Name': '/x.js', ok: { url: '/ok.js' } })).toEqual([{ name: 'ok', url: '/ok.js' }]);
    expect(error).toHaveBeenCalledTimes(3);
    error.mockRestore();
  });
});

describe('manifestUrlFor', () => {
  it('is manifest.json beside the remoteEntry.js, on whatever origin it is served from', () => {
    expect(manifestUrlFor('/remotes/staff/remoteEntry.js', 'http://portal.test/staff')).toBe('http://portal.test/remotes/staff/manifest.json');
    expect(manifestUrlFor('https://cdn.example/staff/v2/remoteEntry.js', 'http://portal.test/')).toBe('https://cdn.example/staff/v2/manifest.json');
  });
});

describe('loadManifests', () => {
  const base = 'http://portal.test/login';

  it('uses the manifests folded into /remotes.js without a request', async () => {
    const fetch = jest.fn<typeof globalThis.fetch>();
    const loaded = await loadManifests([{ name: 'staff', url: '/remotes/staff/remoteEntry.js', manifest: STAFF }], { fetch, base });
    expect(fetch).not.toHaveBeenCalled();
    expect(loaded.failed).toEqual([]);
    expect(loaded.remotes).toEqual([{ name: 'staff', manifest: { ...STAFF, redirects: [], headerAreas: [] } }]);
  });

  it('fetches the others beside their remoteEntry.js, in parallel, and keeps the order of the entries', async () => {
    const requested: string[] = [];
    const answers: Array<() => void> = [];
    const fetch = jest.fn<typeof globalThis.fetch>(
      (input) =>
        new Promise<Response>((resolve) => {
          requested.push(String(input));
          const body = String(input).includes('cdn') ? { name: 'identity', routes: [{ path: '/login', header: STAFF.routes[0]!.header }] } : STAFF;
          answers.push(() => resolve(jsonResponse(body)));
        }),
    );
    const loading = loadManifests(
      [
        { name: 'identity', url: 'https://cdn.example/identity/remoteEntry.js' },
        { name: 'staff', url: '/remotes/staff/remoteEntry.js' },
      ],
      { fetch, base },
    );
    await Promise.resolve();
    // Both asked for before either answered.
    expect(requested).toEqual(['https://cdn.example/identity/manifest.json', 'http://portal.test/remotes/staff/manifest.json']);
    for (const answer of answers.reverse()) answer();
    const loaded = await loading;
    expect(loaded.remotes.map((remote) => remote.name)).toEqual(['identity', 'staff']);
    expect(loaded.failed).toEqual([]);
  });

  it('reports a remote whose manifest is missing, invalid or another remote’s, and keeps the rest', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetch = jest.fn<typeof globalThis.fetch>(async (input) => {
      const url = String(input);
      if (url.includes('/gone/')) return new Response('Not Found', { status: 404 });
      if (url.includes('/broken/')) return jsonResponse({ name: 'broken', routes: [{ path: 'no-slash' }] });
      return jsonResponse(STAFF);
    });
    const loaded = await loadManifests(
      [
        { name: 'gone', url: '/remotes/gone/remoteEntry.js' },
        { name: 'broken', url: '/remotes/broken/remoteEntry.js' },
        { name: 'other', url: '/remotes/other/remoteEntry.js' },
        { name: 'staff', url: '/remotes/staff/remoteEntry.js' },
      ],
      { fetch, base },
    );
    expect(loaded.failed).toEqual(['gone', 'broken', 'other']);
    expect(loaded.remotes.map((remote) => remote.name)).toEqual(['staff']);
    expect(error).toHaveBeenCalledTimes(3);
    error.mockRestore();
  });

  it('gives up on a manifest that does not arrive in time', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetch = jest.fn<typeof globalThis.fetch>(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const loaded = await loadManifests([{ name: 'slow', url: '/remotes/slow/remoteEntry.js' }], { fetch, base, timeoutMs: 20 });
    expect(loaded.failed).toEqual(['slow']);
    error.mockRestore();
  });
});
