/**
 * The earlier-slot waitlist in a real browser (issue 13, 'Done when': a waitlisted member takes a
 * freed slot from the email link). Margaret Sullivan (Concierge) holds an appointment on a later
 * day and, on her dashboard, asks to hear of an earlier time; Olivia Hart cancels an earlier one;
 * the worker finds the reopened slot and emails Margaret; she opens the link signed out, on a
 * phone, moves her appointment in one step, and her dashboard shows the new time. Opening the
 * link again says it was used. Screenshots to BOOKING_SHOTS (default /tmp/booking-shots).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { seriousFindings } from '../../../tools/src/testing/axe.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';
import { apiCall, bookBody, openOfficeVisitSlots } from '../../../tools/src/testing/booking-api.ts';
import { activeMembership } from '../../../tools/src/testing/members.ts';
import { signIn as signInOverHttp } from '../../../tools/src/testing/sign-in.ts';
import { offerLinkFor } from '../../../tools/src/testing/waitlist.ts';

const setup = portalInBrowser();
const SHOTS = process.env['BOOKING_SHOTS'] ?? '/tmp/booking-shots';
const PHONE = { width: 360, height: 780 };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  await activeMembership(setup.portal.db.knex, PATIENT_IDS.margaret, { tier: '500_concierge_annual' });
  await activeMembership(setup.portal.db.knex, PATIENT_IDS.olivia);
});

const signInToDashboard = async (page: Page): Promise<void> => {
  await page.goto(`${setup.portal.url}/login?return=${encodeURIComponent('/dashboard')}`);
  await page.getByRole('button', { name: 'Sign in with athenahealth' }).click();
  await page.getByRole('button', { name: 'Sign in as Margaret Sullivan' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
};

it('a waitlisted member takes a freed slot from the email link', async () => {
  const { portal, browser } = setup;
  const olivia = (await signInOverHttp({ apiUrl: portal.url, personId: PATIENT_IDS.olivia })).portal;
  const margaretApi = (await signInOverHttp({ apiUrl: portal.url, personId: PATIENT_IDS.margaret })).portal;
  const { typeId, slots } = await openOfficeVisitSlots(portal.url, olivia, 1, 30);
  const early = slots[0]!;
  const later = slots.find((slot) => slot.date !== early.date)!;
  expect((await apiCall(portal.url, olivia, 'POST', `/api/appointments/${PATIENT_IDS.olivia}/book`, bookBody(early, typeId))).status).toBe(200);
  expect((await apiCall(portal.url, margaretApi, 'POST', `/api/appointments/${PATIENT_IDS.margaret}/book`, bookBody(later, typeId))).status).toBe(200);

  // On her dashboard, Margaret asks to hear of an earlier time with any provider.
  const page = await browser.newPage({ width: 1280, height: 900 });
  await signInToDashboard(page);
  const choice = page.getByRole('combobox', { name: 'Email me if an earlier time opens up' });
  await expect(choice.inputValue()).resolves.toBe('off');
  await choice.selectOption({ label: 'Yes, with any provider at this location' });
  await page.getByText('Earlier Time Alerts On').first().waitFor();
  await page.screenshot({ path: path.join(SHOTS, 'waitlist-dashboard.png'), fullPage: true });
  await page.close();

  // Olivia cancels: the slot reopens and the worker emails Margaret (Concierge: at once).
  expect((await apiCall(portal.url, olivia, 'PUT', `/api/appointments/${early.appointmentId}/cancel`)).status).toBe(200);
  const { url } = await offerLinkFor(portal, 'margaret.sullivan@example.com');

  // She opens it signed out (the browser's one profile loses her session), on a phone.
  const phone = await browser.newPage(PHONE);
  await phone.context().clearCookies();
  await phone.goto(url);
  await phone.getByRole('heading', { name: 'An Earlier Time Is Available' }).waitFor();
  const earlier = `${early.date} at `;
  await expect(phone.locator('dd', { hasText: earlier }).count()).resolves.toBe(1);
  await expect(phone.locator('dd', { hasText: `${later.date} at ` }).count()).resolves.toBe(1);
  expect(await seriousFindings(phone)).toEqual([]);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await phone.screenshot({ path: path.join(SHOTS, 'waitlist-offer-phone.png'), fullPage: true });
  await phone.getByRole('button', { name: 'Move My Appointment' }).click();
  await phone.getByText('Appointment Moved').waitFor();
  await phone.getByRole('heading', { name: 'Your appointment has been moved' }).waitFor();
  await phone.screenshot({ path: path.join(SHOTS, 'waitlist-moved-phone.png'), fullPage: true });

  // The link works once.
  await phone.reload();
  await phone.getByText('Link Already Used').waitFor();

  // Signed in again, her dashboard lists the earlier day only.
  await signInToDashboard(phone);
  await phone.getByRole('heading', { name: 'Upcoming Appointments' }).waitFor();
  const dates = phone.locator('.dash-appointment dd');
  await dates.filter({ hasText: early.date }).first().waitFor();
  await expect(dates.filter({ hasText: later.date }).count()).resolves.toBe(0);
}, 120_000);
