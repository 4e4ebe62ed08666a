import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { remotesScript } from './frontends.ts';

const STAFF = { name: 'staff', routes: [{ path: '/staff', header: { title: 'Staff Portal', showUserStatus: false } }], redirects: [], headerAreas: [] };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const frontendsDir = (remotes: Record<string, { manifest?: string }>): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-frontends-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'shell', 'dist'), { recursive: true });
  writeFileSync(path.join(dir, 'shell', 'dist', 'index.html'), '<!doctype html>');
  for (const [name, { manifest }] of Object.entries(remotes)) {
    mkdirSync(path.join(dir, name, 'dist'), { recursive: true });
    writeFileSync(path.join(dir, name, 'dist', 'remoteEntry.js'), '');
    if (manifest !== undefined) writeFileSync(path.join(dir, name, 'dist', 'manifest.json'), manifest);
  }
  return dir;
};

const remotesOf = (script: string): unknown => {
  const match = /^window\.__PORTAL_REMOTES__ = (\{.*\});\n$/.exec(script);
  if (!match) throw new Error(`not a remotes script: ${script}`);
  return JSON.parse(match[1]!);
};

describe('/remotes.js', () => {
  it("lists every built remote with its manifest folded in, in name order, so the first screen needs no further request", () => {
    const dir = frontendsDir({ staff: { manifest: JSON.stringify(STAFF) }, identity: { manifest: '{"name":"identity","routes":[]}' } });
    expect(remotesOf(remotesScript(dir, []))).toEqual({
      identity: { url: '/remotes/identity/remoteEntry.js', manifest: { name: 'identity', routes: [] } },
      staff: { url: '/remotes/staff/remoteEntry.js', manifest: STAFF },
    });
    expect(Object.keys(remotesOf(remotesScript(dir, [])) as object)).toEqual(['identity', 'staff']);
  });

  it('leaves the manifest out when it is missing or not JSON (the shell fetches it and reports the failure)', () => {
    const dir = frontendsDir({ staff: {}, identity: { manifest: '{not json' } });
    expect(remotesOf(remotesScript(dir, []))).toEqual({
      identity: { url: '/remotes/identity/remoteEntry.js' },
      staff: { url: '/remotes/staff/remoteEntry.js' },
    });
  });

  it('gives a remote on another origin its URL only: the shell reads manifest.json beside it', () => {
    const dir = frontendsDir({ staff: { manifest: JSON.stringify(STAFF) } });
    expect(remotesOf(remotesScript(dir, [{ name: 'staff', url: 'https://cdn.example/staff/remoteEntry.js' }, { name: 'booking', url: 'https://cdn.example/booking/remoteEntry.js' }]))).toEqual({
      staff: { url: 'https://cdn.example/staff/remoteEntry.js' },
      booking: { url: 'https://cdn.example/booking/remoteEntry.js' },
    });
  });

  it('follows a remote deployed alone: its new manifest shows on the next request', () => {
    const dir = frontendsDir({ staff: { manifest: JSON.stringify(STAFF) } });
    expect(remotesScript(dir, [])).not.toContain('/staff/reports');
    const newer = { ...STAFF, routes: [...STAFF.routes, { path: '/staff/reports', header: STAFF.routes[0]!.header }] };
    writeFileSync(path.join(dir, 'staff', 'dist', 'manifest.json'), JSON.stringify(newer));
    expect(remotesOf(remotesScript(dir, []))).toEqual({ staff: { url: '/remotes/staff/remoteEntry.js', manifest: newer } });
  });
});
