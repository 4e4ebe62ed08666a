/**
 * Booking after the first booking in a real browser (issue 13, 'Done when'): calendar files,
 * reschedule, the 24-hour cutoff and the guest path, each step checked as the person sees it,
 * screenshots to BOOKING_SHOTS (default /tmp/booking-shots):
 * - the confirmation's 'Download calendar file' downloads an .ics with the appointment's time and
 *   'arrive 15 minutes early';
 * - a member reschedules from the dashboard: the confirmation downloads the updated .ics (same
 *   event, next SEQUENCE, new time) and the dashboard then lists the new time only;
 * - an appointment less than 24 hours away cannot be cancelled: the dashboard's Cancel is disabled
 *   with its tooltip, and the API refuses it (409 'Cannot Cancel Appointment'). The sandbox's
 *   practice has weekday slots only, so its control opens one 3 hours from now (POST
 *   /_sandbox/slots) whatever the day, and the member books it through the API;
 * - a verified guest whose membership is active books through the guest path: verification, the
 *   patient information form with the member's chart details, provider, type, time, confirmation.
 * Jordan Reyes is the member (enrolled and paid through the real flow); the guest is Margaret
 * Sullivan, verified with her own email and phone, whose guest membership is seeded active.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { seriousFindings } from '../../../tools/src/testing/axe.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';
import { chooseNextWeekSlot, dateAndTime } from '../../../tools/src/testing/booking-browser.ts';
import { activeGuestMembership, moveBookedAppointment, practiceInstant } from '../../../tools/src/testing/booking-setup.ts';
import { bookBody, openOfficeVisitSlots } from '../../../tools/src/testing/booking-api.ts';
import { jsonCall, paidEnrollment, signedEnrollment, signedInForEnrollment } from '../../../tools/src/testing/enrollment-flow.ts';
import { verifyGuestInBrowser } from '../../../tools/src/testing/guest-browser.ts';

const setup = portalInBrowser();

const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env['BOOKING_SHOTS'] ?? '/tmp/booking-shots';
const MEMBER = 'Jordan Reyes';
const GUEST = { email: 'margaret.sullivan@example.com', phone: '4015550111', firstName: 'Margaret', lastName: 'Sullivan', dateOfBirth: '1979-04-12' };
const CUTOFF_TOOLTIP = 'Cannot cancel within 24 hours. Please call the office.';
const HOUR_MS = 3_600_000;

/** A screenshot of the page (or of the window only: a whole-page shot after a scroll draws the sticky header mid-page). */
const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: path.join(SHOTS, `more-${name}.png`), fullPage });

/** '9:00 AM' → '09:00'; '1:30 PM' → '13:30'. */
const time24 = (time12: string): string => {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time12);
  if (!match) throw new Error(`not a 12-hour time: ${time12}`);
  const hour = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${match[2]}`;
};

/** '13:30' → '1:30 PM', as the dashboard shows it. */
const time12 = (time: string): string => {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
};

/** Signs `person` in through the sandbox's athenahealth page and lands on `target`; `prepare` runs on the new page first. */
const signIn = async (person: string, target = '/appointments', prepare?: (page: Page) => Promise<void>): Promise<Page> => {
  const page = await setup.browser.newPage(DESKTOP);
  await page.context().clearCookies();
  await prepare?.(page);
  await page.goto(`${setup.portal.url}/login?return=${encodeURIComponent(target)}`);
  await page.getByRole('button', { name: 'Sign in with athenahealth' }).click();
  await page.getByRole('button', { name: `Sign in as ${person}` }).click();
  await page.waitForURL((url) => url.pathname + url.search === target);
  return page;
};

/** Books next week's first Office Visit; answers its date, time and health-record id (from the calendar link). */
const bookNextWeek = async (page: Page): Promise<{ date: string; time: string; appointmentId: string }> => {
  const [date, time] = dateAndTime(await chooseNextWeekSlot(page, 'first'));
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await page.getByRole('heading', { name: 'Appointment Confirmed' }).waitFor();
  const href = (await page.getByRole('link', { name: 'Download calendar file' }).getAttribute('href')) ?? '';
  const appointmentId = /^\/api\/appointments\/(\d+)\/calendar\.ics$/.exec(href)?.[1];
  if (!appointmentId) throw new Error(`unexpected calendar link ${href}`);
  return { date, time, appointmentId };
};

/** Clicks the confirmation's 'Download calendar file' and reads the file the browser saved, unfolded. */
const downloadCalendarFile = async (page: Page): Promise<string> => {
  const link = page.getByRole('link', { name: 'Download calendar file' });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  // Long iCalendar lines are folded (CRLF and a space): unfold before reading.
  return readFileSync(await download.path(), 'utf8').replace(/\r?\n[ \t]/g, '');
};

/** The DTSTART line of a slot: its time on the practice's clock, written in UTC. */
const dtstart = (date: string, time: string): RegExp => {
  const start = practiceInstant(date, time24(time)).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return new RegExp(`^DTSTART(;[^:]*)?:${start}\\r?$`, 'm');
};

const upcomingCard = (page: Page) => page.getByRole('region', { name: 'Upcoming Appointments' });

/** The dashboard's appointments as their Reschedule links name them. */
/** The appointments the card lists, as 'MM/DD/YYYY at h:mm AM' (each item's Date and Time). */
const listedAppointments = async (page: Page): Promise<string[]> =>
  upcomingCard(page)
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => {
        const value = (term: string) => [...item.querySelectorAll('dt')].find((dt) => dt.textContent === term)?.nextElementSibling?.textContent ?? '';
        return `${value('Date')} at ${value('Time')}`;
      }),
    );

/** Cancels whatever the member has booked (through the API, as the dashboard would), so each test starts with none. */
const cancelUpcomingOf = async (patientId: number): Promise<void> => {
  const browser = await signedInForEnrollment(setup.portal.url, patientId);
  const upcoming = await jsonCall(browser, setup.portal.url, 'GET', '/api/dashboard/upcoming-appointments');
  if (upcoming.status !== 200) throw new Error(`upcoming appointments answered ${upcoming.status}`);
  for (const appointment of upcoming.body.appointments as Array<{ appointmentId: string }>) {
    const cancelled = await jsonCall(browser, setup.portal.url, 'PUT', `/api/appointments/${appointment.appointmentId}/cancel`);
    if (cancelled.status !== 200) throw new Error(`cancel answered ${cancelled.status}`);
  }
};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // Jordan is a member as the enrollment leaves him: signed, filed and paid by card (the booking
  // screens ask the membership status, which is Stripe's subscription, not only our row).
  const browser = await signedInForEnrollment(setup.portal.url, PATIENT_IDS.jordan);
  const enrollmentId = await signedEnrollment(setup.portal.url, browser, PATIENT_IDS.jordan, '120_annual', MEMBER);
  await paidEnrollment(setup.portal.url, setup.portal.sandbox.url, browser, enrollmentId);
}, 180_000);

describe('a member', () => {
  beforeEach(async () => {
    await cancelUpcomingOf(PATIENT_IDS.jordan);
  }, 60_000);

  it("downloads the confirmation's calendar file: an .ics with the appointment's time and 'arrive 15 minutes early'", async () => {
    const page = await signIn(MEMBER);
    const { date, time } = await bookNextWeek(page);

    const ics = await downloadCalendarFile(page);
    expect(ics.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toMatch(dtstart(date, time));
    expect(ics).toMatch(/^SUMMARY:Office Visit/m);
    expect(ics.toLowerCase()).toContain('arrive 15 minutes early');
    await shot(page, 'calendar-download');
    await page.close();
  }, 120_000);

  it('reschedules from the dashboard, downloads the updated calendar file; the dashboard then lists the new time only', async () => {
    const page = await signIn(MEMBER);
    const first = await bookNextWeek(page);
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await upcomingCard(page).getByText(first.date, { exact: true }).waitFor();
    await expect(listedAppointments(page)).resolves.toEqual([`${first.date} at ${first.time}`]);

    await upcomingCard(page).getByRole('link', { name: `Reschedule the appointment on ${first.date} at ${first.time}` }).click();
    await page.waitForURL((url) => url.pathname === '/appointments' && url.searchParams.get('reschedule') === first.appointmentId);
    await page.getByRole('heading', { name: 'Reschedule Your Appointment' }).waitFor();
    const moved = dateAndTime(await chooseNextWeekSlot(page, 'last'));
    expect(moved).not.toEqual([first.date, first.time]);
    await shot(page, 'reschedule-schedule');
    await page.getByRole('button', { name: 'Reschedule Appointment' }).click();
    await page.getByRole('heading', { name: 'Appointment Rescheduled' }).waitFor();
    const confirmation = await page.locator('#portal-main').innerText();
    expect(confirmation).toContain(moved[0]);
    expect(confirmation).toContain(moved[1]);
    await shot(page, 'reschedule-confirmation');
    // The updated calendar file: the same event (UID), a later SEQUENCE, the new time.
    const updated = await downloadCalendarFile(page);
    expect(updated).toMatch(dtstart(moved[0], moved[1]));
    expect(updated).toMatch(new RegExp(`^UID:appointment-${first.appointmentId}@`, 'm'));
    expect(updated).toMatch(/^SEQUENCE:1\r?$/m);

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await upcomingCard(page).getByText(moved[0], { exact: true }).waitFor();
    await expect(listedAppointments(page)).resolves.toEqual([`${moved[0]} at ${moved[1]}`]);
    // And so after a fresh load (the API's list, not the page's memory).
    await page.reload();
    await upcomingCard(page).getByText(moved[0], { exact: true }).waitFor();
    await expect(listedAppointments(page)).resolves.toEqual([`${moved[0]} at ${moved[1]}`]);
    await shot(page, 'reschedule-dashboard');
    await page.close();
  }, 180_000);

  it("draws each text once: the dashboard's appointment row never says 'Your provider' before the name, nor the reschedule screen 'Book an Appointment'", async () => {
    // Booked over the API (the booking screens are tested above); its provider's name as the practice lists it.
    const api = await signedInForEnrollment(setup.portal.url, PATIENT_IDS.jordan);
    const { typeId, slots } = await openOfficeVisitSlots(setup.portal.url, api);
    const slot = slots[0];
    if (!slot) throw new Error('no open Office Visit slot');
    const booked = await jsonCall(api, setup.portal.url, 'POST', `/api/appointments/${PATIENT_IDS.jordan}/book`, bookBody(slot, typeId));
    expect(booked.status).toBe(200);
    const providers = await jsonCall(api, setup.portal.url, 'GET', '/api/providers?locationId=1');
    const listed = (providers.body.providers as Array<{ id: string; name: string; displayName: string }>).find((candidate) => candidate.id === slot.providerId);
    const providerName = listed?.displayName || listed?.name || '';
    expect(providerName).not.toBe('');

    const page = await signIn(MEMBER, '/dashboard', async (fresh) => {
      // Every text the appointment row's Provider and the page's heading show, in order.
      await fresh.addInitScript(() => {
        const seen: { provider: string[]; heading: string[] } = { provider: [], heading: [] };
        (window as unknown as { seen: typeof seen }).seen = seen;
        const note = (list: string[], text: string | null | undefined) => {
          if (text && list.at(-1) !== text) list.push(text);
        };
        new MutationObserver(() => {
          for (const term of document.querySelectorAll('.dash-appointments dt')) {
            if (term.textContent === 'Provider') note(seen.provider, term.nextElementSibling?.textContent);
          }
          note(seen.heading, document.querySelector('#portal-app-booking h1')?.textContent);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      // The providers list answers only after the page has drawn the appointments it got first.
      await fresh.route('**/api/providers?*', async (route) => {
        await fresh.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        await route.continue();
      });
    });
    const when = `${slot.date} at ${time12(slot.time)}`;
    const reschedule = upcomingCard(page).getByRole('link', { name: `Reschedule the appointment on ${when}` });
    await upcomingCard(page).getByText(providerName, { exact: true }).waitFor();
    await reschedule.waitFor();
    const seen = () => page.evaluate(() => (window as unknown as { seen: { provider: string[]; heading: string[] } }).seen);
    const provider = (await seen()).provider;

    // The reschedule screen's heading says 'Reschedule Your Appointment' from its first paint.
    await page.evaluate(() => {
      (window as unknown as { seen: { heading: string[] } }).seen.heading = [];
    });
    await reschedule.click();
    await page.getByRole('heading', { name: 'Practice Location' }).waitFor();
    const heading = (await seen()).heading;
    expect({ provider, heading }).toEqual({ provider: [providerName], heading: ['Reschedule Your Appointment'] });
    await page.close();
  }, 60_000);

  it('cannot cancel an appointment less than 24 hours away: Cancel is disabled with its tooltip, and the API refuses', async () => {
    const page = await signIn(MEMBER);
    // A real slot 3 hours from now, on the next quarter hour, whatever the day and time: the
    // sandbox's practice keeps weekday hours (none inside 24 hours from Friday afternoon to
    // Sunday), so its control opens one then (POST /_sandbox/slots), and Jordan books it.
    const quarter = 15 * 60_000;
    const start = new Date(Math.ceil((Date.now() + 3 * HOUR_MS) / quarter) * quarter).toISOString();
    let slot: { appointmentid: number; date: string; starttime: string; providerid: number } | undefined;
    for (const providerid of ['8', '1', '14', '3']) {
      const opened = await fetch(`${setup.portal.sandbox.url}/_sandbox/slots`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ departmentid: '2', providerid, appointmenttypeid: '2', start }),
      });
      if (opened.status === 201) {
        slot = (await opened.json()) as typeof slot;
        break;
      }
      expect(opened.status).toBe(409); // that provider already has a slot then: the next one
    }
    if (slot === undefined) throw new Error(`no provider of department 2 is free at ${start}`);
    const member = await signedInForEnrollment(setup.portal.url, PATIENT_IDS.jordan);
    const booking = await jsonCall(member, setup.portal.url, 'POST', `/api/appointments/${PATIENT_IDS.jordan}/book`, {
      providerId: String(slot.providerid),
      appointmentId: String(slot.appointmentid),
      appointmentDate: slot.date,
      appointmentTime: slot.starttime,
      appointmentTypeId: '2',
    });
    expect(booking.status).toBe(200);
    const booked = { appointmentId: String(slot.appointmentid) };
    const soon = { at: { date: slot.date, time: slot.starttime } };
    try {
      const shown = `${soon.at.date} at ${time12(soon.at.time)}`;
      await page.goto(`${setup.portal.url}/dashboard`);
      const card = upcomingCard(page);
      await card.getByText(soon.at.date, { exact: true }).waitFor();
      await expect(listedAppointments(page)).resolves.toEqual([shown]);

      // No enabled Cancel for it; the Cancel there is aria-disabled, described by the tooltip.
      await expect(card.getByRole('button', { name: `Cancel the appointment on ${shown}` }).count()).resolves.toBe(0);
      const cancel = card.getByRole('button', { name: 'Cancel', exact: true });
      await expect(cancel.getAttribute('aria-disabled')).resolves.toBe('true');
      // Reschedule follows the same rule: no link to the booking screen, a disabled button with its reason.
      await expect(card.getByRole('link', { name: /^Reschedule/ }).count()).resolves.toBe(0);
      const reschedule = card.getByRole('button', { name: 'Reschedule', exact: true });
      await expect(reschedule.getAttribute('aria-disabled')).resolves.toBe('true');
      await expect(page.locator(`[id="${(await reschedule.getAttribute('aria-describedby')) ?? ''}"]`).textContent()).resolves.toBe('Cannot reschedule within 24 hours. Please call the office.');
      const describedBy = (await cancel.getAttribute('aria-describedby')) ?? '';
      const tooltip = page.locator(`[id="${describedBy}"]`);
      await expect(tooltip.getAttribute('role')).resolves.toBe('tooltip');
      // Hidden until wanted, but it is the button's description for a screen reader all along.
      await expect(tooltip.textContent()).resolves.toBe(CUTOFF_TOOLTIP);
      // A pointer on it shows the tooltip; a keyboard user meets it too.
      await cancel.hover();
      await tooltip.waitFor({ state: 'visible' });
      await expect(tooltip.innerText()).resolves.toBe(CUTOFF_TOOLTIP);
      await shot(page, 'cutoff-tooltip', false);
      await page.mouse.move(0, 0);
      await cancel.focus();
      await tooltip.waitFor({ state: 'visible' });
      await expect(seriousFindings(page)).resolves.toEqual([]);
      // Disabled for the browser's accessibility tree; pressing it anyway asks nothing and changes nothing.
      await expect(cancel.isEnabled()).resolves.toBe(false);
      await page.keyboard.press('Enter');
      await cancel.click({ force: true });
      await page.waitForTimeout(500);
      await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);

      // The API refuses it too, with the spec's words; the appointment stays.
      const answer = await page.evaluate(async (id) => {
        const response = await fetch(`/api/appointments/${id}/cancel`, { method: 'PUT', credentials: 'include', headers: { Accept: 'application/json' } });
        return { status: response.status, body: (await response.json()) as unknown };
      }, booked.appointmentId);
      expect(answer).toEqual({
        status: 409,
        body: expect.objectContaining({
          error: 'Cannot Cancel Appointment',
          message: 'Appointments cannot be cancelled within 24 hours. Please call the office to cancel.',
        }),
      });
      await page.reload();
      await upcomingCard(page).getByText(soon.at.date, { exact: true }).waitFor();
      await expect(listedAppointments(page)).resolves.toEqual([shown]);
    } finally {
      // A week later, so the next test's clean-up can cancel it through the API.
      await moveBookedAppointment(setup.portal, booked.appointmentId, new Date(Date.now() + 8 * 24 * HOUR_MS));
    }
    await page.close();
  }, 180_000);
});

describe('a verified guest member', () => {
  it('books through the guest path: patient information, provider, type and time, confirmation', async () => {
    await cancelUpcomingOf(PATIENT_IDS.margaret);
    const page = await setup.browser.newPage(DESKTOP);
    await page.context().clearCookies();
    await verifyGuestInBrowser(page, setup.portal, GUEST.email, GUEST.phone);
    const token = await page.evaluate(() => localStorage.getItem('dualVerificationToken') ?? sessionStorage.getItem('dualVerificationToken'));
    if (!token) throw new Error('no verification token in the browser');
    // Margaret's membership, bought as this guest.
    await activeGuestMembership(setup.portal, { email: GUEST.email, phone: `+1${GUEST.phone}`, verificationToken: token, headers: {} }, PATIENT_IDS.margaret);

    await page.goto(`${setup.portal.url}/appointments`);
    await page.getByRole('heading', { name: 'Verification complete' }).waitFor();
    await page.getByRole('heading', { name: 'Patient Information' }).waitFor();
    // The verified contact is filled in and kept.
    await expect(page.getByRole('textbox', { name: 'Email' }).inputValue()).resolves.toBe(GUEST.email);
    await expect(page.getByRole('textbox', { name: 'Phone' }).inputValue()).resolves.toMatch(/401.*555.*0111/);
    await page.getByRole('textbox', { name: 'First Name' }).fill(GUEST.firstName);
    await page.getByRole('textbox', { name: 'Last Name' }).fill(GUEST.lastName);
    await page.getByLabel('Date of Birth').fill(GUEST.dateOfBirth);
    await page.getByRole('textbox', { name: 'ZIP Code' }).fill('02865');
    await page.getByRole('textbox', { name: 'Last 4 of SSN' }).fill('4412');
    await page.getByRole('combobox', { name: 'Patient Status' }).selectOption({ label: 'Existing patient' });
    await page.getByRole('combobox', { name: 'Practice Location' }).selectOption({ label: 'Valley Family Practice' });
    await shot(page, 'guest-patient-information');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Choose a Provider' }).waitFor();
    await page.getByRole('button', { name: 'No Preference' }).click();
    await page.getByRole('heading', { name: 'Choose a Date and Time' }).waitFor();
    await page.getByRole('button', { name: 'Office Visit' }).click();
    await page.getByRole('radio', { name: /^Next week,/ }).check();
    const slots = page.getByRole('radiogroup', { name: 'Available Times' }).getByRole('radio');
    await slots.first().waitFor();
    const [date, time] = dateAndTime((await slots.first().getAttribute('aria-label')) ?? '');
    await slots.first().check();
    await shot(page, 'guest-schedule');
    await page.getByRole('button', { name: 'Book Appointment' }).click();

    await page.getByRole('heading', { name: 'Appointment Confirmed' }).waitFor();
    await expect(page.locator('.ui-progress').innerText()).resolves.toContain('100% complete');
    const confirmation = await page.locator('#portal-main').innerText();
    expect(confirmation).toContain(date);
    expect(confirmation).toContain(time);
    expect(confirmation).toContain('Office Visit');
    expect(confirmation).toContain('Please arrive 15 minutes early.');
    await shot(page, 'guest-confirmation');
    await expect(seriousFindings(page)).resolves.toEqual([]);
    // The guest's calendar file too: its link fetches the file with the verification token (a plain link sends none: 401).
    expect(await downloadCalendarFile(page)).toMatch(dtstart(date, time));

    // The booking is Margaret's in the health record (what her dashboard will list).
    const member = await signedInForEnrollment(setup.portal.url, PATIENT_IDS.margaret);
    const upcoming = await jsonCall(member, setup.portal.url, 'GET', '/api/dashboard/upcoming-appointments');
    expect(upcoming.body.appointments.map((appointment: { date: string; startTime: string }) => `${appointment.date} ${appointment.startTime}`)).toEqual([
      `${date} ${time24(time)}`,
    ]);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.close();
  }, 180_000);
});
