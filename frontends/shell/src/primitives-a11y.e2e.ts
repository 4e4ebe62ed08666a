/**
 * The shared primitives on Radix (decision 0020) in a real browser, with the keyboard only: the
 * user-status menu (provider and guest), the Concierge acknowledgment dialog, the session-expiry
 * warning, the toasts and the guest enrollment accordion. Focus moves in on open, Tab stays inside
 * a dialog, Escape closes what may be closed and focus returns to what opened it; arrow keys and
 * typeahead move in the menu; a toast is announced through a live region and leaves after its
 * duration. axe finds nothing serious or critical on these screens, and on a phone the menu and
 * the dialogs stay inside the viewport.
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { seriousFindings } from '../../../tools/src/testing/axe.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';
import { chooseLocation, signInAs } from '../../../tools/src/testing/enrollment-browser.ts';
import { verifyGuestInBrowser } from '../../../tools/src/testing/guest-browser.ts';
import { untilApiSeesExpiry } from '../../../tools/src/testing/session-writes.ts';

const setup = portalInBrowser({ worker: false });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Serious and critical axe findings on the page as it is now (rule id and the elements' selectors). */
/** What has focus: its role and accessible text, for assertions that read like the screen. */
const focused = (page: Page): Promise<{ role: string | null; text: string; label: string | null }> =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      role: element?.getAttribute('role') ?? element?.tagName.toLowerCase() ?? null,
      text: (element?.textContent ?? '').trim(),
      label: element?.getAttribute('aria-label') ?? null,
    };
  });

/**
 * Waits (Radix moves focus in a timeout after some keys) until the focused element matches, then
 * checks it: its text (or, with `textContains`, part of it), label or role.
 */
const expectFocus = async (page: Page, expected: { text?: string; textContains?: string; label?: string; role?: string }): Promise<void> => {
  await page
    .waitForFunction(
      (want) => {
        const element = document.activeElement;
        const text = (element?.textContent ?? '').trim();
        return (
          (want.text === undefined || text === want.text) &&
          (want.textContains === undefined || text.includes(want.textContains)) &&
          (want.label === undefined || element?.getAttribute('aria-label') === want.label) &&
          (want.role === undefined || (element?.getAttribute('role') ?? element?.tagName.toLowerCase()) === want.role)
        );
      },
      expected,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  const { textContains, ...exact } = expected;
  const now = await focused(page);
  expect(now).toMatchObject(exact);
  if (textContains !== undefined) expect(now.text).toContain(textContains);
};

const focusIsInside = (page: Page, selector: string): Promise<boolean> =>
  page.evaluate((within) => document.querySelector(within)?.contains(document.activeElement) ?? false, selector);

/**
 * Everything put into a live region from now on, as 'politeness: text' — only regions that
 * assistive technology can reach (not inside aria-hidden, which a modal dialog puts on the rest).
 */
const recordAnnouncements = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const spoken: string[] = [];
    (window as unknown as { __spoken: string[] }).__spoken = spoken;
    new MutationObserver(() => {
      for (const region of document.querySelectorAll('[aria-live="assertive"], [aria-live="polite"], [role="status"], [role="alert"]')) {
        const text = `${region.getAttribute('aria-live') ?? region.getAttribute('role')}: ${(region.textContent ?? '').trim()}`;
        if (region.textContent?.trim() && !region.closest('[aria-hidden="true"]') && !spoken.includes(text)) spoken.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

const announcements = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);

/** A box inside the viewport (with a pixel of rounding). */
const insideViewport = async (page: Page, selector: string): Promise<boolean> => {
  const box = await page.locator(selector).boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return box.x >= -1 && box.y >= -1 && box.x + box.width <= viewport.width + 1 && box.y + box.height <= viewport.height + 1;
};

const accountMenuButton = (page: Page) => page.getByRole('button', { name: /account menu$/ });

describe('the user-status menu', () => {
  it('works with the keyboard alone: opens on its first item, arrows, Home/End and typeahead move, Escape gives focus back', async () => {
    const page = await signInAs(setup.browser, setup.portal, 'Margaret Sullivan', '/dashboard');
    const button = accountMenuButton(page);
    await button.focus();
    await expect(button.getAttribute('aria-haspopup')).resolves.toBe('menu');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');

    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Account menu' });
    await menu.waitFor();
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    await expectFocus(page, { role: 'menuitem', text: 'Membership Enrollment' });
    // The spec's items, in order, for a provider-login user (no billing customer yet).
    await expect(menu.getByRole('menuitem').allInnerTexts()).resolves.toEqual([
      'Membership Enrollment',
      'Manage Appointments',
      'Nurse Phone Messaging',
      'Patient Chart',
      'Lab Results',
      'Message Practice',
      'Primary Care Billing',
      'Switch Account',
      'Logout',
    ]);
    await expect(menu.getByRole('group', { name: 'Members Only Benefits' }).getByRole('menuitem').count()).resolves.toBe(2);

    await page.keyboard.press('ArrowDown');
    await expectFocus(page, { text: 'Manage Appointments' });
    await page.keyboard.press('End');
    await expectFocus(page, { text: 'Logout' });
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, { text: 'Membership Enrollment' });
    await page.keyboard.press('ArrowUp');
    await expectFocus(page, { text: 'Logout' });
    await page.keyboard.press('Home');
    await expectFocus(page, { text: 'Membership Enrollment' });
    await page.keyboard.type('p');
    await expectFocus(page, { text: 'Patient Chart' });
    // Radix resets the typeahead after a second of no typing; then 's' finds Switch Account.
    await page.waitForTimeout(1100);
    await page.keyboard.type('s');
    await expectFocus(page, { text: 'Switch Account' });
    // Tab does not leave an open menu.
    await page.keyboard.press('Tab');
    await expect(focusIsInside(page, '[role="menu"]')).resolves.toBe(true);

    await expect(seriousFindings(page)).resolves.toEqual([]);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expectFocus(page, { label: 'Margaret Sullivan, athenahealth, account menu' });
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');

    // Arrow Down opens it too; Enter on a portal path navigates without a page load.
    await page.keyboard.press('ArrowDown');
    await menu.waitFor();
    await page.evaluate(() => {
      (window as unknown as { __samePage: boolean }).__samePage = true;
    });
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, { text: 'Manage Appointments' });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/appointments$/);
    await menu.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).resolves.toBe(true);
    await page.close();
  }, 60_000);

  it('fits a phone screen', async () => {
    const page = await signInAs(setup.browser, setup.portal, 'Jordan Reyes', '/dashboard');
    await page.setViewportSize(PHONE);
    await accountMenuButton(page).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Account menu' }).waitFor();
    await expect(insideViewport(page, '.ui-menu__popup')).resolves.toBe(true);
    await expect(seriousFindings(page)).resolves.toEqual([]);
    await page.close();
  });
});

describe('the Concierge acknowledgment', () => {
  it('opens from the keyboard with focus inside, keeps Tab inside, and Escape cancels back to the plan', async () => {
    const page = await signInAs(setup.browser, setup.portal, 'Margaret Sullivan');
    await chooseLocation(page, 'Margaret Sullivan');
    const concierge = page.getByRole('radio', { name: 'Select Concierge Annual' });
    await concierge.focus();
    await page.keyboard.press('Space');

    const dialog = page.getByRole('dialog', { name: 'Concierge Membership' });
    await dialog.waitFor();
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    await expectFocus(page, { text: 'Cancel' });
    await page.keyboard.press('Tab');
    await expectFocus(page, { text: 'I Understand' });
    await page.keyboard.press('Tab');
    await expectFocus(page, { text: 'Cancel' });
    await page.keyboard.press('Shift+Tab');
    await expectFocus(page, { text: 'I Understand' });
    await expect(focusIsInside(page, '[role="dialog"]')).resolves.toBe(true);
    // The rest of the page is out of reach for assistive technology while it is open.
    await expect(page.locator('#portal-main').evaluate((main) => main.closest('[aria-hidden="true"]') !== null)).resolves.toBe(true);

    await expect(seriousFindings(page)).resolves.toEqual([]);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(concierge.isChecked()).resolves.toBe(false);
    await expect(concierge.evaluate((element) => element === document.activeElement)).resolves.toBe(true);

    // Again, and this time 'I Understand' applies the plan.
    await page.keyboard.press('Space');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect(concierge.isChecked()).resolves.toBe(true);
    await page.close();
  }, 60_000);

  it('fits a phone screen', async () => {
    const page = await signInAs(setup.browser, setup.portal, 'Jordan Reyes');
    await chooseLocation(page, 'Jordan Reyes');
    await page.setViewportSize(PHONE);
    await page.getByRole('radio', { name: 'Select Concierge Annual' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('dialog', { name: 'Concierge Membership' }).waitFor();
    await expect(insideViewport(page, '.ui-dialog')).resolves.toBe(true);
    await page.close();
  });
});

describe('the session-expiry warning and the toasts', () => {
  it('needs an explicit choice, keeps focus inside, and a failed extension is announced as a toast that leaves after its duration', async () => {
    const page = await signInAs(setup.browser, setup.portal, 'Margaret Sullivan', '/dashboard');
    // 50 seconds left: the warning shows (1 minute or less).
    await setup.portal.db.knex('auth_sessions').update({ absoluteExpiresAt: new Date(Date.now() + 50_000) });
    await untilApiSeesExpiry(page, setup.portal.url, 50_000);
    await page.reload();
    const dialog = page.getByRole('alertdialog', { name: 'Session Expiring Soon' });
    await dialog.waitFor();
    await expect(dialog.innerText()).resolves.toMatch(/you will be signed out in \d+ seconds unless you choose to stay signed in/);
    await expectFocus(page, { text: 'Stay Signed In' });
    await page.keyboard.press('Tab');
    await expectFocus(page, { text: 'Sign Out' });
    await page.keyboard.press('Tab');
    await expectFocus(page, { text: 'Stay Signed In' });
    // Escape does not dismiss it: the user must choose.
    await page.keyboard.press('Escape');
    await expect(dialog.isVisible()).resolves.toBe(true);
    await expect(focusIsInside(page, '[role="alertdialog"]')).resolves.toBe(true);
    await expect(seriousFindings(page)).resolves.toEqual([]);

    // The extension fails: 'Extension Failed' is announced and shown, above the dialog.
    await page.route('**/api/auth/session/extend', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"failed"}' }));
    await recordAnnouncements(page);
    // When the toast is put on the page and taken off, timed in the page: the test's own look
    // can come late on a busy machine, which would shorten what it measures.
    await page.evaluate(() => {
      const times: { shown?: number; gone?: number } = {};
      (window as unknown as { __toastTimes: typeof times }).__toastTimes = times;
      new MutationObserver(() => {
        const present = [...document.querySelectorAll('.ui-toast')].some((node) => node.textContent?.includes('Extension Failed'));
        if (present && times.shown === undefined) times.shown = performance.now();
        if (!present && times.shown !== undefined && times.gone === undefined) times.gone = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.keyboard.press('Enter');
    const toast = page.locator('.ui-toast').filter({ hasText: 'Extension Failed' });
    await toast.waitFor();
    const shownAt = Date.now();
    await expect(toast.innerText()).resolves.toContain('Your session could not be extended. Please sign in again.');
    await page.waitForFunction(() => (window as unknown as { __spoken: string[] }).__spoken.some((text) => text.includes('Extension Failed')));
    await expect(announcements(page)).resolves.toContain('assertive: Notification Extension Failed Your session could not be extended. Please sign in again.');
    // The default duration is 5 seconds: still there after 4, gone soon after 5.
    await page.waitForTimeout(Math.max(0, 4_000 - (Date.now() - shownAt)));
    await expect(toast.isVisible()).resolves.toBe(true);
    await toast.waitFor({ state: 'detached', timeout: 4_000 });
    const times = await page.evaluate(() => (window as unknown as { __toastTimes: { shown?: number; gone?: number } }).__toastTimes);
    expect(times.gone! - times.shown!).toBeGreaterThanOrEqual(5_000);
    await page.close();
  }, 90_000);

  it('lets the keyboard reach a toast with F8 and close it', async () => {
    const page = await signInAs(setup.browser, setup.portal, 'Jordan Reyes', '/dashboard');
    await page.getByRole('button', { name: /account menu$/ }).focus();
    // A destructive toast as the billing menu item raises it (toast() is a window event).
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('portal:toast', {
          detail: { id: 'toast-e2e', title: 'Membership Billing Unavailable', description: 'The billing portal could not be opened. Please try again.', variant: 'destructive', duration: 60_000 },
        }),
      ),
    );
    const toast = page.locator('.ui-toast').filter({ hasText: 'Membership Billing Unavailable' });
    await toast.waitFor();
    await page.keyboard.press('F8');
    await expect(focusIsInside(page, '[role="region"][aria-label="Notifications (F8)"]')).resolves.toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expectFocus(page, { label: 'Close notification' });
    await expect(seriousFindings(page)).resolves.toEqual([]);
    await page.keyboard.press('Enter');
    await toast.waitFor({ state: 'detached' });

    await page.setViewportSize(PHONE);
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('portal:toast', { detail: { id: 'toast-e2e-2', title: 'Payment Successful', description: 'Your membership is now active!', variant: 'default', duration: 60_000 } }),
      ),
    );
    await page.locator('.ui-toast').filter({ hasText: 'Payment Successful' }).waitFor();
    await page.waitForTimeout(300);
    await expect(insideViewport(page, '.ui-toast')).resolves.toBe(true);
    await page.close();
  });
});

describe('a guest', () => {
  it("reads why Nurse Phone Messaging is disabled, and moves through the enrollment form's sections with the keyboard", async () => {
    const page = await setup.browser.newPage(DESKTOP);
    await page.context().clearCookies();
    await verifyGuestInBrowser(page, setup.portal, 'primitives.guest@example.com', '4015550188');
    await page.goto(`${setup.portal.url}/dashboard`);
    const button = accountMenuButton(page);
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Account menu' });
    await menu.waitFor();
    const nurse = menu.getByRole('menuitem', { name: 'Nurse Phone Messaging' });
    await expect(nurse.getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(nurse.evaluate((element) => element.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent).join(' | '))).resolves.toContain(
      'Sign in with athenahealth credentials to access',
    );
    // Disabled, but reachable with the arrows (so the reason can be read), and choosing it does nothing.
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, { text: 'Manage Appointments' });
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, { text: 'Nurse Phone Messaging' });
    await expect(menu.getByText('Sign in with athenahealth credentials to access').isVisible()).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect(menu.isVisible()).resolves.toBe(true);
    await expect(menu.getByRole('group', { name: 'Patient Portal' }).getByRole('menuitem').first().getAttribute('aria-describedby')).resolves.toBeTruthy();
    await expect(menu.getByText('Portal credentials required').isVisible()).resolves.toBe(true);
    await expect(seriousFindings(page)).resolves.toEqual([]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await page.goto(`${setup.portal.url}/enrollment`);
    const status = page.getByRole('button', { name: 'Patient Status' });
    await status.waitFor();
    await expect(status.getAttribute('aria-expanded')).resolves.toBe('true');
    await status.focus();
    await page.keyboard.press('Enter');
    await expect(status.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByRole('radio', { name: /Existing patient/ }).count()).resolves.toBe(0);
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, { textContains: 'Patient Information' });
    await page.keyboard.press('End');
    await expectFocus(page, { textContains: 'Membership Tiers' });
    await page.keyboard.press('Home');
    await page.keyboard.press('Space');
    await expect(status.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.getByRole('region', { name: 'Patient Status' }).getByRole('radio', { name: /Existing patient/ }).count()).resolves.toBe(1);
    await expect(seriousFindings(page)).resolves.toEqual([]);
    await page.close();
  }, 90_000);
});
