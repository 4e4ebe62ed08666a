/**
 * Serves the built shell and micro-frontends on the API's origin:
 * - /remotes/<name>/...  → frontends/<name>/dist
 * - /remotes.js          → each remote: where the shell loads it from (REMOTE_<NAME>_URL overrides)
 *                          and, for one served from here, its manifest (the routes it owns), read
 *                          from dist/manifest.json on every request, so a remote deployed alone
 *                          brings its routes with it (docs/decisions/0016-remote-manifests.md)
 * - anything else (GET, not /api) → a shell asset, or the shell's index.html (client-side routes)
 * Hashed assets are cached for a year; index.html and remoteEntry.js are revalidated every time.
 */
import { createReadStream, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import type { RemoteOverride } from '@portal/composition';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The file under root for a URL path, or null when it escapes root or does not exist. */
const fileUnder = (root: string, urlPath: string): string | null => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const candidate = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (candidate !== root && !candidate.startsWith(root + path.sep)) return null;
  return existsSync(candidate) && statSync(candidate).isFile() ? candidate : null;
};

const send = (ctx: Context, file: string): void => {
  const name = path.basename(file);
  ctx.type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  ctx.length = statSync(file).size;
  const hashed = /\.[0-9a-f]{8,}\./.test(name);
  ctx.set('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  ctx.body = createReadStream(file);
};

/** Names of the built remotes (folders with dist/remoteEntry.js), in name order. */
export const builtRemotes = (frontendsDir: string): string[] =>
  existsSync(frontendsDir)
    ? readdirSync(frontendsDir)
        .filter((name) => existsSync(path.join(frontendsDir, name, 'dist', 'remoteEntry.js')))
        .sort()
    : [];

/** A built remote's manifest.json as JSON, or undefined (the shell then fetches it and reports the failure). */
const builtManifest = (frontendsDir: string, name: string): unknown => {
  try {
    return JSON.parse(readFileSync(path.join(frontendsDir, name, 'dist', 'manifest.json'), 'utf8')) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * `window.__PORTAL_REMOTES__ = {name: {url, manifest?}}`. A remote served from here comes with its
 * manifest, so the first screen needs no further request; an overridden one (another origin) has
 * its URL only, and the shell fetches manifest.json beside its remoteEntry.js. The shell checks
 * every manifest.
 */
export const remotesScript = (frontendsDir: string, overrides: readonly RemoteOverride[]): string => {
  const remotes: Record<string, { url: string; manifest?: unknown }> = {};
  for (const name of builtRemotes(frontendsDir)) {
    const manifest = builtManifest(frontendsDir, name);
    remotes[name] = manifest === undefined ? { url: `/remotes/${name}/remoteEntry.js` } : { url: `/remotes/${name}/remoteEntry.js`, manifest };
  }
  for (const { name, url } of overrides) remotes[name] = { url };
  return `window.__PORTAL_REMOTES__ = ${JSON.stringify(remotes)};\n`;
};

export const frontends = (frontendsDir: string, overrides: readonly RemoteOverride[]) => {
  const root = path.resolve(frontendsDir);
  const shellDist = path.join(root, 'shell', 'dist');
  return async (ctx: Context, next: Next): Promise<void> => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path === '/api') {
      await next();
      return;
    }
    if (ctx.path === '/remotes.js') {
      ctx.type = TYPES['.js']!;
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = remotesScript(root, overrides);
      return;
    }
    const remote = /^\/remotes\/([a-z-]+)(\/.*)$/.exec(ctx.path);
    if (remote) {
      const file = fileUnder(path.join(root, remote[1]!, 'dist'), remote[2]!);
      if (file) send(ctx, file);
      else {
        ctx.status = 404;
        ctx.body = 'Not Found';
      }
      return;
    }
    const asset = ctx.path === '/' ? null : fileUnder(shellDist, ctx.path);
    if (asset) {
      send(ctx, asset);
      return;
    }
    // A file-looking path that is not there is a real 404; everything else is a client-side route.
    if (path.extname(ctx.path) && path.extname(ctx.path) !== '.html') {
      ctx.status = 404;
      ctx.body = 'Not Found';
      return;
    }
    const index = path.join(shellDist, 'index.html');
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The portal has not been built yet: run `npm run build`.';
      return;
    }
    send(ctx, index);
  };
};
