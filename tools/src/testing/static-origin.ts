/** A static file server on an origin of its own, like a CDN: CORS open so the portal may read manifest.json. */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

export interface StaticOrigin {
  readonly origin: string;
  close(): Promise<void>;
}

export const serveFolder = (root: string): Promise<StaticOrigin> =>
  new Promise((resolve) => {
    const server: Server = createServer((request, response) => {
      const file = path.join(root, path.normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)));
      response.setHeader('Access-Control-Allow-Origin', '*');
      try {
        const body = readFileSync(file);
        response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
        response.end(body);
      } catch {
        response.writeHead(404).end('Not Found');
      }
    });
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    );
  });
