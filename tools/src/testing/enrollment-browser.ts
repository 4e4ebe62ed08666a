/**
 * Enrollment steps as a person takes them in the browser, shared by the browser tests: the
 * athenahealth sign-in, the practice location step, the tier step, and signing in the sandbox's
 * SignWell page inside the embed.
 */
import type { BrowserSession, Page } from './browser.ts';
import type { TestPortal } from './portal.ts';

/** Signs `person` in through the sandbox's athenahealth page (as themselves) and lands on `returnPath`. */
export const signInAs = async (browser: BrowserSession, portal: TestPortal, person: string, returnPath = '/enrollment/practice-location'): Promise<Page> => {
  const page = await browser.newPage({ width: 1280, height: 900 });
  await page.context().clearCookies();
  await page.goto(`${portal.url}/login?return=${returnPath}`);
  await page.getByRole('button', { name: 'Sign in with athenahealth' }).click();
  await page.getByRole('button', { name: `Sign in as ${person}` }).click();
  // Someone with access to others' records picks whose record first.
  const self = page.getByRole('button', { name: `Continue as ${person}` });
  if (await self.isVisible().catch(() => false)) await self.click();
  await page.getByRole('heading', { name: `Welcome, ${person}` }).waitFor();
  return page;
};

export const chooseLocation = async (page: Page, person: string, medicare = 'No, neither Medicare nor Medicaid'): Promise<void> => {
  await page.getByRole('combobox', { name: 'Practice Location' }).selectOption({ label: 'Valley Family Practice' });
  await page.getByRole('combobox', { name: 'Do you have Medicare or Medicaid?' }).selectOption({ label: medicare });
  const contact = page.getByRole('radio', { name: person });
  if (!(await contact.isChecked())) await contact.check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Choose Your Membership' }).waitFor();
};

/** Signs in SignWell's (sandbox) signing page inside the embed, as the signer would. */
export const signInEmbed = async (page: Page, containerId: string, fullName: string): Promise<void> => {
  const frame = page.frameLocator(`#${containerId} iframe`);
  await frame.getByRole('textbox', { name: 'Type your full name' }).fill(fullName);
  await frame.getByRole('checkbox', { name: /agree to its terms/ }).check();
  await frame.getByRole('checkbox', { name: /sign electronically/ }).check();
  await frame.getByRole('button', { name: 'Sign Document' }).click();
};

/** Sign-in → location → tier → the membership agreement page of a new enrollment. */
export const toAgreement = async (browser: BrowserSession, portal: TestPortal, person: string, tier = 'Enhanced Annual'): Promise<Page> => {
  const page = await signInAs(browser, portal, person);
  await chooseLocation(page, person);
  await page.getByRole('radio', { name: `Select ${tier}` }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Membership Agreement', level: 1 }).waitFor();
  return page;
};

/** Types a test card into the card form (the sandbox's Stripe.js look-alike) inside `scope` (the page, or a dialog). */
export const enterCard = async (scope: Pick<Page, 'getByRole'>, number: string): Promise<void> => {
  const card = scope.getByRole('group', { name: 'Card details' });
  await card.getByRole('textbox', { name: 'Card number' }).fill(number);
  await card.getByRole('textbox', { name: /Expiration date/ }).fill('12 / 30');
  await card.getByRole('textbox', { name: /Security code/ }).fill('123');
};
