/**
 * When signing does not go to plan, in a real browser: the signer declines in SignWell (nothing
 * is recorded; a fresh document is offered), and the chart refuses every upload (after the
 * worker's last retry the user sees 'Critical Document Error' and staff see the document).
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';
import { signInEmbed, toAgreement as toAgreementPage } from '../../../tools/src/testing/enrollment-browser.ts';

// Two quick attempts, so the filing gives up in well under a second.
const setup = portalInBrowser({ worker: { filing: { maxAttempts: 2, retryDelaysMs: [100] } } });

const toAgreement = (person: string): Promise<Page> => toAgreementPage(setup.browser, setup.portal, person);
const signAgreement = (page: Page, fullName: string) => signInEmbed(page, 'signwell-agreement-container', fullName);

describe('signing failures', () => {
  it('a signer who declines is told so, nothing is recorded, and a new document can be signed', async () => {
    const page = await toAgreement('Margaret Sullivan');
    const frame = page.frameLocator('#signwell-agreement-container iframe');
    await frame.getByRole('button', { name: 'Decline' }).click();
    await page.getByText('Document declined').first().waitFor();
    const row = await setup.portal.db.knex('enrollments').where({ athenaPatientId: '5101' }).first('status', 'signwellDocumentId');
    expect(row.status).toBe('pending');

    await page.getByRole('button', { name: 'Start again' }).click();
    await signAgreement(page, 'Margaret Sullivan');
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
    await signAgreement(page, 'Jordan Reyes');
    await page.getByText('Critical Document Error').first().waitFor();
    await expect(page.getByText('signed, verified and uploaded').count()).resolves.toBe(0);
    const failed = await setup.portal.db.knex('document_submissions').where({ patientId: '5102' }).first('status', 'uploadAttempts', 'lastAttemptError');
    expect(failed).toEqual({ status: 'failed', uploadAttempts: 2, lastAttemptError: expect.stringMatching(/503/) });
    await fetch(`${setup.portal.sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
    await page.close();
  }, 45_000);
});
