/**
 * Paying in a real browser (issue 6): the payment card with the sandbox's Stripe.js look-alike,
 * a success, a decline then a second card on the same invoice, 3-D Secure through the bank's
 * challenge page and /pay/return, and a second enrollment for a paying member.
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';
import { enterCard, signInEmbed, toAgreement } from '../../../tools/src/testing/enrollment-browser.ts';

const setup = portalInBrowser();

/** Provider login → location → tier → agreement signed → the payment card. */
const toPayment = async (person: string, tier = 'Enhanced Annual'): Promise<Page> => {
  const page = await toAgreement(setup.browser, setup.portal, person, tier);
  await signInEmbed(page, 'signwell-agreement-container', person);
  await page.getByText('signed, verified and uploaded').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Complete Your Membership' }).waitFor();
  return page;
};

const rowOf = (patientId: string) =>
  setup.portal.db.knex('enrollments').where({ athenaPatientId: patientId }).orderBy('createdAt', 'desc').first('id', 'status', 'stripeSubscriptionId');

describe('paying for a membership', () => {
  it('4242 4242 4242 4242 → confirmation with the INV- number (kept when the enrollment cannot be read again), and an active member', async () => {
    const page = await toPayment('Margaret Sullivan');
    await page.getByText('Auto-renewal is enabled. Cancel anytime.').waitFor();
    // The enrollment read again after paying fails: the confirmation stays on screen all the same.
    const { id } = await rowOf('5101');
    await page.route(`**/api/enrollments/${id}`, (route) => (route.request().method() === 'GET' ? route.fulfill({ status: 503, json: { error: 'Unavailable' } }) : route.fallback()));
    const reread = page.waitForResponse((response) => response.url().endsWith(`/api/enrollments/${id}`) && response.status() === 503);
    await enterCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await page.getByRole('heading', { name: 'Confirmation', level: 1 }).waitFor({ timeout: 20_000 });
    await reread;
    const row = await rowOf('5101');
    expect(row.status).toBe('active');
    await page.getByText(`INV-${row.id.slice(-8)}`).waitFor();
    expect(await page.getByText("We couldn't load your enrollment").count()).toBe(0);
    await page.unroute(`**/api/enrollments/${id}`);
    // The dashboard now shows a member.
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.getByText('Active Member').first().waitFor({ timeout: 15_000 });
    await page.close();
  }, 60_000);

  it('a declined card shows the decline text with its code; a second card then pays the same invoice', async () => {
    const page = await toPayment('Jordan Reyes', 'Enhanced 6 Month');
    await enterCard(page, '4000000000000002');
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    // The card's own notice (the toast says it too, and may be drawn first): the form is ready again.
    const payment = page.getByRole('region', { name: 'Complete Your Membership' });
    await payment.getByRole('alert').getByText(/\(code: generic_decline\)/).waitFor({ timeout: 20_000 });
    await payment.getByRole('button', { name: 'Complete Payment' }).and(page.locator(':enabled')).waitFor();
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

const SECRET = { Authorization: 'Bearer sk_test_portal_sandbox' };

/** Stripe.js's part, done over HTTP: a card, then the intent confirmed with its client secret. */
const payWithCard = async (clientSecret: string) => {
  const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { Authorization: 'Bearer pk_test_portal_sandbox', 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  const method = (await (await fetch(`${setup.portal.sandbox.url}/v1/payment_methods`, form({ type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2030', 'card[cvc]': '123' }))).json()) as { id: string };
  const intent = clientSecret.split('_secret_')[0];
  const confirmed = await fetch(`${setup.portal.sandbox.url}/v1/payment_intents/${intent}/confirm`, form({ client_secret: clientSecret, payment_method: method.id }));
  expect(confirmed.status).toBe(200);
};

describe('a second enrollment for a paying member', () => {
  it("says 'Existing Active Subscription', then offers to reactivate one set to cancel", async () => {
    // Enrollment A is signed and left at payment; enrollment B is started in the same way.
    const page = await toPayment('Olivia Hart');
    const first = await rowOf('5108');
    await page.goto(`${setup.portal.url}/enrollment/practice-location`);
    await page.getByRole('combobox', { name: 'Practice Location' }).selectOption({ label: 'Valley Family Practice' });
    await page.getByRole('combobox', { name: 'Do you have Medicare or Medicaid?' }).selectOption({ label: 'No, neither Medicare nor Medicaid' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: 'Select Enhanced 6 Month' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Membership Agreement', level: 1 }).waitFor();
    const second = await rowOf('5108');
    expect(second.id).not.toBe(first.id);

    // A is paid in another tab (its own session's calls, then Stripe.js's).
    const api = page.context().request;
    const headers = { Origin: setup.portal.url };
    const started = await (await api.post(`${setup.portal.url}/api/enrollments/${first.id}/create-subscription`, { headers })).json();
    await payWithCard(started.clientSecret);
    expect((await (await api.post(`${setup.portal.url}/api/enrollments/${first.id}/payment`, { headers, data: {} })).json()).status).toBe('active');

    // B reaches payment: the member already pays.
    await signInEmbed(page, 'signwell-agreement-container', 'Olivia Hart');
    await page.getByText('signed, verified and uploaded').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Existing Active Subscription').first().waitFor({ timeout: 20_000 });

    // A is set to cancel at period end (in the billing portal): B now offers to turn renewal back on.
    const subscription = (await rowOf('5108').then(() => setup.portal.db.knex('enrollments').where({ id: first.id }).first('stripeSubscriptionId'))).stripeSubscriptionId;
    await fetch(`${setup.portal.sandbox.url}/v1/subscriptions/${subscription}`, { method: 'POST', headers: { ...SECRET, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'cancel_at_period_end=true' });
    await page.reload();
    await page.getByRole('heading', { name: 'Existing Subscription Found' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Yes, Reactivate Auto-Renewal' }).click();
    await page.getByText('Subscription Reactivated').first().waitFor();
    const after = (await (await fetch(`${setup.portal.sandbox.url}/v1/subscriptions/${subscription}`, { headers: SECRET })).json()) as { cancel_at_period_end: boolean };
    expect(after.cancel_at_period_end).toBe(false);
    await page.close();
  }, 90_000);
});
