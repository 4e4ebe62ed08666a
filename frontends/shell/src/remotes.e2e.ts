/**
 * Micro-frontends that deploy alone (issue 11), in a real browser against the built portal:
 * - the identity micro-frontend is served from an origin of its own (a copy of its dist, as a CDN
 *   would serve it) with one route more in its manifest.json than the source declares; the shell,
 *   built without knowing that route, routes it there, with the header the manifest gives it;
 * - a micro-frontend's stylesheet loads with it, from its own origin, within the API's content
 *   security policy, and the shell's stylesheet carries no micro-frontend's rules.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';
import { serveFolder, type StaticOrigin } from '../../../tools/src/testing/static-origin.ts';

const FRONTENDS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const NEW_ROUTE = { path: '/sign-in', header: { title: 'Member Sign In', showUserStatus: false } };

// The identity micro-frontend on its own origin; set before the portal starts (hooks run in order).
const env: NodeJS.ProcessEnv = {};
let cdn: (StaticOrigin & { dir: string }) | undefined;
beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-cdn-'));
  cpSync(path.join(FRONTENDS, 'identity', 'dist'), path.join(dir, 'identity'), { recursive: true });
  const manifestFile = path.join(dir, 'identity', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { routes: unknown[] };
  writeFileSync(manifestFile, JSON.stringify({ ...manifest, routes: [...manifest.routes, NEW_ROUTE] }));
  const served = await serveFolder(dir);
  cdn = { ...served, dir };
  const { origin } = served;
  env.REMOTE_IDENTITY_URL = `${origin}/identity/remoteEntry.js`;
});
afterAll(async () => {
  await cdn?.close();
  if (cdn) rmSync(cdn.dir, { recursive: true, force: true });
});

const setup = portalInBrowser({ env, worker: false });

const origin = (): string => {
  if (!cdn) throw new Error('the remote origin is not started');
  return cdn.origin;
};

/** A page that records console errors, failed requests and content security policy violations. */
const openPage = async (pathname: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; problems: string[] }> => {
  const page = await setup.browser.newPage(viewport);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('requestfailed', (request) => problems.push(`${request.url()} ${request.failure()?.errorText}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto(`${setup.portal.url}${pathname}`);
  return { page, problems };
};

const headerTitle = (page: Page) => page.locator('.portal-brand__title').innerText();

const resources = (page: Page): Promise<string[]> => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));

/** Same-origin stylesheets (cross-origin ones hide their rules) and the selectors of their rules. */
const sameOriginSheets = (page: Page): Promise<Array<{ href: string; selectors: string[] }>> =>
  page.evaluate(() => {
    const selectorsOf = (rules: CSSRuleList): string[] =>
      Array.from(rules).flatMap((rule) => (rule instanceof CSSStyleRule ? [rule.selectorText] : rule instanceof CSSGroupingRule ? selectorsOf(rule.cssRules) : []));
    return Array.from(document.styleSheets)
      .filter((sheet) => sheet.href !== null && new URL(sheet.href).origin === window.location.origin)
      .map((sheet) => ({ href: sheet.href!, selectors: selectorsOf(sheet.cssRules) }));
  });

describe('a micro-frontend on an origin of its own', () => {
  it('brings a route that only its deployed manifest.json declares: the shell routes it there, with its header', async () => {
    const { page, problems } = await openPage('/sign-in');
    // identity shows its login page on any path it is given.
    await page.getByRole('heading', { name: 'Enhanced', exact: true }).waitFor();
    await expect(headerTitle(page)).resolves.toBe('Member Sign In');
    const loaded = await resources(page);
    expect(loaded).toContain(`${origin()}/identity/manifest.json`);
    expect(loaded).toContain(`${origin()}/identity/remoteEntry.js`);
    // /remotes.js names the remote's origin and leaves its manifest to the shell to fetch.
    const remotes = await page.evaluate(() => window.__PORTAL_REMOTES__ as Record<string, { url: string; manifest?: unknown }>);
    expect(remotes.identity).toEqual({ url: `${origin()}/identity/remoteEntry.js` });
    expect(remotes.dashboard?.manifest).toMatchObject({ name: 'dashboard' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps its other routes and leaves unknown paths to the 404 view', async () => {
    const { page, problems } = await openPage('/sign-in/extra');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await expect(headerTitle(page)).resolves.toBe('Member Portal');
    // The 404 view's own lazy chunks finish first: a navigation aborts what is still in flight.
    await page.waitForLoadState('networkidle');
    await page.goto(`${setup.portal.url}/login`);
    await page.getByRole('heading', { name: 'Enhanced', exact: true }).waitFor();
    await expect(headerTitle(page)).resolves.toBe('Member Portal');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('loads its stylesheet from that origin, within the content security policy, and its classes are styled', async () => {
    const { page, problems } = await openPage('/guest-login', { width: 390, height: 844 });
    const steps = page.getByRole('list', { name: 'Verification steps' });
    await steps.waitFor();
    const style = await steps.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { className: element.className, display: computed.display, listStyle: computed.listStyleType, gap: computed.columnGap };
    });
    expect(style).toEqual({ className: 'identity-steps', display: 'flex', listStyle: 'none', gap: '12px' });
    const css = (await resources(page)).filter((url) => url.endsWith('.css'));
    expect(css.some((url) => url.startsWith(`${origin()}/identity/`))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("a micro-frontend's styles", () => {
  it('come with the micro-frontend: the dashboard brings its own, the shell carries none of them', async () => {
    const { page, problems } = await openPage('/login');
    await page.getByRole('heading', { name: 'Enhanced', exact: true }).waitFor();
    // Before the dashboard is visited, none of its code or styles is on the page.
    expect((await resources(page)).filter((url) => url.includes('/remotes/dashboard/'))).toEqual([]);
    const shellSheets = await sameOriginSheets(page);
    expect(shellSheets.length).toBeGreaterThan(0);
    const shellSelectors = shellSheets.flatMap((sheet) => sheet.selectors);
    expect(shellSelectors.some((selector) => selector.includes('.ui-button'))).toBe(true);
    expect(shellSelectors.filter((selector) => /\.(?:dash|enrollment|staff|identity)-/.test(selector))).toEqual([]);

    await page.getByRole('button', { name: 'Sign in with athenahealth' }).click();
    await page.getByRole('button', { name: 'Sign in as Margaret Sullivan' }).click();
    await page.waitForURL(`${setup.portal.url}/dashboard`);
    const counts = page.locator('.dash-counts');
    await counts.waitFor();
    const style = await counts.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { display: computed.display, listStyle: computed.listStyleType, gap: computed.rowGap };
    });
    expect(style).toEqual({ display: 'grid', listStyle: 'none', gap: '12px' });
    const sheets = await sameOriginSheets(page);
    const dashboardSheets = sheets.filter((sheet) => sheet.selectors.some((selector) => selector.startsWith('.dash-')));
    expect(dashboardSheets.map((sheet) => new URL(sheet.href).pathname)).toEqual([expect.stringMatching(/^\/remotes\/dashboard\/[\w.]+\.css$/)]);
    expect(dashboardSheets[0]!.selectors.every((selector) => selector.includes('.dash-'))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});
