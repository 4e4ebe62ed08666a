/**
 * A forged id_token in a real browser: the portal's login card, the provider sandbox's sign-in page
 * (made to issue a forged id_token), and where the patient ends up — the login page with the
 * spec's sign-in error, not the dashboard.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { portalInBrowser } from '../../../../tools/src/testing/browser-portal.ts';

const setup = portalInBrowser();

const forge = async (kind: string | null): Promise<void> => {
  const response = await fetch(`${setup.portal.sandbox.url}/_sandbox/id-token-forgery`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind }),
  });
  expect(response.status).toBe(200);
};

afterEach(async () => {
  await forge(null);
});

describe('signing in with a forged id_token', () => {
  it.each([['foreign-key'], ['alg-none']])("%s: the patient lands on the login page with 'Login failed. Please try again.'", async (kind) => {
    await forge(kind);
    const page = await setup.browser.newPage();
    await page.context().clearCookies();
    await page.goto(`${setup.portal.url}/login`);
    await page.getByRole('button', { name: 'Sign in with athenahealth' }).click();
    await page.getByRole('button', { name: 'Sign in as Margaret Sullivan' }).click();
    await page.waitForURL(/\/login\?auth=error/);
    await page.getByText('Login failed. Please try again.').waitFor();
    const cookies = await page.context().cookies(setup.portal.url);
    expect(cookies.some((cookie) => cookie.name === 'portal_session')).toBe(false);
    await page.close();
  });
});
