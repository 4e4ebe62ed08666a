/**
 * The composed portal in a real browser: the shell loads the identity micro-frontend through
 * module federation from the API's origin, against a real database.
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';

const setup = portalInBrowser();

/** A page that records console errors and failed requests, so a CSP or loading problem fails the test. */
const openPage = async (path: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; problems: string[] }> => {
  const page = await setup.browser.newPage(viewport);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('requestfailed', (request) => problems.push(`${request.url()} ${request.failure()?.errorText}`));
  await page.goto(`${setup.portal.url}${path}`);
  return { page, problems };
};

describe('/login', () => {
  it('shows the three pricing cards with their prices', async () => {
    const { page, problems } = await openPage('/login');
    const plans = page.locator('#membership-plans');
    await plans.getByRole('heading', { name: 'Enhanced', exact: true }).waitFor();

    const card = (title: string) => plans.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(card('Enhanced').innerText()).resolves.toMatch(/\$120[\s\S]*per year[\s\S]*\$70 per 6 months/);
    await expect(card('Enhanced').innerText()).resolves.toContain('Save $20!');
    await expect(card('Concierge').innerText()).resolves.toMatch(/\$500[\s\S]*per year[\s\S]*\$300 per 6 months/);
    await expect(card('Concierge').innerText()).resolves.toContain('Save $100!');
    await expect(card('Decline (Opt Out)').innerText()).resolves.toContain('$0');
    await expect(plans.getByRole('button', { name: /^Sign Up/ }).count()).resolves.toBe(3);

    await expect(page.getByRole('heading', { name: 'Continue as Guest' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('body').innerText()).resolves.toContain('aged 27 or older');
    await expect(page.locator('body').innerText()).resolves.toContain('Rhode Island');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("brings the sign-in options into view and focus when a plan's Sign Up is pressed", async () => {
    const { page } = await openPage('/login', { width: 390, height: 844 });
    const signUp = page.getByRole('button', { name: 'Sign Up: Decline (Opt Out)' });
    await signUp.scrollIntoViewIfNeeded();
    await expect(page.locator('#login-options').isVisible()).resolves.toBe(true);
    await signUp.click();
    await page.waitForFunction(() => document.activeElement?.id === 'login-options');
    await page.waitForFunction(() => {
      const box = document.getElementById('login-options')!.getBoundingClientRect();
      return box.top >= -1 && box.top < window.innerHeight;
    });
    await page.close();
  });

  it('fits a phone screen without sideways scrolling', async () => {
    const { page } = await openPage('/login', { width: 360, height: 740 });
    await page.getByRole('heading', { name: 'Enhanced', exact: true }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  });

  it('keeps the return path on the way to guest verification', async () => {
    const { page } = await openPage('/login?return=/appointments');
    await page.getByRole('link', { name: 'Continue as Guest' }).or(page.getByRole('button', { name: 'Continue as Guest' })).click();
    await page.waitForURL(/\/guest-login\?return=(%2F|\/)appointments$/);
    await page.close();
  });
});

describe('the auth redirects', () => {
  it("say 'Redirecting to login...' beside the sign-in page's hero, then show the sign-in options with the hero where it was", async () => {
    for (const [from, to] of [
      ['/appointment-auth', '/login?return=/appointments'],
      ['/enrollment-auth', '/login?return=/enrollment'],
    ] as const) {
      const page = await setup.browser.newPage({ width: 390, height: 844 });
      // The redirect's screen lasts a frame or two: a watcher set before the page's scripts keeps what it showed.
      await page.addInitScript(() => {
        const seen: Array<{ status: string; hero: number[] }> = [];
        (window as unknown as { seen: typeof seen }).seen = seen;
        new MutationObserver(() => {
          const status = document.querySelector('.portal-app [role="status"]')?.textContent ?? '';
          const hero = document.querySelector('.portal-app .ui-hero__title')?.getBoundingClientRect();
          if (status.includes('Redirecting') && hero && seen.length === 0) seen.push({ status, hero: [hero.x, hero.y, hero.width, hero.height].map(Math.round) });
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.goto(`${setup.portal.url}${from}`);
      await page.waitForURL(`${setup.portal.url}${to}`);
      await page.locator('#login-options').waitFor();
      const seen = await page.evaluate(() => (window as unknown as { seen: Array<{ status: string; hero: number[] }> }).seen);
      const hero = await page.locator('.portal-app .ui-hero__title').evaluate((title) => {
        const box = title.getBoundingClientRect();
        return [box.x, box.y, box.width, box.height].map(Math.round);
      });
      expect({ from, seen }).toEqual({ from, seen: [{ status: 'Redirecting to login...', hero }] });
      await page.close();
    }
  });
});

describe('an unknown route', () => {
  it("shows '404 Page Not Found'", async () => {
    const { page, problems } = await openPage('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await expect(page.title()).resolves.toContain('404 Page Not Found');
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('module federation', () => {
  it('loads the identity remote from its remoteEntry.js, taking React and the other shared libraries from the shell', async () => {
    const { page } = await openPage('/login');
    await page.getByRole('heading', { name: 'Enhanced', exact: true }).waitFor();
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.endsWith('.js')));
    expect(scripts.some((name) => name.includes('/remotes/identity/remoteEntry.js'))).toBe(true);
    expect(scripts.filter((name) => name.includes('/remotes/identity/')).length).toBeLessThanOrEqual(2);
    await page.close();
  });
});
