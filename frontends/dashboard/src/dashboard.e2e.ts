/**
 * The member dashboard and the nurse line in a real browser (issue 14 'Done when'): the portal,
 * the provider sandbox (athenahealth, Stripe, SignWell) and Chromium.
 *
 * - A paying member (Margaret, paid by card through the API) sees 'Active & Renewing' at
 *   $120.00/year in 'Your Active Subscriptions', the patient info card, and reveals the nurse line
 *   from the dashboard card (the number from config/practice.json, the celebration's 20 icons gone
 *   after it); the account menu opens the same dialog on another page, and with reduced motion the
 *   number shows without the celebration.
 * - A non-member (Paul) sees 'Enroll Now!', and the nurse line says 'Membership Required' with
 *   'Enroll in Membership' to /enrollment.
 * - A caregiver (Carol) who pays for Harold's membership sees it under 'Dependent Subscriptions'.
 * - A verified guest sees the nurse line disabled ('Sign in with athenahealth credentials to
 *   access') on the card and in the menu, no membership status, and no Patient Learning Hub.
 * At 360 px: no horizontal overflow, no serious or critical axe findings; screenshots kept.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';
import { seriousFindings } from '../../../tools/src/testing/axe.ts';
import { paidEnrollment, signedEnrollment, signedInForEnrollment } from '../../../tools/src/testing/enrollment-flow.ts';
import { verifyGuestInBrowser } from '../../../tools/src/testing/guest-browser.ts';

const setup = portalInBrowser();
const NURSE = (JSON.parse(readFileSync(new URL('../../../config/practice.json', import.meta.url), 'utf8')) as { nurseLine: { phone: string } }).nurseLine.phone;
const NURSE_DISPLAY = `(${NURSE.slice(0, 3)}) ${NURSE.slice(3, 6)}-${NURSE.slice(6)}`;
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '.tmp/screenshots';

const signInAs = async (page: Page, person: string, continueAs?: string) => {
  await page.goto(`${setup.portal.url}/login`);
  await page.getByRole('button', { name: 'Sign in with athenahealth' }).click();
  await page.getByRole('button', { name: `Sign in as ${person}` }).click();
  if (continueAs) await page.getByRole('button', { name: continueAs }).click();
  await page.waitForURL(/\/dashboard$/);
};

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the member dashboard', () => {
  it('a paying member sees Active & Renewing with the amount and reveals the nurse line', async () => {
    const api = await signedInForEnrollment(setup.portal.url, PATIENT_IDS.margaret);
    await paidEnrollment(setup.portal.url, setup.portal.sandbox.url, api, await signedEnrollment(setup.portal.url, api, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan'));

    const page = await setup.browser.newPage({ width: 360, height: 800 });
    await page.context().clearCookies();
    await signInAs(page, 'Margaret Sullivan');
    const own = page.getByRole('region', { name: 'Your Active Subscriptions' });
    await own.waitFor();
    const card = own.getByRole('listitem');
    await expect(card.count()).resolves.toBe(1);
    await expect(card.innerText()).resolves.toMatch(/Active & Renewing/);
    await expect(card.innerText()).resolves.toContain('$120.00/year');
    const info = page.getByRole('region', { name: 'Patient Information' });
    await expect(info.innerText()).resolves.toMatch(/Margaret Sullivan[\s\S]*Age\s+4\d[\s\S]*Active Member/);
    await expect(page.getByRole('link', { name: 'Enroll Now!' }).count()).resolves.toBe(0);
    await expect(page.getByRole('article', { name: 'Membership Billing' }).getByRole('button', { name: /Open Billing Portal/ }).isEnabled()).resolves.toBe(true);
    await expect(page.getByRole('article', { name: 'Patient Learning Hub' }).innerText()).resolves.toContain('Coming Soon');
    expect(await noOverflow(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/dashboard-member-360.png`, fullPage: true });
    expect(await seriousFindings(page)).toEqual([]);

    // The dashboard card: what members can do, then the number with the celebration.
    await page.getByRole('article', { name: 'Nurse Phone Messaging' }).getByRole('button', { name: 'Open Nurse Line' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nurse Phone Messaging' });
    await dialog.getByRole('button', { name: 'Reveal Nurse Line Number' }).click();
    await dialog.getByRole('link', { name: NURSE_DISPLAY }).first().waitFor();
    await expect(dialog.getByRole('link', { name: NURSE_DISPLAY }).first().getAttribute('href')).resolves.toBe(`tel:+1${NURSE}`);
    await expect(page.getByTestId('nurse-celebration').locator('svg').count()).resolves.toBe(20);
    await page.screenshot({ path: `${SHOTS}/nurse-line-revealed-360.png` });
    // The celebration ends by itself (3 s).
    await page.getByTestId('nurse-celebration').waitFor({ state: 'detached' });
    expect(await seriousFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // The account menu opens it on any page; with reduced motion there is no celebration.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${setup.portal.url}/logout-confirmation`);
    await page.goto(`${setup.portal.url}/appointments`);
    await page.getByRole('button', { name: /Margaret Sullivan, athenahealth, account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Nurse Phone Messaging' }).click();
    const fromMenu = page.getByRole('dialog', { name: 'Nurse Phone Messaging' });
    await fromMenu.getByRole('button', { name: 'Reveal Nurse Line Number' }).click();
    await fromMenu.getByRole('link', { name: NURSE_DISPLAY }).first().waitFor();
    await expect(page.getByTestId('nurse-celebration').count()).resolves.toBe(0);
    expect(new URL(page.url()).pathname).toBe('/appointments');
    await page.close();
  }, 120_000);

  it('a non-member sees Enroll Now! and Membership Required on the nurse line', async () => {
    const page = await setup.browser.newPage({ width: 390, height: 844 });
    await page.context().clearCookies();
    await signInAs(page, 'Paul Whitaker');
    await page.getByRole('link', { name: 'Enroll Now!' }).waitFor();
    await expect(page.getByRole('link', { name: 'Enroll Now!' }).getAttribute('href')).resolves.toBe('/enrollment');
    await expect(page.getByRole('region', { name: 'Patient Information' }).innerText()).resolves.toContain('No Membership');
    await expect(page.getByRole('article', { name: 'Membership Billing' }).innerText()).resolves.toContain('No subscriptions available');
    await page.getByRole('article', { name: 'Nurse Phone Messaging' }).getByRole('button', { name: 'Open Nurse Line' }).click();
    const dialog = page.getByRole('dialog', { name: 'Membership Required' });
    await dialog.waitFor();
    await expect(dialog.getByRole('link', { name: 'Enroll in Membership' }).getAttribute('href')).resolves.toBe('/enrollment');
    await expect(dialog.innerText()).resolves.not.toContain(NURSE_DISPLAY);
    await expect(page.content()).resolves.not.toContain(NURSE);
    await page.screenshot({ path: `${SHOTS}/nurse-line-membership-required-390.png` });
    expect(await seriousFindings(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it("a caregiver sees the dependent's subscription under Dependent Subscriptions", async () => {
    // Carol pays Harold's Enhanced membership from her own billing account (as staff would set it up).
    const sandbox = setup.portal.sandbox.url;
    const stripe = async (key: string, path: string, form: Record<string, string>) => {
      const response = await fetch(`${sandbox}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
      const body = (await response.json()) as Record<string, any>;
      expect({ path, status: response.status, body: response.status === 200 ? null : body }).toEqual({ path, status: 200, body: null });
      return body;
    };
    const customer = await stripe('sk_test_portal_sandbox', '/v1/customers', { email: 'carol.bennett@example.com', name: 'Carol Bennett', 'metadata[athenaPatientId]': String(PATIENT_IDS.carol) });
    const subscription = await stripe('sk_test_portal_sandbox', '/v1/subscriptions', {
      customer: customer.id,
      'items[0][price]': 'price_sandbox_120_annual',
      'metadata[athenaPatientId]': String(PATIENT_IDS.harold),
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'expand[0]': 'latest_invoice.confirmation_secret',
    });
    const clientSecret = subscription.latest_invoice.confirmation_secret.client_secret as string;
    const method = await stripe('pk_test_portal_sandbox', '/v1/payment_methods', { type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2030', 'card[cvc]': '123' });
    await stripe('pk_test_portal_sandbox', `/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`, { client_secret: clientSecret, payment_method: method.id });

    const page = await setup.browser.newPage({ width: 390, height: 844 });
    await page.context().clearCookies();
    await signInAs(page, 'Carol Bennett', 'Continue as Carol Bennett');
    const dependents = page.getByRole('region', { name: 'Dependent Subscriptions' });
    await dependents.waitFor();
    const item = dependents.getByRole('listitem');
    await expect(item.count()).resolves.toBe(1);
    await expect(item.innerText()).resolves.toMatch(/Harold Bennett/);
    await expect(item.innerText()).resolves.toMatch(/Active & Renewing/);
    await expect(item.innerText()).resolves.toContain('$120.00/year');
    await expect(page.getByRole('region', { name: 'Your Active Subscriptions' }).count()).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/dashboard-caregiver-390.png`, fullPage: true });
    await page.close();
  }, 60_000);

  it('a verified guest sees the nurse line disabled, and no membership status', async () => {
    const page = await setup.browser.newPage({ width: 390, height: 844 });
    await page.context().clearCookies();
    await page.goto(`${setup.portal.url}/guest-login`);
    await verifyGuestInBrowser(page, setup.portal, 'dashboard.guest@example.com', '4015550186');
    const nurse = page.getByRole('article', { name: 'Nurse Phone Messaging' });
    await nurse.waitFor();
    await expect(nurse.innerText()).resolves.toContain('Sign in with athenahealth credentials to access');
    await expect(nurse.getByRole('button', { name: 'Open Nurse Line' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('region', { name: 'Membership Status' }).count()).resolves.toBe(0);
    await expect(page.getByRole('article', { name: 'Patient Learning Hub' }).count()).resolves.toBe(0);
    await expect(page.getByRole('article', { name: 'Patient Portal' }).innerText()).resolves.toContain('Portal credentials required');
    await page.getByRole('button', { name: /account menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Nurse Phone Messaging' }).getAttribute('aria-disabled')).resolves.toBe('true');
    expect(await seriousFindings(page)).toEqual([]);
    await page.close();
  }, 60_000);
});
