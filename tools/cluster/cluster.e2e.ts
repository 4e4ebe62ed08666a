/**
 * The local cluster in a real browser (Debian's Chromium): the portal on https://localhost:… through
 * nginx, signed in with the health record's login; Chromium keeps the session as a `__Host-`
 * Secure HttpOnly cookie, and the dashboard still answers when the instance that made the
 * session is stopped. The cluster's CA is not installed in the browser: `ignoreHTTPSErrors`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM } from '../src/testing/browser.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { recordClusterLogs } from './testing.ts';

let cluster: Cluster;
let starting: Promise<Cluster> | undefined;
let context: BrowserContext;
const profile = mkdtempSync(path.join(tmpdir(), 'portal-chromium-'));

beforeAll(async () => {
  // Kept, so that a start that outlives this hook's timeout is still closed in afterAll.
  starting = startCluster();
  cluster = await starting;
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    ignoreHTTPSErrors: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}, 120_000);
afterAll(async () => {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
  const started = await starting?.catch(() => undefined);
  if (started) await recordClusterLogs(started);
  await started?.close();
}, 90_000);

it('signs in over https with a __Host- Secure cookie, and keeps the session when an instance stops', async () => {
  const page = await context.newPage();
  await page.goto(`${cluster.url}/login?return=/dashboard`);
  await page.getByRole('button', { name: 'Sign in with athenahealth' }).click();
  await page.getByRole('button', { name: 'Sign in as Margaret Sullivan' }).click();
  await page.waitForURL(/\/dashboard$/);
  const cookies = await context.cookies(cluster.url);
  const session = cookies.find((cookie) => cookie.name === '__Host-portal_session');
  expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/', domain: 'localhost', sameSite: 'Lax' });
  expect(cookies.some((cookie) => cookie.name === 'portal_session')).toBe(false);

  // Whichever instance made the session, stop the first one: the dashboard reloads signed in.
  await cluster.apis[0].stop();
  await page.reload();
  await page.waitForURL(/\/dashboard$/);
  const status = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
  expect(status).toMatchObject({ isAuthenticated: true, patientName: 'Margaret Sullivan' });
  await cluster.apis[0].start();
  await page.close();
}, 60_000);
