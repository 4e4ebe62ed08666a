/**
 * Paying in a real browser (issue 6): the payment card with the sandbox's Stripe.js look-alike,
 * a success, a decline then a second card on the same invoice, 3-D Secure through the bank's
 * challenge page and /pay/return, and a second enrollment for a paying member.
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';

const setup = portalInBrowser();

/** Provider login → location → tier → agreement signed → the payment card. */
const toPayment = async (person: string, tier = 'Enhanced Annual'): Promise<Page> => {
  const page = await setup.browser.newPage({ width: 1280, height: 900 });
  await page.context().clearCookies();
  await page.goto(`${setup.portal.url}/login?return=/enrollment/practice-location`);
  await page.getByRole('button', { name: 'Sign in with athenahealth' }).click();
  await page.getByRole('button', { name: `Sign in as ${person}` }).click();
  await page.getByRole('heading', { name: `Welcome, ${person}` }).waitFor();
  await page.getByRole('combobox', { name: 'Practice Location' }).selectOption({ label: 'Valley Family Practice' });
  await page.getByRole('combobox', { name: 'Do you have Medicare or Medicaid?' }).selectOption({ label: 'No, neither Medicare nor Medicaid' });
  const contact = page.getByRole('radio', { name: person });
  if (!(await contact.isChecked())) await contact.check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: `Select ${tier}` }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Membership Agreement', level: 1 }).waitFor();
  const frame = page.frameLocator('#signwell-agreement-container iframe');
  await frame.getByRole('textbox', { name: 'Type your full name' }).fill(person);
  await frame.getByRole('checkbox', { name: /agree to its terms/ }).check();
  await frame.getByRole('checkbox', { name: /sign electronically/ }).check();
  await frame.getByRole('button', { name: 'Sign Document' }).click();
  await page.getByText('signed, verified and uploaded').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Complete Your Membership' }).waitFor();
  return page;
};

const enterCard = async (page: Page, number: string) => {
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByRole('textbox', { name: 'Card number' }).fill(number);
  await card.getByRole('textbox', { name: /Expiration date/ }).fill('12 / 30');
  await card.getByRole('textbox', { name: /Security code/ }).fill('123');
};

const rowOf = (patientId: string) =>
  setup.portal.db.knex('enrollments').where({ athenaPatientId: patientId }).orderBy('createdAt', 'desc').first('id', 'status', 'stripeSubscriptionId');

describe('paying for a membership', () => {
  it('4242 4242 4242 4242 → confirmation with the INV- number, and an active member', async () => {
    const page = await toPayment('Margaret Sullivan');
    await page.getByText('Auto-renewal is enabled. Cancel anytime.').waitFor();
    await enterCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await page.getByRole('heading', { name: 'Confirmation', level: 1 }).waitFor({ timeout: 20_000 });
    const row = await rowOf('5101');
    expect(row.status).toBe('active');
    await page.getByText(`INV-${row.id.slice(-8)}`).waitFor();
    await page.close();
  }, 60_000);

  it('a declined card shows the decline text with its code; a second card then pays the same invoice', async () => {
    const page = await toPayment('Jordan Reyes', 'Enhanced 6 Month');
    await enterCard(page, '4000000000000002');
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await page.getByText(/\(code: generic_decline\)/).first().waitFor({ timeout: 20_000 });
    const afterDecline = await rowOf('5102');
    expect(afterDecline.status).toBe('payment_pending');

    await enterCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await page.getByRole('heading', { name: 'Confirmation', level: 1 }).waitFor({ timeout: 20_000 });
    const paid = await rowOf('5102');
    expect(paid).toMatchObject({ status: 'active', stripeSubscriptionId: afterDecline.stripeSubscriptionId });
    await page.close();
  }, 60_000);

  it('4000 0025 0000 3155 → the bank challenge → /pay/return → success', async () => {
    const page = await toPayment('Carol Bennett');
    await enterCard(page, '4000002500003155');
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await page.getByRole('button', { name: 'Complete authentication' }).click({ timeout: 20_000 });
    await page.waitForURL(/\/pay\/return\?/);
    await page.getByRole('heading', { name: 'Payment Successful', level: 1 }).waitFor({ timeout: 20_000 });
    await page.waitForURL(`${setup.portal.url}/dashboard`, { timeout: 10_000 });
    expect((await rowOf('5104')).status).toBe('active');
    await page.close();
  }, 60_000);
});
