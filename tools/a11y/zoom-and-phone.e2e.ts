/**
 * The main pages on a 360 × 740 CSS px phone and at 200% zoom of a 1280 × 900 window (issue 16):
 * nothing scrolls sideways (document.scrollingElement.scrollWidth ≤ innerWidth) and the page's
 * main action button, scrolled to, is shown whole inside the viewport.
 *
 * Zoom is emulated, not faked with deviceScaleFactor alone: 200% browser zoom of a 1280 × 900
 * window lays the page out in 640 × 450 CSS px (media queries and all) with 2 device pixels per
 * CSS px. So the zoomed case is a 640 × 450 viewport with deviceScaleFactor 2 (set over the
 * DevTools protocol); its screenshots are 1280 × 900 pixels, what the person sees.
 * A screenshot of each page at both sizes goes to docs/figures/a11y/ (A11Y_SHOTS to change).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import type { Page } from '../src/testing/browser.ts';
import { portalInBrowser } from '../src/testing/browser-portal.ts';
import { chooseLocation, signInAs } from '../src/testing/enrollment-browser.ts';
import { paidEnrollment, signedEnrollment, signedInForEnrollment } from '../src/testing/enrollment-flow.ts';
import { staffSignInInBrowser } from '../src/testing/staff-browser.ts';
import { settled } from './a11y-browser.ts';

const setup = portalInBrowser();
const SHOTS = process.env['A11Y_SHOTS'] ?? path.resolve(import.meta.dirname, '../../docs/figures/a11y');

interface Size {
  readonly label: string;
  readonly width: number;
  readonly height: number;
  readonly deviceScaleFactor: number;
}
const PHONE: Size = { label: 'phone-360', width: 360, height: 740, deviceScaleFactor: 1 };
/** 200% zoom of a 1280 × 900 window: 640 × 450 CSS px at 2 device pixels each. */
const ZOOM_200: Size = { label: 'zoom-200', width: 640, height: 450, deviceScaleFactor: 2 };

/**
 * The page at `size`: Playwright's viewport, and the device pixel ratio through a CDP session of
 * our own. Chromium (156.0.8078.108 on) drops a session's metrics override when that session
 * detaches, and Playwright re-applies its own emulation for a screenshot, so the session is kept
 * until the size has been measured and photographed (`done`), and the photograph is taken through
 * it (Page.captureScreenshot).
 */
const resize = async (page: Page, size: Size) => {
  await page.setViewportSize({ width: size.width, height: size.height });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setDeviceMetricsOverride', { width: size.width, height: size.height, deviceScaleFactor: size.deviceScaleFactor, mobile: false });
  // Layout settles after the resize (a frame or two), at the size asked for.
  await page.waitForFunction(({ width, ratio }) => window.innerWidth === width && window.devicePixelRatio === ratio, { width: size.width, ratio: size.deviceScaleFactor });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return {
    shot: async (file: string): Promise<void> => {
      const { data } = (await cdp.send('Page.captureScreenshot', { format: 'png' })) as { data: string };
      writeFileSync(file, Buffer.from(data, 'base64'));
    },
    done: () => cdp.detach(),
  };
};

interface Fit {
  readonly page: string;
  readonly size: string;
  readonly sidewaysScroll: number;
  readonly actionInView: boolean;
}

/**
 * At each size: no sideways scroll, and `action` (a button or link) scrolled into view lies whole
 * inside the viewport. With `shot`, a screenshot of the viewport, scrolled to the action, is kept.
 */
const fits = async (page: Page, name: string, action: ReturnType<Page['getByRole']>, shot: boolean): Promise<Fit[]> => {
  const results: Fit[] = [];
  for (const size of [PHONE, ZOOM_200]) {
    const sized = await resize(page, size);
    await page.evaluate(() => window.scrollTo(0, 0));
    const sidewaysScroll = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    await action.scrollIntoViewIfNeeded();
    if (shot) await sized.shot(path.join(SHOTS, `${name}-${size.label}.png`));
    const box = await action.boundingBox();
    const inView = await action.isVisible();
    const actionInView = inView && box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5;
    await sized.done();
    results.push({ page: name, size: size.label, sidewaysScroll: Math.max(0, sidewaysScroll), actionInView });
  }
  return results;
};

const expectFits = (results: readonly Fit[]): void => {
  expect(results).toEqual(results.map((result) => ({ ...result, sidewaysScroll: 0, actionInView: true })));
};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // Margaret is a member as the enrollment leaves her: signed, filed and paid by card.
  const api = await signedInForEnrollment(setup.portal.url, PATIENT_IDS.margaret);
  await paidEnrollment(setup.portal.url, setup.portal.sandbox.url, api, await signedEnrollment(setup.portal.url, api, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan'));
}, 120_000);

describe('a 360 px phone and 200% zoom', () => {
  it('signed out: the login, the guest verification and the staff sign-in', async () => {
    const page = await setup.browser.newPage({ width: 1280, height: 900 });
    await page.context().clearCookies();
    const results: Fit[] = [];
    await page.goto(`${setup.portal.url}/login`);
    await settled(page, 'Welcome to the Member Portal');
    results.push(...(await fits(page, 'login', page.getByRole('button', { name: 'Sign in with athenahealth' }), true)));
    await page.goto(`${setup.portal.url}/guest-login`);
    await settled(page, 'Guest Verification');
    results.push(...(await fits(page, 'guest-login', page.getByRole('button', { name: 'Send Verification Code' }), false)));
    await page.goto(`${setup.portal.url}/staff`);
    await page.getByRole('button', { name: 'Send Verification Code' }).waitFor();
    results.push(...(await fits(page, 'staff-sign-in', page.getByRole('button', { name: 'Send Verification Code' }), false)));
    await page.close();
    expectFits(results);
  }, 90_000);

  it('a member: the dashboard and the booking start', async () => {
    const page = await signInAs(setup.browser, setup.portal, 'Margaret Sullivan', '/dashboard');
    const results: Fit[] = [];
    await settled(page, 'Welcome, Margaret Sullivan');
    results.push(...(await fits(page, 'dashboard', page.getByRole('button', { name: 'Open Nurse Line' }), true)));
    // The header's account menu stays reachable too.
    results.push(...(await fits(page, 'dashboard-account-menu', page.getByRole('button', { name: /account menu$/ }), false)));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${setup.portal.url}/appointments`);
    await settled(page, 'Practice Location');
    results.push(...(await fits(page, 'booking-location', page.getByRole('button', { name: 'Continue' }), true)));
    await page.close();
    expectFits(results);
  }, 90_000);

  it('enrollment: the practice location and the membership tiers', async () => {
    const page = await signInAs(setup.browser, setup.portal, 'Jordan Reyes');
    const results: Fit[] = [];
    await settled(page, 'Welcome, Jordan Reyes');
    results.push(...(await fits(page, 'enrollment-location', page.getByRole('button', { name: 'Continue' }), true)));
    await page.setViewportSize({ width: 1280, height: 900 });
    await chooseLocation(page, 'Jordan Reyes');
    results.push(...(await fits(page, 'enrollment-tier', page.getByRole('button', { name: 'Continue' }), true)));
    await page.close();
    expectFits(results);
  }, 90_000);

  it('staff: the patient search after signing in', async () => {
    const page = await setup.browser.newPage({ width: 1280, height: 900 });
    await page.context().clearCookies();
    await staffSignInInBrowser(setup.portal, page, 'zoom.desk@mdri-primarycare.example', 'Zoom Desk');
    const results = await fits(page, 'staff-search', page.getByRole('button', { name: 'Search', exact: true }), true);
    await page.close();
    expectFits(results);
  }, 90_000);
});
