/**
 * The 'English | Español' switch (issue 26) in a real browser against the built portal: on
 * /login (no session, so no user menu) the footer's switch turns the page Spanish without a
 * reload (<html lang>, the footer, the page's own text), remembers it in the portal_lang cookie,
 * works from the keyboard alone, and marks each option with its own language. The staff portal,
 * English only, has none.
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';

const setup = portalInBrowser({ worker: false });

const EMERGENCY_EN = 'In a medical emergency, call 911.';
const EMERGENCY_ES = 'En una emergencia médica, llame al 911.';

const openLogin = async (): Promise<Page> => {
  await setup.browser.browser.clearCookies();
  const page = await setup.browser.newPage({ width: 360, height: 800 });
  await page.goto(`${setup.portal.url}/login`);
  await page.locator('#portal-main h1').first().waitFor();
  // The footer's chunk loads when it comes near the viewport.
  await page.locator('#portal-footer').scrollIntoViewIfNeeded();
  await page.locator('.portal-language').waitFor();
  return page;
};

const switchIn = (page: Page) => page.locator('footer.portal-footer .portal-language');
const htmlLang = (page: Page): Promise<string> => page.evaluate(() => document.documentElement.lang);
const footerText = (page: Page): Promise<string> => page.locator('footer.portal-footer').innerText();
const heading = (page: Page): Promise<string> => page.locator('#portal-main h1').first().innerText();

describe("the footer's language switch on /login", () => {
  it('marks each option with its own lang and the current one with aria-current', async () => {
    const page = await openLogin();
    const options = switchIn(page).getByRole('button');
    await expect(options.allInnerTexts()).resolves.toEqual(['English', 'Español']);
    await expect(options.nth(0).getAttribute('lang')).resolves.toBe('en');
    await expect(options.nth(1).getAttribute('lang')).resolves.toBe('es');
    await expect(options.nth(0).getAttribute('aria-current')).resolves.toBe('true');
    await expect(options.nth(1).getAttribute('aria-current')).resolves.toBeNull();
    await expect(switchIn(page).getAttribute('aria-label')).resolves.toBe('Language');
    await page.close();
  }, 60_000);

  it('turns the page Spanish without a reload, remembers it in the cookie, and a reload keeps the cookie', async () => {
    const page = await openLogin();
    const englishHeading = await heading(page);
    expect(await footerText(page)).toContain(EMERGENCY_EN);
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });

    await switchIn(page).getByRole('button', { name: 'Español' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await page.waitForFunction((text) => document.querySelector('footer.portal-footer')?.textContent?.includes(text) ?? false, EMERGENCY_ES);
    await page.waitForFunction((before) => (document.querySelector('#portal-main h1')?.textContent ?? before) !== before, englishHeading);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(await footerText(page)).not.toContain(EMERGENCY_EN);
    await expect(switchIn(page).getByRole('button', { name: 'Español' }).getAttribute('aria-current')).resolves.toBe('true');
    await expect(switchIn(page).getAttribute('aria-label')).resolves.toBe('Idioma');
    const cookies = await setup.browser.browser.cookies();
    expect(cookies.find((cookie) => cookie.name === 'portal_lang')?.value).toBe('es-US');

    // After a reload the API draws <html lang> from the cookie, when it does (issue 26's server part).
    await page.reload();
    await page.locator('#portal-main h1').first().waitFor();
    const cookiesAfter = await setup.browser.browser.cookies();
    expect(cookiesAfter.find((cookie) => cookie.name === 'portal_lang')?.value).toBe('es-US');
    if ((await htmlLang(page)) === 'es') {
      await page.locator('#portal-footer').scrollIntoViewIfNeeded();
      await page.waitForFunction((text) => document.querySelector('footer.portal-footer')?.textContent?.includes(text) ?? false, EMERGENCY_ES);
      expect(await heading(page)).not.toBe(englishHeading);
    } else {
      console.warn('language-switch.e2e: the API does not draw <html lang> from portal_lang yet; the reload was checked for the cookie only');
    }
    await page.close();
  }, 90_000);

  it('switches from the keyboard alone, and back', async () => {
    const page = await openLogin();
    await switchIn(page).getByRole('button', { name: 'English' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Español');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await page.waitForFunction((text) => document.querySelector('footer.portal-footer')?.textContent?.includes(text) ?? false, EMERGENCY_ES);
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('English');
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.waitForFunction((text) => document.querySelector('footer.portal-footer')?.textContent?.includes(text) ?? false, EMERGENCY_EN);
    await page.close();
  }, 60_000);

  it('is not on the staff portal, which stays English for a device that chose Spanish', async () => {
    await setup.browser.browser.clearCookies();
    await setup.browser.browser.addCookies([{ name: 'portal_lang', value: 'es-US', url: setup.portal.url }]);
    const page = await setup.browser.newPage({ width: 360, height: 800 });
    await page.goto(`${setup.portal.url}/staff`);
    await page.getByRole('heading', { name: 'Staff Portal', level: 1 }).waitFor();
    await page.locator('#portal-footer').scrollIntoViewIfNeeded();
    // React's footer (with the year) has replaced index.html's, and has no switch.
    await page.waitForFunction(() => /©\s*\d{4}/.test(document.querySelector('footer.portal-footer')?.textContent ?? ''));
    await expect(page.locator('.portal-language').count()).resolves.toBe(0);
    await expect(htmlLang(page)).resolves.toBe('en');
    await expect(footerText(page)).resolves.toContain(EMERGENCY_EN);
    await page.close();
  }, 60_000);
});
