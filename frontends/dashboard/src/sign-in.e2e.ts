/**
 * Provider login in a real browser: the portal's login card, the provider sandbox's sign-in
 * pages (standing in for athenahealth), the dashboard, Switch Account and logout.
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';

const setup = portalInBrowser();

const watch = (page: Page): string[] => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return problems;
};

const signInAs = async (page: Page, person: string) => {
  await page.goto(`${setup.portal.url}/login`);
  await page.getByRole('button', { name: 'Sign in with athenahealth' }).click();
  await page.getByRole('button', { name: `Sign in as ${person}` }).click();
};

describe('signing in with athenahealth', () => {
  it('brings an adult patient to the dashboard with the welcome line', async () => {
    const page = await setup.browser.newPage();
    await page.context().clearCookies();
    const problems = watch(page);
    await signInAs(page, 'Margaret Sullivan');
    await page.waitForURL(`${setup.portal.url}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, Margaret Sullivan' }).waitFor();
    await expect(page.locator('#portal-main').innerText()).resolves.toContain('margaret.sullivan@example.com');
    await expect(page.getByRole('note', { name: 'Manage Dependents?' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: /^Margaret Sullivan, athenahealth, account menu$/ }).isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lets a caregiver switch to a dependent and then log out', async () => {
    const page = await setup.browser.newPage({ width: 1280, height: 900 });
    await page.context().clearCookies();
    await signInAs(page, 'Carol Bennett');
    await page.getByRole('button', { name: 'Continue as Carol Bennett' }).click();
    await page.getByRole('heading', { name: 'Welcome, Carol Bennett' }).waitFor();

    await page.getByRole('button', { name: /Carol Bennett, athenahealth, account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Switch Account' }).click();
    // athenahealth asks who is signing in again, then whose record to open.
    await page.getByRole('button', { name: 'Sign in as Carol Bennett' }).click();
    await page.getByRole('button', { name: 'Continue for Emma Bennett' }).click();
    await page.waitForURL(/\/dashboard$/);
    const menu = page.getByRole('button', { name: 'Carol Bennett (for Emma Bennett), athenahealth, account menu' });
    await menu.waitFor();
    await expect(page.locator('#portal-main').innerText()).resolves.toContain('Emma Bennett');

    await menu.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Signed Out Successfully' }).waitFor();
    await expect(page.getByRole('link', { name: 'Sign Back In' }).getAttribute('href')).resolves.toBe('/dashboard');

    // The session is over on the server too.
    const session = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
    expect(session).toEqual({ isAuthenticated: false });
    const actions = (await setup.portal.db.knex('audit_logs').where({ eventType: 'auth' }).select('action')).map((row: { action: string }) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['sign_in', 'switch_account', 'sign_out']));
    await page.close();
  });

  it('sends a signed-out visitor of the dashboard to the login', async () => {
    const page = await setup.browser.newPage();
    await page.context().clearCookies();
    await page.goto(`${setup.portal.url}/dashboard`);
    await page.waitForURL(/\/login\?return=(%2F|\/)dashboard/);
    await page.getByRole('button', { name: 'Sign in with athenahealth' }).waitFor();
    await page.close();
  });

  it('shows the failure on the login page when the sign-in is cancelled', async () => {
    const page = await setup.browser.newPage();
    await page.context().clearCookies();
    await page.goto(`${setup.portal.url}/login`);
    await page.getByRole('button', { name: 'Sign in with athenahealth' }).click();
    await page.getByRole('link', { name: /Cancel/ }).click();
    await page.waitForURL(/\/login\?auth=error/);
    await expect(page.locator('#portal-main').innerText()).resolves.toContain('Login failed. Please try again.');
    await page.close();
  });
});
