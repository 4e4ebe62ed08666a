/**
 * axe on every page and every dialog of the portal (issue 16; inventory in docs/accessibility.md),
 * in the states a person sees them: signed out, a guest, a member, a provider-login patient who is
 * not a member yet, and staff. Each screen is checked once it has drawn (axe.ts: WCAG 2.1 A/AA and
 * best practices, animations finished) and each test ends by asserting that no screen had a
 * serious or critical finding (all findings are named at once). One portal for the file.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { chooseNextWeekSlot } from '../src/testing/booking-browser.ts';
import { portalInBrowser } from '../src/testing/browser-portal.ts';
import { paidEnrollment, signedEnrollment, signedInForEnrollment } from '../src/testing/enrollment-flow.ts';
import { chooseLocation, signInAs } from '../src/testing/enrollment-browser.ts';
import { codeFor, requestEmailCode } from '../src/testing/guest-browser.ts';
import { searchForPatient } from '../src/testing/staff-browser.ts';
import { AxeLedger, settled } from './a11y-browser.ts';
import { untilApiSeesExpiry } from '../src/testing/session-writes.ts';

const setup = portalInBrowser();
const DESKTOP = { width: 1280, height: 900 };

beforeAll(async () => {
  // Margaret is a member as the enrollment leaves her: signed, filed and paid by card.
  const api = await signedInForEnrollment(setup.portal.url, PATIENT_IDS.margaret);
  await paidEnrollment(setup.portal.url, setup.portal.sandbox.url, api, await signedEnrollment(setup.portal.url, api, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan'));
}, 120_000);

describe('every page and dialog: no serious or critical axe finding', () => {
  it('signed out: sign-in, guest verification, signed out, the auth redirects, staff sign-in, 404, an earlier-slot link without its token', async () => {
    const axe = new AxeLedger();
    const page = await setup.browser.newPage(DESKTOP);
    await page.context().clearCookies();
    const visit = async (path: string, screen: string, heading?: string | RegExp) => {
      await page.goto(`${setup.portal.url}${path}`);
      await settled(page, heading);
      await axe.check(page, screen);
    };
    await visit('/login', '/login', 'Welcome to the Member Portal');
    await visit('/login-old', '/login-old', 'Welcome to the Member Portal');
    await visit('/guest-login', '/guest-login (email)', 'Guest Verification');
    await requestEmailCode(page, setup.portal, 'axe.signed-out@example.com');
    await axe.check(page, '/guest-login (email code)');
    await visit('/logout-confirmation', '/logout-confirmation', 'Signed Out Successfully');
    // Both redirect to the login page with a return path: checked where they land.
    await visit('/enrollment-auth', '/enrollment-auth → /login', 'Welcome to the Member Portal');
    await visit('/appointment-auth', '/appointment-auth → /login', 'Welcome to the Member Portal');
    await visit('/staff', '/staff (sign-in)');
    await visit('/no-such-page', '404', '404 Page Not Found');
    await visit('/appointments/earlier-slot', '/appointments/earlier-slot (no token)');
    await page.close();
    expect(axe.checked.length).toBe(10);
    axe.expectClean();
  }, 120_000);

  it('a member: dashboard, account menu, nurse line (before and after the reveal), booking steps, existing-appointment dialog, confirmation, cancel dialog, practice location, billing return, session-expiry warning', async () => {
    const axe = new AxeLedger();
    const page = await signInAs(setup.browser, setup.portal, 'Margaret Sullivan', '/dashboard');
    await settled(page, 'Welcome, Margaret Sullivan');
    await page.getByRole('region', { name: 'Your Active Subscriptions' }).waitFor();
    await axe.check(page, '/dashboard (member)');

    await page.getByRole('button', { name: /account menu$/ }).click();
    await page.getByRole('menu', { name: 'Account menu' }).waitFor();
    await axe.check(page, 'account menu (member)');
    await page.keyboard.press('Escape');

    await page.getByRole('article', { name: 'Nurse Phone Messaging' }).getByRole('button', { name: 'Open Nurse Line' }).click();
    const nurse = page.getByRole('dialog', { name: 'Nurse Phone Messaging' });
    await nurse.getByRole('button', { name: 'Reveal Nurse Line Number' }).waitFor();
    await axe.check(page, 'nurse line dialog');
    await nurse.getByRole('button', { name: 'Reveal Nurse Line Number' }).click();
    await nurse.getByRole('link').first().waitFor();
    await axe.check(page, 'nurse line dialog (number revealed)');
    await page.keyboard.press('Escape');
    await nurse.waitFor({ state: 'detached' });

    await page.goto(`${setup.portal.url}/appointments`);
    await settled(page, 'Practice Location');
    await axe.check(page, '/appointments (member: practice location step)');
    await page.getByRole('combobox', { name: 'Practice Location' }).selectOption({ label: 'Valley Family Practice' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'No Preference' }).waitFor();
    await axe.check(page, '/appointments (provider step)');
    await page.getByRole('button', { name: 'No Preference' }).click();
    await page.getByRole('button', { name: 'Office Visit' }).waitFor();
    await axe.check(page, '/appointments (type step)');
    await page.getByRole('button', { name: 'Office Visit' }).click();
    await page.getByRole('radio', { name: /^Next week,/ }).check();
    await page.getByRole('radiogroup', { name: 'Available Times' }).getByRole('radio').first().check();
    await axe.check(page, '/appointments (date and time step)');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByRole('heading', { name: 'Appointment Confirmed' }).waitFor();
    await axe.check(page, '/appointments (confirmation)');

    // A second booking: the existing-appointment dialog.
    await page.goto(`${setup.portal.url}/appointments`);
    await chooseNextWeekSlot(page, 'last');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    const existing = page.getByRole('dialog', { name: 'You already have an upcoming appointment' });
    await existing.waitFor();
    await axe.check(page, 'existing-appointment dialog');
    await existing.getByRole('button', { name: 'Keep Existing' }).click();
    await page.getByRole('heading', { name: 'Your Existing Appointment' }).waitFor();

    // The dashboard with the appointment, and its cancel dialog (not confirmed: the staff test uses the appointment).
    await page.goto(`${setup.portal.url}/dashboard`);
    const upcoming = page.getByRole('region', { name: 'Upcoming Appointments' });
    const cancel = upcoming.getByRole('button', { name: /^Cancel the appointment on / });
    await cancel.waitFor();
    await axe.check(page, '/dashboard (member with an upcoming appointment)');
    await cancel.click();
    const cancelDialog = page.getByRole('alertdialog', { name: 'Cancel Appointment' });
    await cancelDialog.waitFor();
    await axe.check(page, 'cancel appointment dialog (member)');
    await page.keyboard.press('Escape');
    await cancelDialog.waitFor({ state: 'detached' });

    await page.goto(`${setup.portal.url}/appointments/practice-location`);
    await settled(page, 'Welcome, Margaret Sullivan');
    await axe.check(page, '/appointments/practice-location');

    await page.goto(`${setup.portal.url}/billing/return`);
    await settled(page);
    await axe.check(page, '/billing/return');

    // 50 seconds left: the session-expiry warning.
    await setup.portal.db.knex('auth_sessions').update({ absoluteExpiresAt: new Date(Date.now() + 50_000) });
    await untilApiSeesExpiry(page, setup.portal.url, 50_000);
    await page.goto(`${setup.portal.url}/dashboard`);
    await page.getByRole('alertdialog', { name: 'Session Expiring Soon' }).waitFor();
    await axe.check(page, 'session-expiry warning');
    await setup.portal.db.knex('auth_sessions').update({ absoluteExpiresAt: new Date(Date.now() + 3600_000) });
    await page.close();
    axe.expectClean();
  }, 180_000);

  it('a provider-login patient who is not a member: enrollment location, tier, Concierge dialog, agreement, membership required (booking, nurse line), declination and pay return', async () => {
    const axe = new AxeLedger();
    const page = await signInAs(setup.browser, setup.portal, 'Jordan Reyes');
    await settled(page, 'Welcome, Jordan Reyes');
    await axe.check(page, '/enrollment/practice-location');
    await chooseLocation(page, 'Jordan Reyes');
    await axe.check(page, '/enrollment/membership-tier');
    // Choosing Concierge asks first (the radio stays unchecked until 'I Understand').
    await page.getByRole('radio', { name: 'Select Concierge Annual' }).click();
    const concierge = page.getByRole('dialog', { name: 'Concierge Membership' });
    await concierge.waitFor();
    await axe.check(page, 'Concierge dialog');
    await concierge.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('radio', { name: 'Select Enhanced Annual' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Membership Agreement', level: 1 }).waitFor();
    await page.locator('#signwell-agreement-container iframe').waitFor();
    await axe.check(page, '/enrollment (agreement signing)');

    await page.goto(`${setup.portal.url}/dashboard`);
    await settled(page, 'Welcome, Jordan Reyes');
    await axe.check(page, '/dashboard (not a member)');
    await page.getByRole('button', { name: /account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Nurse Phone Messaging' }).click();
    await page.getByRole('dialog', { name: 'Membership Required' }).waitFor();
    await axe.check(page, 'nurse line dialog (membership required)');
    await page.keyboard.press('Escape');

    await page.goto(`${setup.portal.url}/appointments`);
    await settled(page, 'Membership Required');
    await axe.check(page, '/appointments (membership required)');
    await page.goto(`${setup.portal.url}/declination-confirmation`);
    await settled(page);
    await axe.check(page, '/declination-confirmation (no id)');
    await page.goto(`${setup.portal.url}/pay/return`);
    await settled(page);
    // It says so in a toast too: checked once the toast has come in (the toast host loads on first use).
    await page.locator('.ui-toast').first().waitFor();
    await page.waitForTimeout(400);
    await axe.check(page, '/pay/return (no payment)');
    await page.close();
    axe.expectClean();
  }, 150_000);

  it('a guest: the phone and SMS steps of the verification, dashboard, account menu, the guest enrollment form, guest booking', async () => {
    const axe = new AxeLedger();
    const page = await setup.browser.newPage(DESKTOP);
    await page.context().clearCookies();
    // verifyGuestInBrowser's steps, with axe on each of the guest verification's screens.
    const email = 'axe.guest@example.com';
    const phone = '4015550177';
    await requestEmailCode(page, setup.portal, email);
    await page.getByRole('textbox', { name: 'Verification Code' }).fill(await codeFor(setup.portal, email));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.getByRole('heading', { name: 'Verify your mobile phone' }).waitFor();
    await axe.check(page, '/guest-login (phone)');
    await page.getByRole('textbox', { name: 'Mobile Phone Number' }).fill(phone);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByRole('heading', { name: 'Enter the code we texted you' }).waitFor();
    await axe.check(page, '/guest-login (SMS code)');
    await page.getByRole('textbox', { name: 'Verification Code' }).fill(await codeFor(setup.portal, `+1${phone}`));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    // 'Verification Complete' moves on to the dashboard by itself at once: not held for axe.
    await page.waitForURL(`${setup.portal.url}/dashboard`);
    await settled(page);
    await axe.check(page, '/dashboard (guest)');
    await page.getByRole('button', { name: /account menu$/ }).click();
    await page.getByRole('menu', { name: 'Account menu' }).waitFor();
    await axe.check(page, 'account menu (guest)');
    await page.keyboard.press('Escape');
    await page.goto(`${setup.portal.url}/enrollment`);
    await page.getByRole('button', { name: 'Patient Status' }).waitFor();
    await axe.check(page, '/enrollment (guest form)');
    await page.goto(`${setup.portal.url}/appointments`);
    await settled(page);
    await axe.check(page, '/appointments (guest)');
    await page.close();
    axe.expectClean();
  }, 120_000);

  it('staff: code step, home, age warning, create form, card payment, success, manual processing, patient record with its reschedule and cancel dialogs, practice report', async () => {
    const axe = new AxeLedger();
    const page = await setup.browser.newPage(DESKTOP);
    page.setDefaultTimeout(15_000);
    await page.context().clearCookies();
    const email = 'axe.desk@mdri-primarycare.example';
    await setup.portal.db.knex('staff_emails').insert({ email, name: 'Axe Desk' }).onConflict('email').ignore();
    await page.goto(`${setup.portal.url}/staff`);
    await page.getByRole('textbox', { name: 'Email Address' }).fill(email);
    await page.getByText('Security check complete.').waitFor();
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByRole('textbox', { name: 'Verification Code' }).waitFor();
    await axe.check(page, '/staff (code step)');
    await page.getByRole('textbox', { name: 'Verification Code' }).fill(await codeFor(setup.portal, email));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.getByRole('heading', { name: `Signed in as ${email}` }).waitFor();
    await axe.check(page, '/staff (home: patient search)');

    await searchForPatient(page, setup.portal, PATIENT_IDS.tyler);
    const warning = page.getByRole('alertdialog', { name: 'Eligibility Warning' });
    await warning.waitFor();
    await axe.check(page, 'eligibility warning dialog');
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Start Over' }).first().click();

    await searchForPatient(page, setup.portal, PATIENT_IDS.carol);
    await page.getByRole('heading', { name: 'Create Subscription' }).waitFor();
    await axe.check(page, '/staff (patient details and create form)');
    await page.getByRole('button', { name: 'Create Subscription' }).click();
    const payment = page.getByRole('dialog', { name: 'Card Payment' });
    await payment.getByRole('textbox', { name: 'Card number' }).waitFor();
    await axe.check(page, 'card payment dialog');
    await payment.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
    await payment.getByRole('textbox', { name: /Expiration date/ }).fill('12 / 30');
    await payment.getByRole('textbox', { name: /Security code/ }).fill('123');
    await payment.getByRole('button', { name: /^Pay / }).click();
    const success = page.getByRole('dialog', { name: 'Subscription Created' });
    await success.getByText(/The card payment went through/).waitFor();
    await axe.check(page, 'subscription created dialog');
    await success.getByRole('button', { name: 'Start Over' }).click();

    // Manual payment: the processing dialog shows for 1.5 s (a timer); that timer is held while axe looks.
    await searchForPatient(page, setup.portal, PATIENT_IDS.olivia);
    const oliviaWarning = page.getByRole('alertdialog', { name: 'Eligibility Warning' });
    await Promise.race([oliviaWarning.waitFor(), page.getByRole('heading', { name: 'Create Subscription' }).waitFor()]);
    if (await oliviaWarning.isVisible()) await oliviaWarning.getByRole('button', { name: 'Acknowledge and Continue' }).click();
    await page.getByRole('radio', { name: /Manual Payment/ }).check();
    await page.evaluate(() => {
      const held: Array<() => void> = [];
      const original = window.setTimeout;
      (window as unknown as { __releaseHeld: () => void }).__releaseHeld = () => {
        window.setTimeout = original;
        for (const run of held) run();
      };
      window.setTimeout = ((handler: () => void, delay?: number, ...rest: unknown[]) => {
        if (delay === 1_500) {
          held.push(handler);
          return 0;
        }
        return original(handler, delay, ...rest);
      }) as typeof window.setTimeout;
    });
    await page.getByRole('button', { name: 'Create Subscription' }).click();
    await page.getByRole('dialog', { name: 'Processing Manual Payment' }).waitFor();
    await axe.check(page, 'processing manual payment dialog');
    await page.evaluate(() => (window as unknown as { __releaseHeld: () => void }).__releaseHeld());
    await page.getByRole('dialog', { name: 'Subscription Created' }).getByRole('button', { name: 'Start Over' }).click();

    // Margaret's record: the appointment the member test booked, its reschedule and cancel dialogs.
    await searchForPatient(page, setup.portal, PATIENT_IDS.margaret);
    const paidUp = page.getByRole('alertdialog', { name: 'Eligibility Warning' });
    await Promise.race([paidUp.waitFor(), page.getByRole('heading', { name: 'Patient Record' }).waitFor()]);
    if (await paidUp.isVisible()) await paidUp.getByRole('button', { name: 'Acknowledge and Continue' }).click();
    const record = page.getByRole('region', { name: 'Patient Record' });
    const reschedule = record.getByRole('button', { name: /^Reschedule the appointment on / });
    await reschedule.waitFor();
    await axe.check(page, '/staff (patient record)');
    await reschedule.click();
    const rescheduleDialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
    await rescheduleDialog.waitFor();
    await settled(page, 'Reschedule Appointment');
    await axe.check(page, 'reschedule appointment dialog (staff)');
    await page.keyboard.press('Escape');
    await rescheduleDialog.waitFor({ state: 'detached' });
    await record.getByRole('button', { name: /^Cancel the appointment on / }).click();
    const cancelDialog = page.getByRole('dialog', { name: 'Cancel Appointment' });
    await cancelDialog.waitFor();
    await axe.check(page, 'cancel appointment dialog (staff)');
    await page.keyboard.press('Escape');
    await cancelDialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Practice Report' }).click();
    await page.getByRole('heading', { name: 'Practice Report' }).waitFor();
    await axe.check(page, '/staff (practice report)');
    await page.close();
    axe.expectClean();
  }, 180_000);
});
