/**
 * /staff when the API answers in a shape the page was not built for (issue 11): the answer is
 * reported to POST /api/client-errors by field names only, and the screen shows its generic
 * error instead of half a page. The staff member signs in through the API; the browser only
 * holds the stored session, as after a sign-in on the page.
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';
import { codeFor } from '../../../tools/src/testing/guest-browser.ts';

const setup = portalInBrowser();

const GENERIC_TITLE = 'Something went wrong';
const GENERIC_MESSAGE = "This page could not read the portal's answer. Please refresh the page and try again.";

const post = async (path: string, body: unknown): Promise<any> => {
  const response = await fetch(`${setup.portal.url}${path}`, {
    method: 'POST',
    headers: { Origin: setup.portal.url, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return response.json();
};

/** A listed staff member signed in by the emailed code: the bearer token. */
const staffToken = async (email: string): Promise<string> => {
  await setup.portal.db.knex('staff_emails').insert({ email, name: 'Records Office' }).onConflict('email').ignore();
  const issued = await fetch(`${setup.portal.sandbox.url}/turnstile/v0/issue`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sitekey: 'sandbox-turnstile-sitekey' }),
  });
  const { token } = (await issued.json()) as { token: string };
  const sent = await post('/api/staff/send-otp', { email, 'cf-turnstile-response': token });
  await post('/api/staff/verify-otp', { sessionToken: sent.sessionToken, otpCode: await codeFor(setup.portal, email) });
  return sent.sessionToken as string;
};

/** /staff with a stored staff session, `answer` standing in for the API's answer to `path`. */
const staffPageWith = async (email: string, path: string, answer: unknown): Promise<{ page: Page; report: Promise<unknown> }> => {
  const token = await staffToken(email);
  const page = await setup.browser.newPage({ width: 1280, height: 900 });
  await page.route(`**${path}*`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) }));
  const report = page
    .waitForRequest((request) => request.url().endsWith('/api/client-errors') && request.method() === 'POST')
    .then((request) => request.postDataJSON() as unknown);
  await page.goto(`${setup.portal.url}/staff`);
  await page.evaluate(
    ([storedToken, storedEmail]) => {
      sessionStorage.setItem('staff_session_token', storedToken!);
      sessionStorage.setItem('staff_email', storedEmail!);
    },
    [token, email],
  );
  await page.reload();
  return { page, report };
};

describe('/staff with an answer it cannot read', () => {
  it('shows the generic error in Documents to file by hand, and reports the field names only', async () => {
    const { page, report } = await staffPageWith('records.office@mdri-primarycare.example', '/api/staff/document-submissions', [
      { id: 7, enrollmentId: 'e1', patientId: '5107', documentType: 'lab_result' },
    ]);
    await page.getByRole('heading', { name: 'Signed in as records.office@mdri-primarycare.example' }).waitFor();
    const documents = page.getByRole('region', { name: 'Documents to file by hand' });
    await documents.getByText('Could not load the documents').waitFor();
    await documents.getByText(GENERIC_MESSAGE).waitFor();
    await expect(report).resolves.toEqual({
      kind: 'contract-mismatch',
      method: 'GET',
      path: '/api/staff/document-submissions',
      fields: ['id', 'documentType', 'status', 'uploadAttempts', 'lastAttemptError', 'createdAt', 'updatedAt'],
    });
    await page.close();
  });

  it('shows the generic error when the stored session check answers in another shape', async () => {
    const { page, report } = await staffPageWith('billing.office@mdri-primarycare.example', '/api/staff/verify-session', { valid: 'yes' });
    const alert = page.getByRole('alert').filter({ hasText: GENERIC_TITLE });
    await alert.getByText(GENERIC_MESSAGE).waitFor();
    await alert.getByRole('button', { name: 'Sign in again' }).waitFor();
    await expect(report).resolves.toMatchObject({ kind: 'contract-mismatch', method: 'POST', path: '/api/staff/verify-session' });
    await page.close();
  });
});
