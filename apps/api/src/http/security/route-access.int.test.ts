/**
 * ROUTE TABLE (issue 23, finding 4): every route that needs a session, a verified guest or a staff
 * bearer — listed from the routers themselves, so a new route is covered the day it is added —
 * answers 401 to an anonymous request with an empty body, a malformed body and a full valid body
 * alike (the body its own frontend sends, from the frontends' pact files), before any validation
 * and before any provider is called (the sandbox sees no request during the sweep).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestPortal, type TestPortal } from '../../../../../tools/src/testing/portal.ts';
import { PUBLIC_ROUTES, routeAccess } from '../route-access.ts';
import { registeredRoutes, routeKey, type RegisteredRoute } from './actors.ts';

const PACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../contracts/pacts');
const SAMPLE_UUID = '3f2b8c1e-7d4a-4e9b-a6c5-1b2d3e4f5a6b';

interface PactRequest {
  readonly method: string;
  readonly path: string;
  /** Pact V4: the body's JSON is its `content`. */
  readonly body?: { readonly content?: unknown };
}

/** The request bodies the frontends promise to send, by route pattern. */
const pactBodies = (routes: readonly RegisteredRoute[]): Map<string, unknown> => {
  const bodies = new Map<string, unknown>();
  for (const file of readdirSync(PACTS).filter((name) => name.startsWith('portal-') && name.endsWith('.json'))) {
    const pact = JSON.parse(readFileSync(path.join(PACTS, file), 'utf8')) as { interactions: { request: PactRequest }[] };
    for (const { request } of pact.interactions) {
      const route = routes.find((candidate) => candidate.method === request.method && patternOf(candidate.path).test(request.path));
      if (route && request.body?.content !== undefined && !bodies.has(routeKey(route))) bodies.set(routeKey(route), request.body.content);
    }
  }
  return bodies;
};

const patternOf = (routePath: string): RegExp => new RegExp(`^${routePath.replace(/:[A-Za-z]+/g, '[^/]+').replace(/\./g, '\\.')}$`);
const concrete = (routePath: string): string => routePath.replace(/:id\b/g, '5101').replace(/:documentId\b/g, SAMPLE_UUID).replace('/api/enrollments/5101', `/api/enrollments/${SAMPLE_UUID}`);

let portal: TestPortal;
let routes: RegisteredRoute[] = [];
const sandboxLines: string[] = [];

beforeAll(async () => {
  portal = await startTestPortal({ worker: false, sandbox: { log: (line) => sandboxLines.push(line) } });
  routes = await registeredRoutes(portal);
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

describe('the route table', () => {
  it('names only routes that exist as public', () => {
    const keys = new Set(routes.map(routeKey));
    expect(Object.keys(PUBLIC_ROUTES).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('answers 401 to anonymous callers of every protected route before reading the body or calling a provider', async () => {
    const protectedRoutes = routes.filter((route) => routeAccess(routeKey(route)) !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(35);
    const bodies = pactBodies(routes);
    // The frontends' contracts give most write routes a real body (book, reschedule, enrollments, staff …).
    expect(bodies.size).toBeGreaterThan(20);
    const before = sandboxLines.length;
    const failures: string[] = [];
    for (const route of protectedRoutes) {
      const url = `${portal.url}${concrete(route.path)}`;
      const hasBody = route.method !== 'GET';
      const variants: Array<[string, string | undefined]> = hasBody
        ? [
            ['empty', undefined],
            ['malformed', '{"email": "x'],
            ['full', JSON.stringify(bodies.get(routeKey(route)) ?? {})],
          ]
        : [['none', undefined]];
      for (const [name, body] of variants) {
        const response = await fetch(url, {
          method: route.method,
          headers: { Origin: portal.url, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
          ...(body === undefined ? {} : { body }),
          redirect: 'manual',
        });
        const text = await response.text();
        if (response.status !== 401 || /Validation failed|Invalid JSON/.test(text)) failures.push(`${routeKey(route)} (${name} body): ${response.status} ${text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    // No route reached a provider for an anonymous caller.
    expect(sandboxLines.slice(before)).toEqual([]);
  });

  it('answers a bad staff bearer with 401 on staff routes, with any body', async () => {
    const staffRoutes = routes.filter((route) => routeAccess(routeKey(route)) === 'staff');
    expect(staffRoutes.length).toBeGreaterThan(8);
    for (const route of staffRoutes) {
      const response = await fetch(`${portal.url}${concrete(route.path)}`, {
        method: route.method,
        headers: { Origin: portal.url, Authorization: `Bearer ${'x'.repeat(40)}`, ...(route.method === 'GET' ? {} : { 'Content-Type': 'application/json' }) },
        ...(route.method === 'GET' ? {} : { body: '{"broken' }),
      });
      expect({ route: routeKey(route), status: response.status }).toEqual({ route: routeKey(route), status: 401 });
    }
  });
});
