/**
 * Issue 26's journeys in Spanish, in the real browser against the real API and provider sandbox:
 *
 * a. A guest turns the page Spanish with the footer's 'English | Español' switch on /guest-login,
 *    verifies her email and phone, enrolls as a new patient, signs the agreement and the privacy
 *    notice, pays (4242) and books, every screen in Spanish; the verification email, the booking
 *    confirmation and its calendar file arrive in Spanish.
 * b. A member whose page is Spanish from the first request (the portal_lang cookie, as the switch
 *    leaves it) signs in with athenahealth, books, downloads the calendar file, gets the 48-hour
 *    reminder (the worker writes it in the language the booking kept with her), and cancels on the
 *    dashboard; the confirmation, the reminder and the cancellation arrive in Spanish.
 *
 * On each screen: `<html lang="es">` and nothing serious for axe (gathered, asserted at the end).
 * Role names come from the Spanish catalogs (spanish-catalogs.ts), the emails' words from core's
 * notice tables, so a better translation changes no line here. The sandbox's own pages (athenahealth's
 * sign-in, SignWell's signing page, Stripe's card element) stay in English, as those services'
 * sandboxes would be. SPANISH_SHOTS=/tmp/x keeps a PNG of each screen.
 */
import { describe, expect, it } from '@jest/globals';
import { APPOINTMENT_EMAILS, CALENDAR_TEXTS, PRACTICE_NAME, REMINDER_EMAILS, VERIFICATION_CODE_EMAILS } from '@portal/core';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import type { Page } from '../src/testing/browser.ts';
import { portalInBrowser } from '../src/testing/browser-portal.ts';
import { enterCard, signInEmbed } from '../src/testing/enrollment-browser.ts';
import { paidEnrollment, signedEnrollment, signedInForEnrollment } from '../src/testing/enrollment-flow.ts';
import { codeFor } from '../src/testing/guest-browser.ts';
import { es, SPANISH_COOKIE } from '../src/testing/spanish-catalogs.ts';
import { checkSpanishScreen, icsProperty, inboxMessage, inboxSubjects, type ScreenFinding } from '../src/testing/spanish-screens.ts';

const setup = portalInBrowser();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 800 };
const LOAD = { timeout: 15_000 };
const HOUR = 3_600_000;

/** The Spanish words the emails must carry (core's tables; the other facts do not change these). */
const CODE_SUBJECT = (code: string) => VERIFICATION_CODE_EMAILS['es-US']({ code, validMinutes: 10 }).subject;
const BOOKED_SUBJECT = APPOINTMENT_EMAILS['es-US']({ kind: 'booked', summary: '', start: new Date(), location: '', description: '' }).subject;
const REMINDER_SUBJECT = REMINDER_EMAILS['es-US']({ kind: '48h', summary: '', start: new Date(), location: '', cutoff: new Date(), arriveEarlyMinutes: 15 }).subject;
const CANCELLED_SUBJECT = APPOINTMENT_EMAILS['es-US']({ kind: 'cancelled', summary: '', start: new Date(), location: '', description: '' }).subject;
const SUMMARY = (appointmentType: string) => CALENDAR_TEXTS['es-US']({ appointmentType, arriveEarlyMinutes: 15, cutoff: new Date() }).summary;

/** The text of a message before its first value: for a name like 'Cancelar la cita del {date} a las {time}'. */
const before = (text: (values: Record<string, string>) => string, value: string): string => text({ [value]: '\u0000' }).split('\u0000')[0] ?? '';

/**
 * The calendar file the confirmation's link names, asked for with the page's cookies (its session and
 * language) and, for a guest, the verification token the data client sends from the browser's storage
 * (a plain click on the link sends no token: 401 for a guest, in English too; reported in issue 26's notes).
 */
const downloadedCalendar = async (page: Page): Promise<string> => {
  const href = await page.getByRole('link', { name: es.booking('confirm.downloadCalendar') }).getAttribute('href');
  const token = await page.evaluate(() =>
    [localStorage, sessionStorage].map((store) => store.getItem('dualVerificationToken')).find((value) => value?.startsWith('verified_')),
  );
  const response = await page.request.get(new URL(href ?? '', setup.portal.url).toString(), { headers: token ? { 'X-Verification-Token': token } : {} });
  expect({ href, status: response.status() }).toEqual({ href, status: 200 });
  return response.text();
};

/** The mail checks of a journey, gathered like the screens' so one run says everything that is not Spanish. */
const expectEmail = async (findings: ScreenFinding[], to: string, subject: string, what: string): Promise<string | null> => {
  const message = await inboxMessage(setup.portal, to, (candidate) => candidate.subject === subject);
  if (message) return message.text;
  findings.push({ screen: `email: ${what}`, problem: `no email '${subject}' to ${to}; the inbox has: ${JSON.stringify(await inboxSubjects(setup.portal, to))}` });
  return null;
};

const expectSummary = (findings: ScreenFinding[], ics: string, appointmentType: string, what: string): void => {
  const summary = icsProperty(ics, 'SUMMARY');
  if (summary !== SUMMARY(appointmentType)) findings.push({ screen: `calendar file: ${what}`, problem: `SUMMARY '${summary}', not '${SUMMARY(appointmentType)}'` });
};

describe('the portal in Spanish', () => {
  it('a · a guest switches to Spanish, verifies, enrolls as a new patient, signs both documents, pays and books; the emails and the calendar file are Spanish', async () => {
    const findings: ScreenFinding[] = [];
    const page = await setup.browser.newPage(DESKTOP);
    await page.context().clearCookies();
    const email = 'lucia.morales@example.com';
    const phone = '4015550188';

    // /guest-login in English (no choice yet), turned Spanish by the footer's switch.
    await page.goto(`${setup.portal.url}/guest-login`);
    await page.locator('#portal-footer').scrollIntoViewIfNeeded();
    await page.locator('footer.portal-footer .portal-language').getByRole('button', { name: 'Español' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    const emailBox = page.getByRole('textbox', { name: es.ui('field.email') });
    await emailBox.waitFor(LOAD);
    await emailBox.fill(email);
    await page.getByText(es.ui('securityCheck.verified')).waitFor();
    await checkSpanishScreen(page, 'a1-guest-email', findings);
    await page.getByRole('button', { name: es.identity('guest.sendCode') }).click();
    await page.getByRole('heading', { name: es.identity('email.sent.title') }).waitFor();
    await checkSpanishScreen(page, 'a2-guest-email-code', findings);
    const emailCode = await codeFor(setup.portal, email);
    await expectEmail(findings, email, CODE_SUBJECT(emailCode), 'verification code');

    await page.getByRole('textbox', { name: es.identity('guest.code.label') }).fill(emailCode);
    await page.getByRole('button', { name: es.identity('guest.code.verify') }).click();
    await page.getByRole('heading', { name: es.identity('phone.title') }).waitFor();
    await checkSpanishScreen(page, 'a3-guest-phone', findings);
    await page.getByRole('textbox', { name: es.identity('phone.label') }).fill(phone);
    await page.getByRole('button', { name: es.identity('guest.sendCode') }).click();
    await page.getByRole('heading', { name: es.identity('phone.sent.title') }).waitFor();
    await page.getByRole('textbox', { name: es.identity('guest.code.label') }).fill(await codeFor(setup.portal, `+1${phone}`));
    await page.getByRole('button', { name: es.identity('guest.code.verify') }).click();
    await page.waitForURL(`${setup.portal.url}/dashboard`, LOAD);

    // Enrollment as a new patient: the form, at a phone's width too.
    await page.goto(`${setup.portal.url}/enrollment`);
    await page.getByRole('heading', { name: es.enrollment('guest.title'), level: 1 }).waitFor(LOAD);
    await page.getByRole('radio', { name: new RegExp(`^${es.enrollment('patientStatus.new')}`) }).check();
    const box = (id: Parameters<typeof es.enrollment>[0]) => page.getByRole('textbox', { name: es.enrollment(id), exact: true });
    await box('field.firstName').fill('Lucía');
    await box('field.lastName').fill('Morales');
    await page.locator('#enrollment-dateOfBirth').fill('1988-04-12');
    await box('field.address1').fill('12 Broad Street');
    await box('field.city').fill('Providence');
    await box('field.state').fill('RI');
    await box('field.zipCode').fill('02903');
    await box('field.fullSSN').fill('900990612');
    await page.getByRole('combobox', { name: es.enrollment('field.sex') }).selectOption('F');
    await box('field.emergencyContactName').fill('Andrés Morales');
    await box('field.emergencyContactPhone').fill('4015550189');
    await page.getByRole('combobox', { name: es.enrollment('field.contactrelationship') }).selectOption('SPOUSE');
    await page.getByRole('combobox', { name: es.enrollment('field.department') }).selectOption({ label: 'Bay Primary Care' });
    await page.getByRole('combobox', { name: es.enrollment('field.hasMedicareInsurance') }).selectOption({ label: es.enrollment('medicare.option', { value: 'no' }) });
    await page.getByRole('radio', { name: es.enrollment('tiers.selectLabel', { plan: es.enrollment('tiers.name', { code: '70_biannual' }) }) }).check();
    await checkSpanishScreen(page, 'a4-enrollment-patient-info', findings);
    await page.setViewportSize(PHONE);
    await checkSpanishScreen(page, 'a4-enrollment-patient-info-360', findings);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: es.enrollment('common.continue') }).click();

    // Both signatures (SignWell's own page inside the embed is the sandbox's, in English).
    await page.getByRole('heading', { name: es.payment('steps.title', { step: 'signature' }), level: 1 }).waitFor(LOAD);
    await signInEmbed(page, 'signwell-agreement-container', 'Lucía Morales');
    await page.getByText(es.payment('signing.done.text', { kind: 'agreement' })).waitFor({ timeout: 45_000 });
    await checkSpanishScreen(page, 'a5-agreement-signed', findings);
    await page.getByRole('button', { name: es.payment('common.continue') }).click();
    await page.getByRole('heading', { name: es.payment('steps.title', { step: 'privacy' }), level: 1 }).waitFor(LOAD);
    await checkSpanishScreen(page, 'a6-privacy', findings);
    await signInEmbed(page, 'signwell-privacy-container', 'Lucía Morales');

    // Payment (the card element is the sandbox's Stripe look-alike, in English).
    await page.getByRole('heading', { name: es.payment('payment.title') }).waitFor({ timeout: 45_000 });
    await checkSpanishScreen(page, 'a7-payment', findings);
    await enterCard(page, '4242424242424242');
    await page.getByRole('button', { name: es.payment('payment.complete') }).click();
    await page.getByRole('heading', { name: es.payment('steps.title', { step: 'confirmation' }), level: 1 }).waitFor({ timeout: 20_000 });
    await checkSpanishScreen(page, 'a8-confirmation', findings);

    // Booking at once, on the guest path.
    await page.getByRole('link', { name: es.payment('confirmation.book') }).first().click();
    await page.getByRole('heading', { name: es.booking('patient.heading') }).waitFor(LOAD);
    await page.getByRole('textbox', { name: es.booking('patient.firstName') }).fill('Lucía');
    await page.getByRole('textbox', { name: es.booking('patient.lastName') }).fill('Morales');
    await page.getByLabel(es.booking('patient.dateOfBirth')).fill('1988-04-12');
    await page.getByRole('textbox', { name: es.booking('patient.zipCode') }).fill('02903');
    await page.getByRole('textbox', { name: es.booking('patient.lastFourSSN') }).fill('0612');
    await page.getByRole('combobox', { name: es.booking('patient.status') }).selectOption({ label: es.booking('patient.existingPatient') });
    await page.getByRole('combobox', { name: es.booking('location.field') }).selectOption({ label: 'Bay Primary Care' });
    await checkSpanishScreen(page, 'a9-booking-patient', findings);
    await page.getByRole('button', { name: es.booking('patient.continue') }).click();
    await page.getByRole('heading', { name: es.booking('provider.heading') }).waitFor(LOAD);
    await page.getByRole('button', { name: es.booking('provider.noPreference') }).click();
    await page.getByRole('button', { name: 'Office Visit' }).click();
    await page.getByRole('radio', { name: new RegExp(`^${es.booking('schedule.week.next')},`) }).check();
    const slot = page.getByRole('radiogroup', { name: es.booking('schedule.availableTimes') }).getByRole('radio').first();
    await slot.check();
    await checkSpanishScreen(page, 'a10-booking-schedule', findings);
    await page.getByRole('button', { name: es.booking('schedule.book') }).click();
    await page.getByRole('heading', { name: es.booking('confirm.booked') }).waitFor(LOAD);
    await checkSpanishScreen(page, 'a11-booking-confirmed', findings);

    const confirmation = await expectEmail(findings, email, BOOKED_SUBJECT, 'booking confirmation');
    if (confirmation !== null && !confirmation.includes(SUMMARY('Office Visit'))) findings.push({ screen: 'email: booking confirmation', problem: `text without '${SUMMARY('Office Visit')}': ${confirmation}` });
    expectSummary(findings, await downloadedCalendar(page), 'Office Visit', 'guest booking');

    expect(findings).toEqual([]);
    await page.close();
  }, 150_000);

  it('b · a member whose page is Spanish from the first request signs in, books, is reminded, and cancels on the dashboard; the emails are Spanish', async () => {
    const findings: ScreenFinding[] = [];
    // Margaret is a member as the enrollment leaves her (signed, filed, paid by card), over HTTP: booking asks Stripe's subscriptions.
    const api = await signedInForEnrollment(setup.portal.url, PATIENT_IDS.margaret);
    await paidEnrollment(setup.portal.url, setup.portal.sandbox.url, api, await signedEnrollment(setup.portal.url, api, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan'));
    const page = await setup.browser.newPage(DESKTOP);
    await page.context().clearCookies();
    await page.context().addCookies([{ ...SPANISH_COOKIE, url: setup.portal.url }]);

    await page.goto(`${setup.portal.url}/login?return=/appointments`);
    await page.getByRole('button', { name: es.identity('login.provider.signIn') }).waitFor(LOAD);
    await checkSpanishScreen(page, 'b1-login', findings);
    await page.getByRole('button', { name: es.identity('login.provider.signIn') }).click();
    await page.getByRole('button', { name: 'Sign in as Margaret Sullivan' }).click();
    await page.waitForURL(/\/appointments$/, LOAD);

    await page.getByRole('heading', { name: es.booking('location.heading') }).waitFor(LOAD);
    await checkSpanishScreen(page, 'b2-booking-location', findings);
    await page.getByRole('combobox', { name: es.booking('location.field') }).selectOption({ label: 'Valley Family Practice' });
    await page.getByRole('button', { name: es.booking('location.continue') }).click();
    await page.getByRole('heading', { name: es.booking('provider.heading') }).waitFor(LOAD);
    // The health record's 'Family Medicine', in the catalog's Spanish.
    await expect(page.getByText(es.booking('provider.specialty', { key: 'Family_Medicine', name: 'Family Medicine' }), { exact: true }).isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Sarah Chen, MD', exact: true }).click();
    await page.getByRole('heading', { name: es.booking('types.heading') }).waitFor(LOAD);
    await checkSpanishScreen(page, 'b3-booking-type', findings);
    await page.getByRole('button', { name: 'Office Visit' }).click();
    await page.getByRole('heading', { name: es.booking('schedule.heading') }).waitFor(LOAD);
    await page.getByRole('radio', { name: new RegExp(`^${es.booking('schedule.week.next')},`) }).check();
    await page.getByRole('radiogroup', { name: es.booking('schedule.availableTimes') }).getByRole('radio').first().check();
    await page.setViewportSize(PHONE);
    await checkSpanishScreen(page, 'b4-booking-schedule-360', findings);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: es.booking('schedule.book') }).click();
    await page.getByRole('heading', { name: es.booking('confirm.booked') }).waitFor(LOAD);
    await checkSpanishScreen(page, 'b5-booking-confirmed', findings);
    expectSummary(findings, await downloadedCalendar(page), 'Office Visit', 'member booking');
    await expectEmail(findings, 'margaret.sullivan@example.com', BOOKED_SUBJECT, 'booking confirmation');

    // Two days before it, the reminder in the language the booking kept with her (the worker has no
    // request to ask): the test cannot wait two days, so our record of the booking is moved to 47
    // hours ahead (booked five days ago) and the reminder job runs now.
    const appointments = () => setup.portal.db.knex('appointments').where({ athenaPatientId: String(PATIENT_IDS.margaret), status: 'booked' });
    expect(await setup.portal.db.knex('patient_languages').where({ athenaPatientId: String(PATIENT_IDS.margaret) }).first('locale')).toEqual({ locale: 'es-US' });
    await appointments().update({ startsAt: new Date(Date.now() + 47 * HOUR), bookedAt: new Date(Date.now() - 120 * HOUR) });
    await setup.portal.db.knex.raw('select graphile_worker.add_job(?)', ['send_appointment_reminders']);
    await expectEmail(findings, 'margaret.sullivan@example.com', REMINDER_SUBJECT, '48-hour reminder');

    // Cancelled on the dashboard.
    await page.getByRole('link', { name: es.booking('common.goToDashboard') }).first().click();
    const card = page.getByRole('region', { name: es.dashboard('upcoming.title') });
    const cancel = card.getByRole('button', { name: new RegExp(`^${before((values) => es.dashboard('upcoming.cancelLabel', values), 'date')}`) });
    await cancel.first().waitFor(LOAD);
    await checkSpanishScreen(page, 'b6-dashboard', findings);
    await cancel.first().click();
    const dialog = page.getByRole('alertdialog', { name: es.dashboard('cancelDialog.title') });
    await dialog.getByText(es.dashboard('cancelDialog.text')).waitFor();
    await checkSpanishScreen(page, 'b7-cancel-dialog', findings);
    await dialog.getByRole('button', { name: es.dashboard('cancelDialog.confirm') }).click();
    await card.getByRole('heading', { name: es.dashboard('upcoming.none') }).waitFor(LOAD);
    await checkSpanishScreen(page, 'b8-dashboard-after-cancel', findings);
    await expectEmail(findings, 'margaret.sullivan@example.com', CANCELLED_SUBJECT, 'cancellation');

    expect(findings).toEqual([]);
    await page.close();
  }, 90_000);
});
