/**
 * Front-end serving over real HTTP (issue 15): a Koa app with the security headers and the
 * frontends middleware, as the API mounts them, over a built-like folder whose assets have their
 * precompressed twins. Requests go out through node:http so the raw bytes, Content-Encoding and
 * Content-Length are seen as the browser sees them (fetch would decompress).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Koa from 'koa';
import { frontends, negotiateEncoding, ownerOf } from './frontends.ts';
import { securityHeaders } from './security-headers.ts';

const VENDOR = `/* vendor */ ${'export const value = "the same text again and again";\n'.repeat(400)}`;
const ENTRY = `var portal_booking; ${'/* remote entry */ '.repeat(100)}`;
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Member Portal</title><script src="/remotes.js"></script><script defer="defer" src="/main.0123456789.js"></script></head><body><main id="portal-main"></main></body></html>';
const BOOKING = {
  name: 'booking',
  routes: [
    { path: '/appointments', header: { title: 'Book an Appointment', showUserStatus: true } },
    { path: '/appointments/<id>', header: { title: 'Book an Appointment', showUserStatus: true } },
  ],
  redirects: [{ from: '/book', to: '/appointments' }],
  headerAreas: [],
};
const IDENTITY = {
  name: 'identity',
  routes: [
    { path: '/login', header: { title: 'Sign in </script><script>alert(1)</script>', showUserStatus: false } },
    { path: '/guest-login', header: { title: 'Guest', showUserStatus: false }, chunk: 'guest-login' },
  ],
  redirects: [],
  headerAreas: [],
};

let dir: string;
let server: Server;
let origin: string;

const write = (file: string, content: string | Buffer, twins = false): void => {
  const full = path.join(dir, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  if (twins) {
    writeFileSync(`${full}.br`, brotliCompressSync(content));
    writeFileSync(`${full}.gz`, gzipSync(content));
  }
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-serving-'));
  write('shell/dist/index.html', INDEX, true);
  write('shell/dist/main.0123456789.js', VENDOR, true);
  write('shell/dist/41.abcdef0123.js', VENDOR, true);
  write('shell/dist/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write(
    'shell/dist/load.json',
    JSON.stringify({
      name: 'shell',
      files: ['main.0123456789.js', '41.abcdef0123.js', '476.abcdef0123.css'],
      chunks: { 'startup-codecs': ['956.abcdef0123.js', 'startup-codecs.abcdef0123.js'], 'user-menu': ['702.abcdef0123.js'] },
    }),
  );
  write('booking/dist/remoteEntry.js', ENTRY, true);
  write('booking/dist/67.0123456789.js', VENDOR, true);
  write('booking/dist/manifest.json', JSON.stringify(BOOKING));
  write('booking/dist/load.json', JSON.stringify({ name: 'booking', files: ['remoteEntry.js', '67.0123456789.css', '67.0123456789.js'] }));
  write('identity/dist/remoteEntry.js', ENTRY, true);
  write('identity/dist/manifest.json', JSON.stringify(IDENTITY));
  write(
    'identity/dist/load.json',
    JSON.stringify({
      name: 'identity',
      files: ['remoteEntry.js', '137.0123456789.js'],
      chunks: {
        'guest-login': ['guest-login.0123456789.js', '749.0123456789.js', '../../shell/dist/index.html'],
        'firebase-phone': ['firebase-phone.0123456789.js'],
        'messages-en': ['messages-en.0123456789.js'],
        'messages-es': ['messages-es.0123456789.js'],
      },
    }),
  );
  const app = new Koa();
  app.use(securityHeaders({ trustedOrigins: [], https: false }));
  app.use(frontends(dir, []));
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    const req = request(`${origin}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('content negotiation of precompressed files', () => {
  it('sends the Brotli twin to a browser that accepts br, with its own length', async () => {
    const response = await get('/main.0123456789.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(response.headers['content-length'])).toBe(response.body.byteLength);
    expect(response.body.byteLength).toBeLessThan(Buffer.byteLength(VENDOR) / 10);
    expect(brotliDecompressSync(response.body).toString()).toBe(VENDOR);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends the gzip twin when gzip is all that is accepted', async () => {
    const response = await get('/remotes/booking/67.0123456789.js', { 'Accept-Encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(Number(response.headers['content-length'])).toBe(response.body.byteLength);
    expect(gunzipSync(response.body).toString()).toBe(VENDOR);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends the file itself without Accept-Encoding, still varying on it', async () => {
    const response = await get('/main.0123456789.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe(VENDOR);
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(VENDOR));
    expect(response.headers.vary).toBe('Accept-Encoding');
  });

  it('follows q-values: gzip preferred over br, br refused, identity preferred, everything but identity refused', async () => {
    expect((await get('/main.0123456789.js', { 'Accept-Encoding': 'br;q=0.5, gzip;q=0.9' })).headers['content-encoding']).toBe('gzip');
    expect((await get('/main.0123456789.js', { 'Accept-Encoding': 'br;q=0, *' })).headers['content-encoding']).toBe('gzip');
    expect((await get('/main.0123456789.js', { 'Accept-Encoding': 'identity, gzip;q=0.5' })).headers['content-encoding']).toBeUndefined();
    expect((await get('/main.0123456789.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    const refused = await get('/main.0123456789.js', { 'Accept-Encoding': 'identity;q=0, zstd' });
    expect(refused.status).toBe(406);
  });

  it('answers a HEAD with the headers of the GET and no body', async () => {
    const head = await get('/remotes/booking/remoteEntry.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    const full = await get('/remotes/booking/remoteEntry.js', { 'Accept-Encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(Number(head.headers['content-length'])).toBe(full.body.byteLength);
    // remoteEntry.js has no hash in its name: revalidated every time.
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  it('sends a file without twins as it is, without Vary', async () => {
    const response = await get('/favicon.svg', { 'Accept-Encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.body.toString()).toContain('<svg');
  });

  it('ignores twins older than the file (a file replaced without rebuilding its twins)', async () => {
    write('booking/dist/replaced.0123456789.js', VENDOR, true);
    const newer = `${VENDOR}/* replaced */`;
    const file = path.join(dir, 'booking/dist/replaced.0123456789.js');
    writeFileSync(file, newer);
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    const response = await get('/remotes/booking/replaced.0123456789.js', { 'Accept-Encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe(newer);
  });

  it('keeps a missing file a 404 and a path outside the folders unserved', async () => {
    expect((await get('/remotes/booking/nope.0123456789.js', { 'Accept-Encoding': 'br' })).status).toBe(404);
    expect((await get('/remotes/booking/..%2f..%2fshell%2fdist%2findex.html', { 'Accept-Encoding': 'br' })).status).toBe(404);
  });
});

describe('the page', () => {
  const page = async (pathname: string, encoding = ''): Promise<{ html: string; response: RawResponse }> => {
    const response = await get(pathname, encoding ? { 'Accept-Encoding': encoding } : {});
    const body = response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.body) : response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.body) : response.body;
    return { html: body.toString(), response };
  };

  const inlineScript = (html: string): string => {
    const match = /<script>(window\.__PORTAL_REMOTES__ = [^<]*)<\/script>/.exec(html);
    if (!match) throw new Error(`no inline remote map in ${html}`);
    return match[1]!;
  };

  it('carries the remote map inline instead of loading /remotes.js, allowed by its hash and nothing broader', async () => {
    const { html, response } = await page('/appointments');
    expect(html).not.toContain('/remotes.js');
    const script = inlineScript(html);
    const map = JSON.parse(/^window\.__PORTAL_REMOTES__ = (\{.*\});\n$/.exec(script)![1]!);
    expect(map).toEqual({ booking: { url: '/remotes/booking/remoteEntry.js', manifest: BOOKING }, identity: { url: '/remotes/identity/remoteEntry.js', manifest: IDENTITY } });
    const hash = createHash('sha256').update(script).digest('base64');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(policy).not.toContain('unsafe-inline\' ;');
    expect(policy.split(';').find((directive) => directive.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('cannot be broken out of by a manifest: no "<" inside the inline script', async () => {
    const { html } = await page('/login');
    expect(inlineScript(html)).not.toContain('<');
    expect(html).not.toContain('<script>alert(1)');
    expect(JSON.parse(/= (\{.*\});/.exec(inlineScript(html))![1]!).identity.manifest.routes[0].header.title).toBe(IDENTITY.routes[0]!.header.title);
  });

  it("preloads the shell's chunks, its startup codecs (not its other lazy chunks), and the route's remote entry and first files", async () => {
    const { html } = await page('/appointments');
    const preloads = [...html.matchAll(/<link rel="preload" as="(\w+)" href="([^"]+)">/g)].map((match) => `${match[1]} ${match[2]}`);
    expect(preloads).toEqual([
      'script /41.abcdef0123.js',
      'style /476.abcdef0123.css',
      'script /956.abcdef0123.js',
      'script /startup-codecs.abcdef0123.js',
      'script /remotes/booking/remoteEntry.js',
      'style /remotes/booking/67.0123456789.css',
      'script /remotes/booking/67.0123456789.js',
    ]);
    // The preloads come before the shell's own script.
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('/main.0123456789.js'));
  });

  it("preloads a route's own lazy chunk when its manifest names one, and only on that route", async () => {
    const guest = (await page('/guest-login')).html;
    const preloads = [...guest.matchAll(/<link rel="preload" as="\w+" href="(\/remotes\/identity\/[^"]+)">/g)].map((match) => match[1]);
    expect(preloads).toEqual([
      '/remotes/identity/remoteEntry.js',
      '/remotes/identity/137.0123456789.js',
      '/remotes/identity/guest-login.0123456789.js',
      '/remotes/identity/749.0123456789.js',
      '/remotes/identity/messages-en.0123456789.js',
    ]);
    const login = (await page('/login')).html;
    expect(login).toContain('href="/remotes/identity/137.0123456789.js"');
    expect(login).not.toContain('guest-login.0123456789.js');
    expect(login).not.toContain('firebase-phone');
  });

  it("preloads the route's catalogs in the page's language, the one chunk its words are in (issue 26)", async () => {
    const english = (await page('/login')).html;
    expect(english).toContain('href="/remotes/identity/messages-en.0123456789.js"');
    expect(english).not.toContain('messages-es');
    const response = await get('/login', { Cookie: 'portal_lang=es-US' });
    const spanish = response.body.toString();
    expect(spanish).toContain('href="/remotes/identity/messages-es.0123456789.js"');
    expect(spanish).not.toContain('messages-en');
  });

  it('finds the owner through patterns and redirects; a path no remote owns gets only the shell preloads', async () => {
    expect((await page('/appointments/123')).html).toContain('href="/remotes/booking/remoteEntry.js"');
    expect((await page('/book')).html).toContain('href="/remotes/booking/remoteEntry.js"');
    expect((await page('/login')).html).toContain('href="/remotes/identity/remoteEntry.js"');
    const unknown = (await page('/nowhere')).html;
    expect(unknown).not.toMatch(/rel="preload"[^>]*remoteEntry\.js/);
    expect(unknown).toContain('href="/41.abcdef0123.js"');
  });

  it('is compressed as the request accepts, with a matching length', async () => {
    const br = await page('/appointments', 'br, gzip');
    expect(br.response.headers['content-encoding']).toBe('br');
    expect(Number(br.response.headers['content-length'])).toBe(br.response.body.byteLength);
    // One copy per coding, and per language (the page follows the portal_lang cookie, else Accept-Language).
    expect(br.response.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
    const gzip = await page('/appointments', 'gzip');
    expect(gzip.response.headers['content-encoding']).toBe('gzip');
    expect(gzip.html).toBe(br.html);
    const plain = await page('/appointments');
    expect(plain.response.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.response.headers['content-length'])).toBe(Buffer.byteLength(plain.html));
    expect(plain.html).toBe(br.html);
  });

  it('still serves /remotes.js (pages loaded before the inline map), compressed when accepted', async () => {
    const response = await get('/remotes.js', { 'Accept-Encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.body).toString()).toMatch(/^window\.__PORTAL_REMOTES__ = \{.*\};\n$/);
  });
});

describe('negotiateEncoding', () => {
  const all = ['br', 'gzip', 'identity'] as const;
  it('prefers br, then gzip, then identity among equal weights', () => {
    expect(negotiateEncoding('gzip, br', all)).toBe('br');
    expect(negotiateEncoding('gzip', all)).toBe('gzip');
    expect(negotiateEncoding(undefined, all)).toBe('identity');
    expect(negotiateEncoding('', all)).toBe('identity');
    expect(negotiateEncoding('x-gzip', all)).toBe('gzip');
    expect(negotiateEncoding('*', all)).toBe('br');
    expect(negotiateEncoding('BR;Q=1.0', all)).toBe('br');
  });
  it('honours q-values and refusals', () => {
    expect(negotiateEncoding('br;q=0.1, gzip;q=0.2', all)).toBe('gzip');
    expect(negotiateEncoding('*;q=0', all)).toBeNull();
    expect(negotiateEncoding('*;q=0, identity', all)).toBe('identity');
    expect(negotiateEncoding('br', ['gzip', 'identity'])).toBe('identity');
  });
});

describe('ownerOf', () => {
  const remotes = {
    booking: { url: '/remotes/booking/remoteEntry.js', manifest: { routes: [{ path: '/a/*' }, { path: '/a/<id>' }] } },
    staff: { url: '/remotes/staff/remoteEntry.js', manifest: { routes: [{ path: '/a/list' }] } },
  };
  it('ranks an exact route over a pattern over a prefix, and trailing slashes away', () => {
    expect(ownerOf(remotes, '/a/list')).toBe('staff');
    expect(ownerOf(remotes, '/a/list/')).toBe('staff');
    expect(ownerOf(remotes, '/a/7')).toBe('booking');
    expect(ownerOf(remotes, '/a/7/8')).toBe('booking');
    expect(ownerOf(remotes, '/b')).toBeNull();
  });
});
