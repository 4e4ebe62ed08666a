/**
 * Every journey finished with the keyboard alone (issue 16): enrollment (provider login →
 * location → tier → signing in the SignWell embed → card payment → confirmation), booking an
 * appointment, the dashboard (nurse line revealed, billing portal opened) and staff (code sign-in,
 * search, a card subscription). Only Tab, Shift+Tab, Enter, Space, the arrow keys, Escape and
 * typing into the focused field (page.keyboard): no clicks, no fill. Page loads by address only
 * where a person would type one (the portal's start pages). At several steps the focused element
 * must show a focus indicator (a computed outline or box-shadow). One portal for the file.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { seededPatient } from '../src/testing/staff-browser.ts';
import type { Page } from '../src/testing/browser.ts';
import { portalInBrowser } from '../src/testing/browser-portal.ts';
import { paidEnrollment, signedEnrollment, signedInForEnrollment } from '../src/testing/enrollment-flow.ts';
import { codeFor } from '../src/testing/guest-browser.ts';
import { expectVisibleFocus, focusLandsOn, focused, tabTo } from './a11y-browser.ts';

const setup = portalInBrowser();
const DESKTOP = { width: 1280, height: 900 };

beforeAll(async () => {
  // Margaret is already a member (signed, filed, paid) for the booking and dashboard journeys.
  const api = await signedInForEnrollment(setup.portal.url, PATIENT_IDS.margaret);
  await paidEnrollment(setup.portal.url, setup.portal.sandbox.url, api, await signedEnrollment(setup.portal.url, api, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan'));
}, 120_000);

/** Arrow Down on the focused native select until `label` is chosen (how a keyboard picks an option without opening the list). */
const arrowToOption = async (page: Page, label: string): Promise<void> => {
  for (let step = 0; step < 15; step += 1) {
    const chosen = await page.evaluate(() => {
      const select = document.activeElement as HTMLSelectElement;
      return select.selectedOptions[0]?.textContent?.trim() ?? '';
    });
    if (chosen === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`the select never showed ${label}`);
};

/** The athenahealth sign-in from /login: the portal's button, then the sandbox's person, with Tab and Enter. */
const signInWithKeyboard = async (page: Page, person: string, returnPath: string): Promise<void> => {
  await page.goto(`${setup.portal.url}/login?return=${returnPath}`);
  await page.getByRole('heading', { name: 'Welcome to the Member Portal' }).waitFor();
  // The human check comes first (both sign-in options wait for it), as a person sees it complete.
  await page.getByText('Security check complete.').waitFor();
  await tabTo(page, 'Sign in with athenahealth');
  await expectVisibleFocus(page, 'login: Sign in with athenahealth');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: `Sign in as ${person}` }).waitFor();
  await tabTo(page, `Sign in as ${person}`);
  await page.keyboard.press('Enter');
};

const newPage = async (): Promise<Page> => {
  const page = await setup.browser.newPage(DESKTOP);
  page.setDefaultTimeout(15_000);
  await page.context().clearCookies();
  return page;
};

describe('journeys with the keyboard alone', () => {
  it('enrollment: sign in, location, tier, signing the agreement, card payment, confirmation', async () => {
    const page = await newPage();
    await signInWithKeyboard(page, 'Jordan Reyes', '/enrollment/practice-location');
    await page.getByRole('heading', { name: 'Welcome, Jordan Reyes' }).waitFor();

    await tabTo(page, /^Practice Location/);
    await expectVisibleFocus(page, 'location: Practice Location select');
    await arrowToOption(page, 'Valley Family Practice');
    await tabTo(page, /^Do you have Medicare or Medicaid\?/);
    await arrowToOption(page, 'No, neither Medicare nor Medicaid');
    const contact = page.getByRole('radio', { name: 'Jordan Reyes' });
    if (!(await contact.isChecked())) {
      await tabTo(page, /Jordan Reyes/);
      await page.keyboard.press('Space');
    }
    await expect(contact.isChecked()).resolves.toBe(true);
    await tabTo(page, 'Continue');
    await expectVisibleFocus(page, 'location: Continue');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Choose Your Membership' }).waitFor();
    // The first plan is Enhanced Annual: Tab reaches the group, Space chooses it.
    await tabTo(page, 'Select Enhanced Annual');
    await expectVisibleFocus(page, 'tier: Enhanced Annual');
    await page.keyboard.press('Space');
    await expect(page.getByRole('radio', { name: 'Select Enhanced Annual' }).isChecked()).resolves.toBe(true);
    await tabTo(page, 'Continue');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Membership Agreement', level: 1 }).waitFor();
    await page.locator('#signwell-agreement-container iframe').waitFor();
    // Tab goes on into the SignWell embed (the sandbox's signing page in its iframe).
    await tabTo(page, 'Type your full name', { max: 80 });
    await page.keyboard.type('Jordan Reyes');
    await tabTo(page, /agree to its terms/);
    await page.keyboard.press('Space');
    await tabTo(page, /sign electronically/);
    await page.keyboard.press('Space');
    await tabTo(page, 'Sign Document');
    await page.keyboard.press('Enter');
    await page.getByText('signed, verified and uploaded').waitFor({ timeout: 30_000 });
    await tabTo(page, 'Continue', { max: 80 });
    await expectVisibleFocus(page, 'signed: Continue');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Complete Your Membership' }).waitFor();
    await page.getByRole('group', { name: 'Card details' }).getByRole('textbox', { name: 'Card number' }).waitFor();
    await tabTo(page, 'Card number');
    await expectVisibleFocus(page, 'payment: Card number');
    await page.keyboard.type('4242424242424242');
    await tabTo(page, /Expiration date/);
    await page.keyboard.type('1230');
    await tabTo(page, /Security code/);
    await page.keyboard.type('123');
    await tabTo(page, 'Complete Payment');
    await expectVisibleFocus(page, 'payment: Complete Payment');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Confirmation', level: 1 }).waitFor({ timeout: 30_000 });
    const row = await setup.portal.db.knex('enrollments').where({ athenaPatientId: String(PATIENT_IDS.jordan) }).orderBy('createdAt', 'desc').first('status');
    expect(row.status).toBe('active');
    await page.close();
  }, 120_000);

  it('booking and the dashboard: a member books a time, then reveals the nurse line and opens billing', async () => {
    const page = await newPage();
    await signInWithKeyboard(page, 'Margaret Sullivan', '/appointments');
    await page.getByRole('heading', { name: 'Practice Location' }).waitFor();
    await tabTo(page, /^Practice Location/);
    await arrowToOption(page, 'Valley Family Practice');
    await tabTo(page, 'Continue');
    await expectVisibleFocus(page, 'booking: Continue');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'No Preference' }).waitFor();
    await tabTo(page, 'No Preference');
    await expectVisibleFocus(page, 'booking: No Preference');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Office Visit' }).waitFor();
    await tabTo(page, 'Office Visit');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Choose a Date and Time' }).waitFor();
    // The week is a radio group: Tab reaches this week, the arrow moves to next week.
    await tabTo(page, /^This week,/);
    await expectVisibleFocus(page, 'booking: week');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: /^Next week,/ }).isChecked()).resolves.toBe(true);
    const slots = page.getByRole('radiogroup', { name: 'Available Times' }).getByRole('radio');
    await slots.first().waitFor();
    const first = (await slots.first().getAttribute('aria-label')) ?? '';
    await tabTo(page, first);
    await expectVisibleFocus(page, 'booking: a time');
    await page.keyboard.press('Space');
    await expect(slots.first().isChecked()).resolves.toBe(true);
    await tabTo(page, 'Book Appointment');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Appointment Confirmed' }).waitFor();

    // On to the dashboard by its link.
    await tabTo(page, 'Go to Dashboard');
    await expectVisibleFocus(page, 'confirmation: Go to Dashboard');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Upcoming Appointments' }).waitFor();

    // The nurse line: open, reveal, close with Escape; focus returns to the card's button.
    await tabTo(page, 'Open Nurse Line');
    await expectVisibleFocus(page, 'dashboard: Open Nurse Line');
    await page.keyboard.press('Enter');
    const nurse = page.getByRole('dialog', { name: 'Nurse Phone Messaging' });
    await nurse.waitFor();
    await tabTo(page, 'Reveal Nurse Line Number', { max: 10 });
    await expectVisibleFocus(page, 'nurse line: Reveal');
    await page.keyboard.press('Enter');
    await nurse.getByRole('link').first().waitFor();
    await expect(nurse.getByRole('link').first().getAttribute('href')).resolves.toMatch(/^tel:\+1\d{10}$/);
    await page.keyboard.press('Escape');
    await nurse.waitFor({ state: 'detached' });
    await focusLandsOn(page, 'Open Nurse Line');

    // Billing: the card provider's portal opens in a new tab.
    await tabTo(page, /^Open Billing Portal/, { key: 'Shift+Tab' });
    await expectVisibleFocus(page, 'dashboard: Open Billing Portal');
    const [billing] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
    await billing.waitForURL((url) => url.origin === setup.portal.sandbox.url);
    expect(new URL(billing.url()).origin).toBe(setup.portal.sandbox.url);
    await billing.close();
    await page.close();
  }, 120_000);

  it('staff: sign in with the emailed code, search, create a card subscription', async () => {
    const page = await newPage();
    const email = 'keyboard.desk@mdri-primarycare.example';
    await setup.portal.db.knex('staff_emails').insert({ email, name: 'Keyboard Desk' }).onConflict('email').ignore();
    await page.goto(`${setup.portal.url}/staff`);
    // As a keyboard user starts: once the sign-in form is on screen (its chunk loads after the page).
    await page.getByRole('textbox', { name: /^Email Address/ }).waitFor();
    await tabTo(page, /^Email Address/);
    await expectVisibleFocus(page, 'staff: Email Address');
    await page.keyboard.type(email);
    await page.getByText('Security check complete.').waitFor();
    await tabTo(page, 'Send Verification Code');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Verification Code' }).waitFor();
    const code = await codeFor(setup.portal, email);
    if (!/^Verification Code/.test((await focused(page))?.name ?? '')) await tabTo(page, /^Verification Code/);
    await page.keyboard.type(code);
    await tabTo(page, 'Verify Code');
    await expectVisibleFocus(page, 'staff: Verify Code');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Signed in as ${email}` }).waitFor();

    const carol = await seededPatient(setup.portal, PATIENT_IDS.carol);
    // The search form is a chunk of its own, loaded after the sign-in: tab once it is on screen.
    await page.getByRole('textbox', { name: /^First Name/ }).waitFor();
    await tabTo(page, /^First Name/);
    await expectVisibleFocus(page, 'staff: First Name');
    await page.keyboard.type(carol.firstname);
    await tabTo(page, /^Last Name/);
    await page.keyboard.type(carol.lastname);
    await tabTo(page, /^Date of Birth/);
    await page.keyboard.type(carol.dob.replace(/\//g, ''));
    await tabTo(page, 'Search');
    await page.keyboard.press('Enter');
    const select = `Select ${carol.firstname} ${carol.lastname}`;
    await page.getByRole('button', { name: select }).waitFor();
    await tabTo(page, select);
    await expectVisibleFocus(page, 'staff: Select patient');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Create Subscription' }).waitFor();
    await tabTo(page, 'Create Subscription', { max: 80 });
    await page.keyboard.press('Enter');
    const payment = page.getByRole('dialog', { name: 'Card Payment' });
    await payment.getByRole('textbox', { name: 'Card number' }).waitFor();
    await tabTo(page, 'Card number', { max: 10 });
    await expectVisibleFocus(page, 'staff: Card number');
    await page.keyboard.type('4242424242424242');
    await tabTo(page, /Expiration date/);
    await page.keyboard.type('1230');
    await tabTo(page, /Security code/);
    await page.keyboard.type('123');
    await tabTo(page, /^Pay /);
    await expectVisibleFocus(page, 'staff: Pay');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Subscription Created' }).getByText(/The card payment went through/).waitFor({ timeout: 30_000 });
    const row = await setup.portal.db.knex('enrollments').where({ athenaPatientId: String(PATIENT_IDS.carol) }).first('status');
    expect(row.status).toBe('active');
    await page.close();
  }, 120_000);
});
