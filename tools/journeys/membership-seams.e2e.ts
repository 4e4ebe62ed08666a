/**
 * Journeys across features (issue 23): what one feature writes, the next screen reads at once.
 * Each person starts with no billing account and looks at the dashboard before paying, so a
 * membership status kept from that first look (docs/kept-answers.md) would show on the next screen
 * if the payment did not drop it.
 *
 * 1. Provider login: dashboard ('No Membership') → enroll → pay → the dashboard says 'Active
 *    Member', the nurse line gives its number, booking opens — the first visit after paying.
 * 4. The same member sets cancel at period end in the billing portal: the dashboard says when it
 *    ends on the next visit; a failed renewal (past_due): the dashboard asks to update the card and
 *    booking says 'Membership Required'.
 * 5. A caregiver looks at her father's dashboard, pays for his membership from her own account,
 *    switches to him: his dashboard shows it.
 * (2, the guest who enrolls and books: enrollment.e2e.ts; 3, staff: staff-portal.e2e.ts; 6, the
 * account menu and cancel: booking e2e; 7, the quick typist: guest-login and staff e2e.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import type { Page } from '../src/testing/browser.ts';
import { portalInBrowser } from '../src/testing/browser-portal.ts';
import { chooseLocation, enterCard, signInEmbed } from '../src/testing/enrollment-browser.ts';
import { stripeCall } from '../../apps/provider-sandbox/src/testing.ts';

const setup = portalInBrowser();
const NURSE = (JSON.parse(readFileSync(new URL('../../config/practice.json', import.meta.url), 'utf8')) as { nurseLine: { phone: string } }).nurseLine.phone;
const NURSE_DISPLAY = `(${NURSE.slice(0, 3)}) ${NURSE.slice(3, 6)}-${NURSE.slice(6)}`;
/** What "at once" means here: long enough for a page to load on a busy CI machine, far short of any cache's life. */
const AT_ONCE = { timeout: 10_000 };

/** athenahealth's sign-in as `person`, then whose record (`continueAs`, e.g. 'Continue for Harold Bennett'). */
const signIn = async (page: Page, person: string, continueAs = `Continue as ${person}`): Promise<void> => {
  await page.goto(`${setup.portal.url}/login`);
  await page.getByRole('button', { name: 'Sign in with athenahealth' }).click();
  await page.getByRole('button', { name: `Sign in as ${person}` }).click();
  const choice = page.getByRole('button', { name: continueAs });
  if (await choice.isVisible().catch(() => false)) await choice.click();
  await page.waitForURL(/\/dashboard$/);
};

const accountMenu = (page: Page, who: string) => page.getByRole('button', { name: `${who}, athenahealth, account menu`, exact: true });

/** Switch Account from the menu of `from`: athenahealth asks who signs in, then whose record; back as `to`. */
const switchAccount = async (page: Page, from: string, choice: string, to: string): Promise<void> => {
  await accountMenu(page, from).click();
  await page.getByRole('menuitem', { name: 'Switch Account' }).click();
  await page.getByRole('button', { name: 'Sign in as Carol Bennett' }).click();
  await page.getByRole('button', { name: choice }).click();
  await accountMenu(page, to).waitFor();
};

const membershipBadge = (page: Page) => page.getByRole('region', { name: 'Patient Information' }).getByText(/^(Active Member|No Membership)$/);

/** The dashboard as it first loads: its badge once membership is known. */
const dashboardBadge = async (page: Page): Promise<string> => {
  await page.goto(`${setup.portal.url}/dashboard`);
  await membershipBadge(page).waitFor(AT_ONCE);
  return membershipBadge(page).innerText();
};

/** From the location step (for `patient`, signed by `signer`) to the confirmation, paying with 4242. */
const enrollAndPay = async (page: Page, patient: string, signer: string): Promise<void> => {
  await page.goto(`${setup.portal.url}/enrollment/practice-location`);
  await chooseLocation(page, patient);
  await page.getByRole('radio', { name: 'Select Enhanced Annual' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Membership Agreement', level: 1 }).waitFor();
  await signInEmbed(page, 'signwell-agreement-container', signer);
  // The worker files the signed agreement into the chart first (seconds; more on a busy machine).
  await page.getByText('signed, verified and uploaded').waitFor({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Complete Your Membership' }).waitFor();
  await enterCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await page.getByText('Thank you for enrolling. Your membership is now active.').waitFor({ timeout: 20_000 });
};

const enrollmentOf = (patientId: number) =>
  setup.portal.db.knex('enrollments').where({ athenaPatientId: String(patientId) }).orderBy('createdAt', 'desc').first('id', 'status', 'stripeCustomerId', 'stripeSubscriptionId');

/** Polls the database (not the screen) for what Stripe's event did to the enrollment. */
const enrollmentBecomes = async (patientId: number, status: string): Promise<void> => {
  const deadline = Date.now() + 15_000;
  while ((await enrollmentOf(patientId))?.status !== status) {
    if (Date.now() > deadline) throw new Error(`the enrollment of ${patientId} did not become ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('what a member just did shows everywhere at once', () => {
  it('1 · provider login: dashboard first, enroll, pay → Active Member, the nurse line number and booking, on the first visit after paying', async () => {
    const page = await setup.browser.newPage({ width: 1280, height: 900 });
    await page.context().clearCookies();
    await signIn(page, 'Margaret Sullivan');
    await expect(dashboardBadge(page)).resolves.toBe('No Membership');
    await page.getByText('No active membership found.').first().waitFor();

    await enrollAndPay(page, 'Margaret Sullivan', 'Margaret Sullivan');
    await page.getByRole('link', { name: 'Go to Dashboard' }).first().click();
    await page.getByRole('region', { name: 'Your Active Subscriptions' }).waitFor(AT_ONCE);
    await expect(membershipBadge(page).innerText()).resolves.toBe('Active Member');

    // The nurse line answers as the dashboard does.
    await page.getByRole('article', { name: 'Nurse Phone Messaging' }).getByRole('button', { name: 'Open Nurse Line' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nurse Phone Messaging' });
    await dialog.getByRole('button', { name: 'Reveal Nurse Line Number' }).click();
    await dialog.getByRole('link', { name: NURSE_DISPLAY }).first().waitFor(AT_ONCE);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // Booking opens on its first step, not 'Membership Required'.
    await page.goto(`${setup.portal.url}/appointments`);
    await page.getByRole('heading', { name: 'Practice Location' }).waitFor(AT_ONCE);
    await expect(page.getByRole('heading', { name: 'Membership Required' }).count()).resolves.toBe(0);
    await page.close();
  }, 150_000);

  it('5 · a caregiver looks at her father’s dashboard, pays for him from her own account, switches to him: his dashboard shows it', async () => {
    const page = await setup.browser.newPage({ width: 1280, height: 900 });
    await page.context().clearCookies();
    await signIn(page, 'Carol Bennett', 'Continue for Harold Bennett');
    await expect(dashboardBadge(page)).resolves.toBe('No Membership');

    // Back to her own account, and his membership bought from there.
    await switchAccount(page, 'Carol Bennett (for Harold Bennett)', 'Continue as Carol Bennett', 'Carol Bennett');
    await enrollAndPay(page, 'Harold Bennett', 'Carol Bennett');
    await switchAccount(page, 'Carol Bennett', 'Continue for Harold Bennett', 'Carol Bennett (for Harold Bennett)');
    await expect(dashboardBadge(page)).resolves.toBe('Active Member');
    await page.close();
  }, 150_000);

  // Last: it moves the sandbox's Stripe clock a year ahead.
  it('4 · cancel at period end in the billing portal shows on the next visit; a failed renewal asks for a new card and closes booking', async () => {
    const margaret = await enrollmentOf(PATIENT_IDS.margaret);
    expect(margaret?.status).toBe('active');
    const page = await setup.browser.newPage({ width: 1280, height: 900 });
    await page.context().clearCookies();
    await signIn(page, 'Margaret Sullivan');
    const own = page.getByRole('region', { name: 'Your Active Subscriptions' });
    await expect(own.innerText()).resolves.toMatch(/Active & Renewing/);

    // The billing portal opens in a new tab; she sets cancel at period end and comes back.
    const [portalTab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('article', { name: 'Membership Billing' }).getByRole('button', { name: /Open Billing Portal/ }).click(),
    ]);
    await portalTab.getByRole('button', { name: 'Cancel at period end' }).click();
    await portalTab.getByText('Your plan will be canceled at the end of the billing period.').waitFor();
    await portalTab.getByRole('link', { name: 'Return to portal' }).click();
    await portalTab.getByRole('link', { name: 'Continue now' }).click();
    const subscriptions = portalTab.getByRole('region', { name: 'Your Active Subscriptions' });
    await subscriptions.getByText('Canceling at period end').waitFor(AT_ONCE);
    await portalTab.getByText(/ends .* and will not renew/).first().waitFor(AT_ONCE);
    await portalTab.close();

    // Her renewal fails: the card on file is replaced by one every charge of which fails, then the year runs out.
    const failing = await stripeCall(setup.portal.sandbox.url, 'POST', '/v1/payment_methods', { type: 'card', 'card[number]': '4000000000000341', 'card[exp_month]': '12', 'card[exp_year]': '2030', 'card[cvc]': '123' });
    await stripeCall(setup.portal.sandbox.url, 'POST', `/v1/payment_methods/${String(failing.body.id)}/attach`, { customer: margaret!.stripeCustomerId });
    await stripeCall(setup.portal.sandbox.url, 'POST', `/v1/subscriptions/${margaret!.stripeSubscriptionId}`, { default_payment_method: String(failing.body.id), cancel_at_period_end: 'false' });
    const advanced = await fetch(`${setup.portal.sandbox.url}/_sandbox/stripe/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ days: 366 }) });
    expect(advanced.status).toBe(200);
    await enrollmentBecomes(PATIENT_IDS.margaret, 'past_due');

    await expect(dashboardBadge(page)).resolves.toBe('No Membership');
    await page.getByText('Your membership payment did not go through. Please update your card in Membership Billing.').first().waitFor(AT_ONCE);
    await page.goto(`${setup.portal.url}/appointments`);
    await page.getByRole('heading', { name: 'Membership Required' }).waitFor(AT_ONCE);
    await page.close();
  }, 150_000);
});
