import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isRight } from 'fp-ts/lib/Either.js';
import { ConfigResponse, HealthResponse } from '@portal/contracts';
import { createTestDatabase, type TestDatabase } from '../../../../tools/src/testing/test-database.ts';
import { PortInUseError, startApi, type RunningApi } from '../server.ts';
import { HEALTH_PING_MAX_AGE_MS } from './health.router.ts';
import { capturingLogger } from '@portal/composition/testing.ts';

let db: TestDatabase;
let api: RunningApi;
const logs = capturingLogger();

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startApi({ databaseUrl: db.url, port: 0, env: { LOG_LEVEL: 'info' }, logger: logs.logger });
});
afterAll(async () => {
  await api.close();
  await db.drop();
});

describe('GET /api/health', () => {
  it('answers 200 with the database up', async () => {
    const response = await fetch(`${api.url}/api/health`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(isRight(HealthResponse.decode(body))).toBe(true);
    expect(body).toEqual({ status: 'ok', database: 'ok', version: expect.any(String) });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/config', () => {
  it('gives the browser the public provider settings in the spec shape', async () => {
    const response = await fetch(`${api.url}/api/config`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(isRight(ConfigResponse.decode(body))).toBe(true);
    expect(body.stripe.publicKey).toMatch(/^pk_/);
    expect(body.firebase).toEqual(expect.objectContaining({ enabled: expect.any(Boolean), projectId: expect.any(String) }));
    expect(body.turnstile).toEqual(expect.objectContaining({ enabled: expect.any(Boolean) }));
    expect(body.oauth).toEqual({ enabled: expect.any(Boolean) });
  });
});

describe('errors', () => {
  it('answers an unknown API route with a JSON 404', async () => {
    const response = await fetch(`${api.url}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not Found' });
  });

  it('answers malformed JSON with 400 and a clear error, not a 500', async () => {
    const response = await fetch(`${api.url}/api/config`, { method: 'POST', body: '{bad', headers: { 'content-type': 'application/json', Origin: api.url } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Invalid JSON body' });
  });

  it('refuses a wrong method on a known route with 405', async () => {
    const response = await fetch(`${api.url}/api/health`, { method: 'DELETE', headers: { Origin: api.url } });
    expect(response.status).toBe(405);
  });
});

describe('security headers', () => {
  it('sets a strict content security policy and the usual hardening headers', async () => {
    const response = await fetch(`${api.url}/api/health`);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });
});

describe('the frontends', () => {
  it('serves /remotes.js telling the shell where each micro-frontend lives', async () => {
    const response = await fetch(`${api.url}/remotes.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(await response.text()).toMatch(/^window\.__PORTAL_REMOTES__ = \{.*\};\n$/);
  });

  it('never serves files outside the built folders', async () => {
    const response = await fetch(`${api.url}/remotes/identity/..%2f..%2f..%2fpackage.json`);
    expect(response.status).toBe(404);
  });
});

describe('logs', () => {
  it('write one JSON line per API request without query strings', async () => {
    await fetch(`${api.url}/api/health?email=someone@example.com`);
    const line = logs.lines().map((text) => JSON.parse(text)).find((entry) => entry.msg === 'request' && entry.route === '/api/health');
    expect(line).toMatchObject({ method: 'GET', status: 200 });
    expect(logs.lines().join('\n')).not.toContain('someone@example.com');
  });

  it('keep a proxy\'s request id, and never echo or log one shaped like an SSN (the access line skips redaction)', async () => {
    const proxied = await fetch(`${api.url}/api/health`, { headers: { 'X-Request-Id': '0123456789abcdef0123456789abcdef' } });
    expect(proxied.headers.get('x-request-id')).toBe('0123456789abcdef0123456789abcdef');
    const shaped = await fetch(`${api.url}/api/health`, { headers: { 'X-Request-Id': 'abc-123-45-6789' } });
    expect(shaped.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const lines = logs.lines();
    expect(lines.some((line) => line.includes('0123456789abcdef0123456789abcdef'))).toBe(true);
    expect(lines.join('\n')).not.toContain('123-45-6789');
  });

  it("name the route's pattern, not the ids in the path; a path no route matched is logged redacted", async () => {
    const id = '0f0e0d0c-0b0a-4000-8000-0a0b0c0d0e0f';
    await fetch(`${api.url}/api/enrollments/${id}`);
    await fetch(`${api.url}/api/nowhere/someone.else@example.com`);
    const lines = logs.lines().map((text) => JSON.parse(text));
    expect(lines.find((entry) => entry.msg === 'request' && entry.route === '/api/enrollments/:id')).toMatchObject({ method: 'GET', status: 401 });
    expect(lines.find((entry) => entry.msg === 'request' && entry.route === 'unmatched' && entry.path.startsWith('/api/nowhere/'))).toMatchObject({ path: '/api/nowhere/[email]', status: 404 });
    const all = logs.lines().join('\n');
    expect(all).not.toContain(id);
    expect(all).not.toContain('someone.else@example.com');
  });
});

describe('a second API on the same port', () => {
  it('fails with a clear message', async () => {
    const port = Number(new URL(api.url).port);
    await expect(startApi({ databaseUrl: db.url, port, env: {}, logger: logs.logger })).rejects.toThrow(PortInUseError);
  });
});

describe('GET /api/health with the database gone', () => {
  it('answers 503 and says the database is down, within a second of its last ping (plus the ping\'s own second)', async () => {
    const admin = new URL(process.env.DATABASE_URL!);
    const { createKnex } = await import('@portal/persistence');
    const adminKnex = createKnex({ url: admin.toString(), poolMax: 1 });
    const name = new URL(db.url).pathname.slice(1);
    await adminKnex.raw(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    await adminKnex.raw('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ?', [name]);
    try {
      // One database answer stands for a second (HEALTH_PING_MAX_AGE_MS); then a ping of at most a second.
      const started = Date.now();
      let response = await fetch(`${api.url}/api/health`);
      while (response.status === 200 && Date.now() - started < HEALTH_PING_MAX_AGE_MS + 1_500) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        response = await fetch(`${api.url}/api/health`);
      }
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: 'degraded', database: 'down' });
    } finally {
      await adminKnex.raw(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await adminKnex.destroy();
    }
  });
});

describe('POST /api/client-errors (a frontend could not decode an answer)', () => {
  const report = (body: unknown) =>
    fetch(`${api.url}/api/client-errors`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: api.url }, body: JSON.stringify(body) });

  it('logs the method, path and field names for whoever releases the remotes', async () => {
    const answer = await report({ kind: 'contract-mismatch', method: 'GET', path: '/api/dashboard/subscription-status', fields: ['subscriptions.tier1PatientMatches.status'] });
    expect(answer.status).toBe(202);
    const line = logs.lines().find((entry) => entry.includes('client_contract_mismatch'));
    expect(JSON.parse(line!)).toMatchObject({ level: 40, path: '/api/dashboard/subscription-status', fields: ['subscriptions.tier1PatientMatches.status'] });
  });

  it('takes names only: a value, a foreign path or too many fields is refused', async () => {
    expect((await report({ kind: 'contract-mismatch', method: 'GET', path: '/api/x', fields: ['Margaret Sullivan'] })).status).toBe(400);
    expect((await report({ kind: 'contract-mismatch', method: 'GET', path: 'https://evil.example/', fields: ['a'] })).status).toBe(400);
    expect((await report({ kind: 'contract-mismatch', method: 'GET', path: '/api/x', fields: Array.from({ length: 21 }, (_, i) => `f${i}`) })).status).toBe(400);
  });
});
