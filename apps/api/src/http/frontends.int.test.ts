/**
 * The API serving the real build (npm test builds the frontends first): precompressed assets by
 * content negotiation with the immutable caching kept, and each page with the remote map inline
 * and its route's remote entry preloaded (issue 15).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { capturingLogger } from '@portal/composition/testing.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tools/src/testing/test-database.ts';
import { startApi, type RunningApi } from '../server.ts';

const FRONTENDS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../frontends');

let db: TestDatabase;
let api: RunningApi;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startApi({ databaseUrl: db.url, port: 0, env: {}, logger: capturingLogger().logger });
});
afterAll(async () => {
  await api.close();
  await db.drop();
});

const raw = (pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> =>
  new Promise((resolve, reject) => {
    const req = request(`${api.url}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

const load = (name: string): { files: string[] } => JSON.parse(readFileSync(path.join(FRONTENDS, name, 'dist', 'load.json'), 'utf8'));

describe('the built frontends', () => {
  it("send the shell's largest chunk as Brotli to a browser, cached for a year", async () => {
    const shellJs = load('shell').files.filter((file) => file.endsWith('.js'));
    const sizes = shellJs.map((file) => ({ file, size: readFileSync(path.join(FRONTENDS, 'shell', 'dist', file)).byteLength }));
    const largest = sizes.sort((a, b) => b.size - a.size)[0]!;
    const response = await raw(`/${largest.file}`, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.body.byteLength);
    expect(response.body.byteLength).toBeLessThan(largest.size / 3);
    expect(brotliDecompressSync(response.body).equals(readFileSync(path.join(FRONTENDS, 'shell', 'dist', largest.file)))).toBe(true);
    const head = await raw(`/${largest.file}`, { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.body.byteLength).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(readFileSync(path.join(FRONTENDS, 'shell', 'dist', `${largest.file}.gz`)).byteLength);
  });

  it.each([
    ['/login', 'identity'],
    ['/guest-login', 'identity'],
    ['/appointments', 'booking'],
    ['/dashboard', 'dashboard'],
  ])('serve %s with the remote map inline, allowed by its hash, and %s preloaded', async (pathname, remote) => {
    const response = await raw(pathname);
    expect(response.status).toBe(200);
    const html = response.body.toString();
    expect(html).not.toContain('src="/remotes.js"');
    const script = /<script>(window\.__PORTAL_REMOTES__ = [^<]*)<\/script>/.exec(html)?.[1];
    expect(script).toBeDefined();
    const map = JSON.parse(/= (\{.*\});/.exec(script!)![1]!);
    expect(map[remote]).toEqual({ url: `/remotes/${remote}/remoteEntry.js`, manifest: expect.objectContaining({ name: remote }) });
    const scriptSrc = String(response.headers['content-security-policy']).split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(script!).digest('base64')}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(html).toContain(`<link rel="preload" as="script" href="/remotes/${remote}/remoteEntry.js">`);
    for (const file of load(remote).files.filter((name) => name !== 'remoteEntry.js')) expect(html).toContain(`href="/remotes/${remote}/${file}"`);
    // Every preload names a file that is there.
    for (const [, href] of html.matchAll(/rel="preload" as="\w+" href="([^"]+)"/g)) expect((await raw(href!, {}, 'HEAD')).status).toBe(200);
  });
});
