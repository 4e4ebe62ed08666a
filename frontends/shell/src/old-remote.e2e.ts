/**
 * An old remote against today's API and shell (issue 11): the dashboard as it was released (its
 * source at the commit recorded in contracts/pacts/released/releases.json, built with that
 * commit's own packages), served from an origin of its own through REMOTE_DASHBOARD_URL, with the
 * current API and shell. A member walks the dashboard's main journey: signed in, welcomed, the
 * Membership Status card with its counts, Refresh. Nothing may fail: no console error, no
 * request refused, no content security policy violation, no answer the old code cannot decode
 * (it would report to /api/client-errors).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';
import { paidEnrollment, signedEnrollment, signedInForEnrollment } from '../../../tools/src/testing/enrollment-flow.ts';
import { buildRemoteAt, releaseOf } from '../../../tools/src/testing/old-remote.ts';
import { serveFolder, type StaticOrigin } from '../../../tools/src/testing/static-origin.ts';

const release = releaseOf('dashboard');
const env: NodeJS.ProcessEnv = {};
let served: (StaticOrigin & { tree: string }) | undefined;

// Built and served before the portal starts (hooks run in order), so the API lists its URL.
beforeAll(async () => {
  const dist = buildRemoteAt('dashboard', release.commit);
  const origin = await serveFolder(dist);
  served = { ...origin, tree: path.resolve(dist, '..', '..', '..') };
  env.REMOTE_DASHBOARD_URL = `${origin.origin}/remoteEntry.js`;
}, 300_000);
afterAll(async () => {
  await served?.close();
  if (served) rmSync(served.tree, { recursive: true, force: true });
});

const setup = portalInBrowser({ env });

describe(`the dashboard as released (${release.version}, ${release.commit.slice(0, 8)}) with today's API and shell`, () => {
  it("walks a member's dashboard from its own origin without an error", async () => {
    // A paying member, made through the API as the browser would.
    const browser = await signedInForEnrollment(setup.portal.url, PATIENT_IDS.margaret);
    const enrollmentId = await signedEnrollment(setup.portal.url, browser, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan');
    await paidEnrollment(setup.portal.url, setup.portal.sandbox.url, browser, enrollmentId);

    const page = await setup.browser.newPage({ width: 1280, height: 900 });
    await page.context().clearCookies();
    const problems: string[] = [];
    const reports: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('requestfailed', (request) => problems.push(`${request.url()} ${request.failure()?.errorText}`));
    page.on('request', (request) => {
      if (request.url().endsWith('/api/client-errors')) reports.push(request.postData() ?? '');
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`));
    });

    await page.goto(`${setup.portal.url}/login`);
    await page.getByRole('button', { name: 'Sign in with athenahealth' }).click();
    await page.getByRole('button', { name: 'Sign in as Margaret Sullivan' }).click();
    await page.waitForURL(`${setup.portal.url}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, Margaret Sullivan' }).waitFor();
    const card = page.getByRole('region', { name: 'Membership Status' });
    await card.getByRole('heading', { name: 'Enhanced Annual' }).waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: /Refresh/ }).click();
    await card.getByRole('heading', { name: 'Enhanced Annual' }).waitFor();

    // The old remote's code and styles came from its own origin.
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    const origin = new URL(env.REMOTE_DASHBOARD_URL!).origin;
    expect(loaded).toContain(`${origin}/remoteEntry.js`);
    expect(loaded.some((url) => url.startsWith(origin) && url.endsWith('.css'))).toBe(true);
    expect(problems).toEqual([]);
    expect(reports).toEqual([]);
    await page.close();
  }, 120_000);
});
