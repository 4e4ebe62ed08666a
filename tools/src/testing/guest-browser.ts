/**
 * Guest verification as a person does it in the browser: the human check, the emailed code and
 * the SMS code read from the provider sandbox's inbox, the real Firebase JS SDK against the
 * sandbox's Auth emulator subset. Ends on the dashboard as a Guest.
 */
import type { Page } from './browser.ts';
import type { TestPortal } from './portal.ts';

/** The newest code sent to `to` (an email or an E.164 phone), waiting up to 10 s for it. */
export const codeFor = async (portal: TestPortal, to: string): Promise<string> => {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${portal.sandbox.url}/inbox/api/messages?to=${encodeURIComponent(to)}`);
    const [latest] = (await response.json()) as Array<{ code: string | null }>;
    if (latest?.code) return latest.code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code arrived for ${to}`);
};

/** Opens /guest-login and asks for the email code. */
export const requestEmailCode = async (page: Page, portal: TestPortal, email: string): Promise<void> => {
  await page.goto(`${portal.url}/guest-login`);
  await page.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await page.getByText('Security check complete.').waitFor();
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
};

/** `phone`: 10 digits. Verifies both and waits for the dashboard. */
export const verifyGuestInBrowser = async (page: Page, portal: TestPortal, email: string, phone: string): Promise<void> => {
  await requestEmailCode(page, portal, email);
  await page.getByRole('textbox', { name: 'Verification Code' }).fill(await codeFor(portal, email));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await page.getByRole('heading', { name: 'Verify your mobile phone' }).waitFor();
  await page.getByRole('textbox', { name: 'Mobile Phone Number' }).fill(phone);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await page.getByRole('heading', { name: 'Enter the code we texted you' }).waitFor();
  await page.getByRole('textbox', { name: 'Verification Code' }).fill(await codeFor(portal, `+1${phone}`));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await page.getByRole('heading', { name: 'Verification Complete' }).waitFor();
  await page.waitForURL(`${portal.url}/dashboard`);
};
