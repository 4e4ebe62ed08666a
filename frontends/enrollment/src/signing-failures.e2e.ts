/**
 * When signing does not go to plan, in a real browser: the signer declines in SignWell (nothing
 * is recorded; a fresh document is offered), and the chart refuses every upload (after the
 * worker's last retry the user sees 'Critical Document Error' and staff see the document).
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';

// Two quick attempts, so the filing gives up in well under a second.
const setup = portalInBrowser({ worker: { filing: { maxAttempts: 2, retryDelaysMs: [100] } } });

const toAgreement = async (person: string): Promise<Page> => {
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
  await page.getByRole('radio', { name: 'Select Enhanced Annual' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Membership Agreement', level: 1 }).waitFor();
  return page;
};

const signInEmbed = async (page: Page, fullName: string) => {
  const frame = page.frameLocator('#signwell-agreement-container iframe');
  await frame.getByRole('textbox', { name: 'Type your full name' }).fill(fullName);
  await frame.getByRole('checkbox', { name: /agree to its terms/ }).check();
  await frame.getByRole('checkbox', { name: /sign electronically/ }).check();
  await frame.getByRole('button', { name: 'Sign Document' }).click();
};

describe('signing failures', () => {
  it('a signer who declines is told so, nothing is recorded, and a new document can be signed', async () => {
    const page = await toAgreement('Margaret Sullivan');
    const frame = page.frameLocator('#signwell-agreement-container iframe');
    await frame.getByRole('button', { name: 'Decline' }).click();
    await page.getByText('Document declined').first().waitFor();
    const row = await setup.portal.db.knex('enrollments').where({ athenaPatientId: '5101' }).first('status', 'signwellDocumentId');
    expect(row.status).toBe('pending');

    await page.getByRole('button', { name: 'Start again' }).click();
    await signInEmbed(page, 'Margaret Sullivan');
    await page.getByText('signed, verified and uploaded').waitFor();
    const after = await setup.portal.db.knex('enrollments').where({ athenaPatientId: '5101' }).first('status', 'signwellDocumentId');
    expect(after.status).toBe('signed');
    expect(after.signwellDocumentId).not.toBe(row.signwellDocumentId);
    await page.close();
  }, 45_000);

  it("shows 'Critical Document Error' when the chart refuses every upload, and the submission is marked failed for staff", async () => {
    await fetch(`${setup.portal.sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ route: 'POST /documents/admin$', errorRate: 1 }),
    });
    const page = await toAgreement('Jordan Reyes');
    await signInEmbed(page, 'Jordan Reyes');
    await page.getByText('Critical Document Error').first().waitFor();
    await expect(page.getByText('signed, verified and uploaded').count()).resolves.toBe(0);
    const failed = await setup.portal.db.knex('document_submissions').where({ patientId: '5102' }).first('status', 'uploadAttempts', 'lastAttemptError');
    expect(failed).toEqual({ status: 'failed', uploadAttempts: 2, lastAttemptError: expect.stringMatching(/503/) });
    await fetch(`${setup.portal.sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
    await page.close();
  }, 45_000);
});
