/**
 * Enrollment in a real browser, both paths: provider login (location and contact, the tier
 * screen with the concierge acknowledgment, decline, the age and Medicaid refusals, signing) and
 * a new-patient guest through both signatures; the signed PDFs land in the sandbox chart once.
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';
import { verifyGuestInBrowser } from '../../../tools/src/testing/guest-browser.ts';
import { chooseLocation, enterCard, signInAs as signInAsPerson, signInEmbed } from '../../../tools/src/testing/enrollment-browser.ts';

const setup = portalInBrowser();

const signInAs = (person: string): Promise<Page> => signInAsPerson(setup.browser, setup.portal, person);

describe('provider-login enrollment', () => {
  it('declines membership and ends on the declination confirmation', async () => {
    const page = await signInAs('Margaret Sullivan');
    await chooseLocation(page, 'Margaret Sullivan');

    // Concierge asks for an acknowledgment; Cancel discards the choice.
    await page.getByRole('radio', { name: 'Select Concierge Annual' }).click();
    await page.getByRole('dialog', { name: 'Concierge Membership' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('radio', { name: 'Select Concierge Annual' }).isChecked()).resolves.toBe(false);

    await page.getByRole('radio', { name: 'Select Basic' }).check();
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('heading', { name: 'Membership Declination Confirmed' }).waitFor();
    expect(page.url()).toMatch(/\/declination-confirmation\/[0-9a-f-]{36}$/);

    const row = await setup.portal.db.knex('enrollments').where({ athenaPatientId: '5101' }).first('status', 'membershipTier');
    expect(row).toEqual({ status: 'declined', membershipTier: 'decline' });
    await page.close();
  });

  it('tells a 26-year-old the age requirement is not met', async () => {
    const page = await signInAs('Tyler Brooks');
    await chooseLocation(page, 'Tyler Brooks');
    await page.getByRole('radio', { name: 'Select Enhanced Annual' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Age Requirement Not Met').first().waitFor();
    await expect(setup.portal.db.knex('enrollments').where({ athenaPatientId: '5103' }).first()).resolves.toBeUndefined();
    await page.close();
  });
});

const chart = async (patientId: string) => {
  const listed = (await (await fetch(`${setup.portal.sandbox.url}/_sandbox/documents`)).json()) as { documents: Array<{ patientid: string | number }> };
  return listed.documents.filter((document) => String(document.patientid) === patientId);
};

describe('signing the membership agreement', () => {
  it('takes a provider-login patient from location to tier to signature, and files the agreement once', async () => {
    const page = await signInAs('Jordan Reyes');
    await chooseLocation(page, 'Jordan Reyes');
    await page.getByRole('radio', { name: 'Select Enhanced Annual' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Membership Agreement', level: 1 }).waitFor();
    expect(page.url()).toMatch(/\/enrollment\?id=[0-9a-f-]{36}&step=signature$/);

    await signInEmbed(page, 'signwell-agreement-container', 'Jordan Reyes');
    await page.getByText('signed, verified and uploaded').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    // An existing patient goes straight to payment (the next issue's step).
    await page.getByRole('heading', { name: 'Payment', level: 1 }).waitFor();

    const row = await setup.portal.db.knex('enrollments').where({ athenaPatientId: '5102' }).first('status', 'membershipTier');
    expect(row).toEqual({ status: 'signed', membershipTier: '120_annual' });
    expect(await chart('5102')).toHaveLength(1);
    await page.close();
  });

  it('refuses a Medicaid participant with the office message and lets them go no further', async () => {
    const page = await signInAs('Olivia Hart');
    await page.getByRole('combobox', { name: 'Practice Location' }).selectOption({ label: 'Valley Family Practice' });
    await page.getByRole('combobox', { name: 'Do you have Medicare or Medicaid?' }).selectOption({ label: 'Yes, Medicaid' });
    await page.getByText('Medicaid participants must complete enrollment by calling or visiting our office during business hours.').first().waitFor();
    await expect(page.getByRole('button', { name: 'Continue' }).isDisabled()).resolves.toBe(true);
    await expect(setup.portal.db.knex('enrollments').where({ athenaPatientId: '5108' }).first()).resolves.toBeUndefined();
    await page.close();
  });
});

describe('a new patient enrolls as a guest', () => {
  it('fills Patient Info, signs the agreement and the privacy notice (both PDFs in the chart once), pays, and books at once', async () => {
    const page = await setup.browser.newPage({ width: 1280, height: 900 });
    await page.context().clearCookies();
    await verifyGuestInBrowser(page, setup.portal, 'quinn.harper@example.com', '4015550166');
    await page.goto(`${setup.portal.url}/enrollment`);
    await page.getByRole('heading', { name: 'Patient Info', level: 1 }).waitFor();

    await page.getByRole('radio', { name: /New patient/ }).check();
    const box = (name: string) => page.getByRole('textbox', { name, exact: true });
    await box('First Name').fill('Quinn');
    await box('Last Name').fill('Harper');
    await page.locator('#enrollment-dateOfBirth').fill('1985-09-30');
    await expect(box('Email').isEditable()).resolves.toBe(false); // the verified email, read-only
    await box('Street Address').fill('44 Orchard Lane, Unit 2');
    await expect(box('Street Address').inputValue()).resolves.toBe('44 Orchard Lane');
    await box('City').fill('Warwick');
    await box('State').fill('ri');
    await expect(box('State').inputValue()).resolves.toBe('RI');
    await box('ZIP Code').fill('028881234');
    await expect(box('ZIP Code').inputValue()).resolves.toBe('02888-1234');
    await box('Social Security Number').fill('900990521');
    await expect(box('Social Security Number').inputValue()).resolves.toBe('900-99-0521');
    await page.getByRole('combobox', { name: 'Sex' }).selectOption('F');
    await box('Emergency Contact Name').fill('Riley Harper');
    await box('Emergency Contact Phone').fill('4015550177');
    await expect(box('Emergency Contact Phone').inputValue()).resolves.toBe('(401) 555-0177');
    await page.getByRole('combobox', { name: 'Emergency Contact Relationship' }).selectOption('SPOUSE');
    await page.getByRole('combobox', { name: 'Practice Location' }).selectOption({ label: 'Bay Primary Care' });
    await page.getByRole('combobox', { name: 'Do you have Medicare or Medicaid?' }).selectOption({ label: 'No, neither Medicare nor Medicaid' });
    await page.getByRole('radio', { name: 'Select Enhanced 6 Month' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'E-Signature', level: 1 }).waitFor();
    await signInEmbed(page, 'signwell-agreement-container', 'Quinn Harper');
    await page.getByText('signed, verified and uploaded').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Privacy Practices', level: 1 }).waitFor();
    await signInEmbed(page, 'signwell-privacy-container', 'Quinn Harper');
    await page.getByRole('heading', { name: 'Payment', level: 1 }).waitFor({ timeout: 20_000 });

    const row = await setup.portal.db.knex('enrollments').where({ signerName: 'Quinn Harper' }).first('id', 'athenaPatientId', 'patientStatus', 'department');
    expect(row).toMatchObject({ patientStatus: 'new', department: '2' });
    expect(await chart(row.athenaPatientId)).toHaveLength(2);

    // And pays as a guest: the card, then the confirmation.
    await page.getByRole('heading', { name: 'Complete Your Membership' }).waitFor();
    await enterCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await page.getByRole('heading', { name: 'Confirmation', level: 1 }).waitFor({ timeout: 20_000 });
    await page.getByText(`INV-${String(row.id).slice(-8)}`).waitFor();
    expect((await setup.portal.db.knex('enrollments').where({ id: row.id }).first('status')).status).toBe('active');

    // And books at once (issue 23, journey 2): the guest path finds the membership just paid for.
    await page.getByRole('link', { name: 'Book an Appointment' }).first().click();
    await page.getByRole('heading', { name: 'Patient Information' }).waitFor({ timeout: 10_000 });
    await page.getByRole('textbox', { name: 'First Name' }).fill('Quinn');
    await page.getByRole('textbox', { name: 'Last Name' }).fill('Harper');
    await page.getByLabel('Date of Birth').fill('1985-09-30');
    await page.getByRole('textbox', { name: 'ZIP Code' }).fill('02888');
    await page.getByRole('textbox', { name: 'Last 4 of SSN' }).fill('0521');
    await page.getByRole('combobox', { name: 'Patient Status' }).selectOption({ label: 'Existing patient' });
    await page.getByRole('combobox', { name: 'Practice Location' }).selectOption({ label: 'Bay Primary Care' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Choose a Provider' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('heading', { name: 'Membership Required' }).count()).toBe(0);
    await page.getByRole('button', { name: 'No Preference' }).click();
    await page.getByRole('button', { name: 'Office Visit' }).click();
    await page.getByRole('radio', { name: /^Next week,/ }).check();
    const slot = page.getByRole('radiogroup', { name: 'Available Times' }).getByRole('radio').first();
    await slot.check();
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByRole('heading', { name: 'Appointment Confirmed' }).waitFor({ timeout: 10_000 });
    expect(await setup.portal.db.knex('appointments').where({ athenaPatientId: row.athenaPatientId, status: 'booked' })).toHaveLength(1);
    await page.close();
  }, 90_000);

  it("shows each rule's message under its field and saves nothing", async () => {
    const page = await setup.browser.newPage({ width: 390, height: 844 });
    await page.context().clearCookies();
    await verifyGuestInBrowser(page, setup.portal, 'rules.check@example.com', '4015550168');
    await page.goto(`${setup.portal.url}/enrollment`);
    await page.getByRole('heading', { name: 'Patient Info', level: 1 }).waitFor();
    await page.getByRole('radio', { name: /Existing patient/ }).check();
    const box = (name: string) => page.getByRole('textbox', { name, exact: true });
    await box('State').fill('R');
    await box('ZIP Code').fill('123');
    await box('Last 4 Digits of SSN').fill('12');
    const before = await setup.portal.db.knex('enrollments').count({ n: '*' }).first();
    await page.getByRole('button', { name: 'Continue' }).click();

    const describedBy = async (name: string) =>
      box(name).evaluate((element) =>
        (element.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    await page.getByText('Please correct the following:').waitFor();
    await expect(describedBy('First Name')).resolves.toContain('First name is required');
    await expect(describedBy('Last Name')).resolves.toContain('Last name is required');
    await expect(describedBy('Street Address')).resolves.toContain('Street address is required');
    await expect(describedBy('City')).resolves.toContain('City is required');
    await expect(describedBy('State')).resolves.toContain('State must be 2 characters');
    await expect(describedBy('ZIP Code')).resolves.toContain('Invalid ZIP code format');
    await expect(describedBy('Last 4 Digits of SSN')).resolves.toContain('Last 4 digits of SSN must be exactly 4 numbers');
    expect(await setup.portal.db.knex('enrollments').count({ n: '*' }).first()).toEqual(before);
    await page.close();
  }, 60_000);
});
