/**
 * The provider-login enrollment path in a real browser: location and contact, the tier screen
 * (concierge acknowledgment, decline), the declination confirmation, and an eligibility refusal.
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';

const setup = portalInBrowser();

const signInAs = async (person: string): Promise<Page> => {
  const page = await setup.browser.newPage({ width: 1280, height: 900 });
  await page.context().clearCookies();
  await page.goto(`${setup.portal.url}/login?return=/enrollment/practice-location`);
  await page.getByRole('button', { name: 'Sign in with athenahealth' }).click();
  await page.getByRole('button', { name: `Sign in as ${person}` }).click();
  await page.getByRole('heading', { name: `Welcome, ${person}` }).waitFor();
  return page;
};

const chooseLocation = async (page: Page, person: string) => {
  await page.getByRole('combobox', { name: 'Practice Location' }).selectOption({ label: 'Valley Family Practice' });
  await page.getByRole('combobox', { name: 'Do you have Medicare or Medicaid?' }).selectOption({ label: 'No, neither Medicare nor Medicaid' });
  const contact = page.getByRole('radio', { name: person });
  if (!(await contact.isChecked())) await contact.check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Choose Your Membership' }).waitFor();
};

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
