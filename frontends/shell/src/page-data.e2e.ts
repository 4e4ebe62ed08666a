/**
 * The page's first API calls, started by the page itself (issue 15, docs/decisions/0046): for
 * every route whose manifest declares `data`, the page the API serves starts those calls before
 * any script, and the micro-frontend takes each answer instead of asking again. Held for each
 * built manifest, so a route that declares a call it never makes (an answer nobody reads holds a
 * connection) or a call asked twice fails here.
 *
 * A paying member (Margaret, paid through the API and the sandbox) for the signed-in pages; a new
 * browser context for the signed-out ones, which start only the calls that need no session.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';
import { paidEnrollment, signedEnrollment, signedInForEnrollment } from '../../../tools/src/testing/enrollment-flow.ts';

const setup = portalInBrowser();

const FRONTENDS = path.resolve(import.meta.dirname, '../..');
/** Every exact route with declared data, from the built manifests. */
const routesWithData = (): { path: string; data: string[] }[] =>
  readdirSync(FRONTENDS)
    .map((name) => path.join(FRONTENDS, name, 'dist', 'manifest.json'))
    .filter((file) => existsSync(file))
    .flatMap((file) => (JSON.parse(readFileSync(file, 'utf8')) as { routes: { path: string; data?: string[] }[] }).routes)
    .filter((route) => route.data !== undefined && !/[<*]/.test(route.path))
    .map((route) => ({ path: route.path, data: route.data! }));

const SIGNED_OUT = new Set(['/login', '/guest-login', '/staff']);
const PUBLIC = new Set(['/api/auth/session', '/api/config', '/api/config/practice']);

/** Loads `route`; the calls the page started and those the browser made, once every started answer is taken. */
const load = async (page: Page, route: string): Promise<{ requested: string[]; left: string[] }> => {
  const requested: string[] = [];
  const listener = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requested.push(url.pathname);
  };
  page.on('request', listener);
  await page.goto(`${setup.portal.url}${route}`);
  // The answers are dropped after 10 s: every one must be taken well before.
  const left = await page
    .waitForFunction(() => Object.keys((window as { __PORTAL_PREFETCH__?: object }).__PORTAL_PREFETCH__ ?? {}).length === 0, undefined, { timeout: 8_000 })
    .then(() => [] as string[])
    .catch(() => page.evaluate(() => Object.keys((window as { __PORTAL_PREFETCH__?: object }).__PORTAL_PREFETCH__ ?? {})));
  await page.waitForTimeout(750);
  page.off('request', listener);
  return { requested, left };
};

const once = (requested: readonly string[], call: string): number => requested.filter((each) => each === call).length;

describe("a page's first API calls", () => {
  const routes = routesWithData();

  it('are declared by the sign-in pages, the dashboard, booking and enrollment', () => {
    expect(routes.map((route) => route.path)).toEqual(expect.arrayContaining(['/login', '/guest-login', '/staff', '/dashboard', '/appointments', '/enrollment/practice-location']));
  });

  it('signed out: the session and public settings are started by the page, each taken and asked once', async () => {
    const page = await setup.browser.newPage();
    await page.context().clearCookies();
    for (const route of routes.filter((each) => SIGNED_OUT.has(each.path))) {
      const { requested, left } = await load(page, route.path);
      expect({ route: route.path, left }).toEqual({ route: route.path, left: [] });
      for (const call of ['/api/auth/session', ...route.data.filter((each) => PUBLIC.has(each))]) {
        expect({ route: route.path, call, times: once(requested, call) }).toEqual({ route: route.path, call, times: 1 });
      }
      // Nothing that needs a session is started for a visitor without one.
      expect(requested.filter((call) => !PUBLIC.has(call) && route.data.includes(call))).toEqual([]);
    }
    await page.close();
  }, 60_000);

  it("a paying member: every route's declared calls are started by the page, each taken and asked once", async () => {
    const api = await signedInForEnrollment(setup.portal.url, PATIENT_IDS.margaret);
    await paidEnrollment(setup.portal.url, setup.portal.sandbox.url, api, await signedEnrollment(setup.portal.url, api, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan'));
    const page = await setup.browser.newPage();
    await page.context().clearCookies();
    await page.goto(`${setup.portal.url}/login`);
    await page.getByRole('button', { name: 'Sign in with athenahealth' }).click();
    await page.getByRole('button', { name: 'Sign in as Margaret Sullivan' }).click();
    await page.waitForURL(/\/dashboard$/);
    for (const route of routes.filter((each) => !SIGNED_OUT.has(each.path))) {
      const { requested, left } = await load(page, route.path);
      expect({ route: route.path, left }).toEqual({ route: route.path, left: [] });
      for (const call of new Set(['/api/auth/session', ...route.data])) {
        expect({ route: route.path, call, times: once(requested, call) }).toEqual({ route: route.path, call, times: 1 });
      }
    }
    await page.close();
  }, 120_000);
});
