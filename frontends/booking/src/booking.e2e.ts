/**
 * Booking in a real browser (issue 13): a member books through the members path (practice
 * location, provider, type, week and time), sees the appointment on the dashboard and cancels it
 * there; a second booking opens the existing-appointment dialog and each of its three choices
 * does what booking-dashboard-staff §2 says; a patient without a membership is told so, with the
 * way to enroll. axe finds nothing serious or critical on any step, on a phone (360 px) or a
 * desktop; screenshots of each step go to BOOKING_SHOTS (default /tmp/booking-shots).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { seriousFindings } from '../../../tools/src/testing/axe.ts';
import { chooseNextWeekSlot, dateAndTime } from '../../../tools/src/testing/booking-browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';
import { paidEnrollment, signedEnrollment, signedInForEnrollment } from '../../../tools/src/testing/enrollment-flow.ts';

// The worker files the signed agreement, which the member's enrollment needs before payment.
const setup = portalInBrowser();

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env['BOOKING_SHOTS'] ?? '/tmp/booking-shots';

/**
 * The step as a person sees it on a phone and a desktop: axe finds nothing serious, nothing is
 * wider than the phone's screen, and a screenshot of each is kept.
 */
const checkStep = async (page: Page, name: string): Promise<void> => {
  for (const [label, size] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
    expect({ step: name, size: label, findings: await seriousFindings(page) }).toEqual({ step: name, size: label, findings: [] });
    if (label === 'phone') {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ step: name, overflow }).toEqual({ step: name, overflow: 0 });
    }
  }
};

const progress = (page: Page) => page.locator('.ui-progress').innerText();

/** From the members path's start to a chosen time next week (No Preference, Office Visit). */
const toChosenSlot = async (page: Page, options: { check?: boolean } = {}): Promise<string> => {
  const check = options.check ?? false;
  await page.getByRole('heading', { name: 'Practice Location' }).waitFor();
  await expect(progress(page)).resolves.toContain('20% complete');
  if (check) await checkStep(page, '0-practice-location');
  await page.getByRole('combobox', { name: 'Practice Location' }).selectOption({ label: 'Valley Family Practice' });
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('heading', { name: 'Choose a Provider' }).waitFor();
  await page.getByRole('button', { name: 'No Preference' }).waitFor();
  await expect(progress(page)).resolves.toContain('40% complete');
  if (check) await checkStep(page, '1-provider');
  await page.getByRole('button', { name: 'No Preference' }).click();

  await page.getByRole('heading', { name: 'Choose an Appointment Type' }).waitFor();
  await page.getByRole('button', { name: 'Office Visit' }).waitFor();
  const types = await page.locator('.booking-choices button').allInnerTexts();
  expect(types).toEqual(['Office Visit', 'Telehealth', 'Follow-up', 'Consultation']);
  if (check) await checkStep(page, '2-type');
  await page.getByRole('button', { name: 'Office Visit' }).click();

  await page.getByRole('heading', { name: 'Choose a Date and Time' }).waitFor();
  await expect(progress(page)).resolves.toContain('80% complete');
  const weeks = page.getByRole('radiogroup', { name: 'Week' }).getByRole('radio');
  await expect(weeks.count()).resolves.toBe(6);
  // Keyboard: from this week, the arrow key moves to next week.
  await page.getByRole('radio', { name: /^This week, Monday \d{2}\/\d{2}\/\d{4} to Friday/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /^Next week,/ }).isChecked()).resolves.toBe(true);
  const slots = page.getByRole('radiogroup', { name: 'Available Times' }).getByRole('radio');
  await slots.first().waitFor();
  const slotName = (await slots.first().getAttribute('aria-label')) ?? '';
  expect(slotName).toMatch(/^\w+day \d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} (AM|PM)$/);
  await slots.first().check();
  await expect(page.getByText(/^Selected: \d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} (AM|PM)$/).isVisible()).resolves.toBe(true);
  if (check) await checkStep(page, '3-schedule');
  return slotName;
};

const PROVIDER = 'Sarah Chen, MD';

/** The members path from its start with `provider` (Valley Family Practice, Office Visit) to next week's first time, chosen; answers its name. */
const chooseProviderSlot = async (page: Page, provider: string): Promise<string> => {
  await page.getByRole('heading', { name: 'Practice Location' }).waitFor();
  await page.getByRole('combobox', { name: 'Practice Location' }).selectOption({ label: 'Valley Family Practice' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: provider, exact: true }).click();
  await page.getByRole('button', { name: 'Office Visit' }).click();
  await page.getByRole('radio', { name: /^Next week,/ }).check();
  const first = page.getByRole('radiogroup', { name: 'Available Times' }).getByRole('radio').first();
  const name = (await first.getAttribute('aria-label')) ?? '';
  await first.check();
  return name;
};

/** Signs `person` in through the sandbox's athenahealth page and lands on /appointments. */
const signInToBook = async (person: string): Promise<Page> => {
  const page = await setup.browser.newPage(DESKTOP);
  await page.context().clearCookies();
  await page.goto(`${setup.portal.url}/login?return=/appointments`);
  await page.getByRole('button', { name: 'Sign in with athenahealth' }).click();
  await page.getByRole('button', { name: `Sign in as ${person}` }).click();
  await page.waitForURL(/\/appointments$/);
  return page;
};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // Margaret is a member as the enrollment leaves her: signed, filed and paid by card.
  const browser = await signedInForEnrollment(setup.portal.url, PATIENT_IDS.margaret);
  const enrollmentId = await signedEnrollment(setup.portal.url, browser, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan');
  await paidEnrollment(setup.portal.url, setup.portal.sandbox.url, browser, enrollmentId);
}, 180_000);

describe('booking an appointment', () => {
  it('lets a member book, see the appointment on the dashboard and cancel it there', async () => {
    const page = await signInToBook('Margaret Sullivan');
    const slotName = await toChosenSlot(page, { check: true });
    const [date, time] = dateAndTime(slotName);

    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByRole('heading', { name: 'Appointment Confirmed' }).waitFor();
    await expect(progress(page)).resolves.toContain('100% complete');
    const confirmation = await page.locator('#portal-main').innerText();
    expect(confirmation).toContain(date);
    expect(confirmation).toContain(time);
    expect(confirmation).toContain('Office Visit');
    expect(confirmation).toContain('Please arrive 15 minutes early.');
    const download = page.getByRole('link', { name: 'Download calendar file' });
    await expect(download.getAttribute('href')).resolves.toMatch(/^\/api\/appointments\/\d+\/calendar\.ics$/);
    await checkStep(page, '4-confirmation');

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    const card = page.getByRole('region', { name: 'Upcoming Appointments' });
    await card.getByText(date, { exact: true }).waitFor();
    await expect(card.innerText()).resolves.toContain(time);
    await expect(card.innerText()).resolves.toContain('Valley Family Practice');
    await page.screenshot({ path: path.join(SHOTS, 'dashboard-upcoming-desktop.png'), fullPage: true });

    await card.getByRole('button', { name: `Cancel the appointment on ${date} at ${time}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel Appointment' });
    await dialog.getByText('Are you sure you want to cancel this appointment? This action cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Yes, Cancel Appointment' }).click();
    await card.getByRole('heading', { name: 'No Upcoming Appointments (90 days)' }).waitFor();
    await page.close();
  }, 180_000);

  it('opens the existing-appointment dialog on a second booking; Keep Existing, Reschedule to New Time and Cancel Existing each do what they say', async () => {
    const page = await signInToBook('Margaret Sullivan');
    const first = dateAndTime(await toChosenSlot(page));
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByRole('heading', { name: 'Appointment Confirmed' }).waitFor();

    const bookAgain = async (pick: 'first' | 'last'): Promise<[string, string]> => {
      await page.goto(`${setup.portal.url}/appointments`);
      const name = await chooseNextWeekSlot(page, pick);
      await page.getByRole('button', { name: 'Book Appointment' }).click();
      await page.getByRole('dialog', { name: 'You already have an upcoming appointment' }).waitFor();
      return dateAndTime(name);
    };

    // Keep Existing: the confirmation shows the appointment already booked.
    await bookAgain('last');
    const dialog = page.getByRole('dialog', { name: 'You already have an upcoming appointment' });
    await expect(dialog.innerText()).resolves.toContain(first[0]);
    await checkStep(page, 'existing-dialog');
    await dialog.getByRole('button', { name: 'Keep Existing' }).click();
    await page.getByRole('heading', { name: 'Your Existing Appointment' }).waitFor();
    await expect(page.locator('#portal-main').innerText()).resolves.toContain(first[0]);
    await expect(page.locator('#portal-main').innerText()).resolves.toContain(first[1]);

    // Reschedule to New Time: the appointment moves to the chosen time.
    const moved = await bookAgain('last');
    await dialog.getByRole('button', { name: 'Reschedule to New Time' }).click();
    await page.getByRole('heading', { name: 'Appointment Rescheduled' }).waitFor();
    await expect(page.locator('#portal-main').innerText()).resolves.toContain(moved[0]);
    await page.goto(`${setup.portal.url}/dashboard`);
    const card = page.getByRole('region', { name: 'Upcoming Appointments' });
    await card.getByText(moved[0], { exact: true }).waitFor();
    await expect(card.innerText()).resolves.toContain(moved[1]);

    // Cancel Existing: the appointment is cancelled and the dashboard shows none.
    await bookAgain('first');
    await dialog.getByRole('button', { name: 'Cancel Existing' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('region', { name: 'Upcoming Appointments' }).getByRole('heading', { name: 'No Upcoming Appointments (90 days)' }).waitFor();
    await page.close();
  }, 240_000);

  it("journey 6: the account menu's Manage Appointments on the confirmation starts the wizard again; a cancel on the dashboard opens the slot again", async () => {
    const page = await signInToBook('Margaret Sullivan');
    // One provider's times (No Preference shows a time while any provider is free then).
    const slotName = await chooseProviderSlot(page, PROVIDER);
    const [date, time] = dateAndTime(slotName);
    const offered = (): Promise<number> => page.getByRole('radiogroup', { name: 'Available Times' }).getByRole('radio', { name: slotName, exact: true }).count();
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByRole('heading', { name: 'Appointment Confirmed' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/appointments');

    // The URL is already /appointments: the menu item still does what it says, a fresh wizard at its first step.
    await page.getByRole('button', { name: /Margaret Sullivan, athenahealth, account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Manage Appointments' }).click();
    await page.getByRole('heading', { name: 'Practice Location' }).waitFor();
    await expect(progress(page)).resolves.toContain('20% complete');
    await expect(page.getByRole('heading', { name: 'Appointment Confirmed' }).count()).resolves.toBe(0);
    // As after any navigation, focus is on the page's heading (not left on the menu button).
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('H1');
    // The booked time is taken: the new wizard does not offer it (nor shows it from memory first).
    await chooseProviderSlot(page, PROVIDER);
    await expect(offered()).resolves.toBe(0);

    // Cancelled on the dashboard, the slot is open again for the next booking.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    const card = page.getByRole('region', { name: 'Upcoming Appointments' });
    await card.getByRole('button', { name: `Cancel the appointment on ${date} at ${time}` }).click();
    await page.getByRole('alertdialog', { name: 'Cancel Appointment' }).getByRole('button', { name: 'Yes, Cancel Appointment' }).click();
    await card.getByRole('heading', { name: 'No Upcoming Appointments (90 days)' }).waitFor();
    await card.getByRole('link', { name: 'Book an Appointment' }).click();
    await chooseProviderSlot(page, PROVIDER);
    await expect(offered()).resolves.toBe(1);
    await page.close();
  }, 60_000);

  it('tells a patient without a membership that booking needs one, with the way to enroll', async () => {
    const page = await signInToBook('Jordan Reyes');
    await page.getByRole('heading', { name: 'Membership Required' }).waitFor();
    await expect(page.getByRole('alert').filter({ hasText: 'You must be an enrolled member to book appointments.' }).innerText()).resolves.toBe(
      'You must be an enrolled member to book appointments. Please enroll first to access appointment booking.',
    );
    await expect(page.getByRole('link', { name: 'Enroll Now' }).getAttribute('href')).resolves.toBe('/enrollment');
    await checkStep(page, 'membership-required');
    await page.close();
  }, 120_000);
});
