/**
 * The pseudo-locale walk (issue 26): with `__PORTAL_PSEUDO_LOCALE__` on, every text a catalog gives is
 * drawn accented, 40 % longer and between ⟦ ⟧ (frontends/i18n/src/pseudo.ts). Page by page at 360 px
 * — /login, /guest-login and its code step, a member's dashboard, enrollment's practice location and
 * tier steps, booking's location, provider, type and schedule steps, the 404 page — no visible text
 * or accessible name escapes the catalogs (pseudo-walk.ts escapedTexts, bar the data ALLOWED lists),
 * and nothing spills past the phone's width (overflowing). Controls are found by their pseudo text
 * (spanish-catalogs.ts `pseudo`), so a control whose words escaped the catalog fails to be found.
 */
import { describe, expect, it } from '@jest/globals';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import type { Page } from '../src/testing/browser.ts';
import { portalInBrowser } from '../src/testing/browser-portal.ts';
import { paidEnrollment, signedEnrollment, signedInForEnrollment } from '../src/testing/enrollment-flow.ts';
import { escapedTexts, overflowing, withPseudoLocale } from '../src/testing/pseudo-walk.ts';
import { pseudo, SPANISH_COOKIE } from '../src/testing/spanish-catalogs.ts';

const setup = portalInBrowser();
const PHONE = { width: 360, height: 800 };
const LOAD = { timeout: 15_000 };

/**
 * Data, not words: what a page may show outside the catalogs. Each entry is whole-text (anchored),
 * so a sentence that merely contains a name still counts as escaped.
 */
const ALLOWED: readonly RegExp[] = [
  // The practice's name (the brand) and its locations' names and addresses (config/practice.json, the footer).
  /^MDRI Primary Care$/,
  /^© \d{4} MDRI Primary Care$/,
  /^(Valley Family Practice|Bay Primary Care|Cherry Hill Medical)$/,
  /^\d+ [A-Z][a-z]+( [A-Z][a-z]+)* (Avenue|Road|Street)$/,
  /^(Lincoln|Warwick|Johnston|RI)$/,
  // Phone numbers and the front desk's email.
  /^\(\d{3}\) \d{3}-\d{4}$/,
  /^[\w.+-]+@[\w.-]+\.[a-z]+$/,
  // The sandbox's people (the signed-in member, the contact radio) and providers, as athenahealth names them.
  /^(Margaret Sullivan|Jordan Reyes|MS|JR)$/,
  /^[A-Z][a-z]+ [A-Z][A-Za-z'’-]+, (MD|DO|NP|PA-C)$/,
  // The sign-in's provider, a brand (the badge beside the member's name).
  /^athenahealth$/,
  // The practice's appointment types, from athenahealth's record, shown as the practice names them.
  // (Its providers' specialties go through booking's catalog, `provider.specialty`.)
  /^(Office Visit|Telehealth|Follow-up|Consultation|Annual Physical)$/,
  // A date standing alone as a value (a definition list's), written by Intl.
  /^\d{1,2} de [a-z]+ de \d{4}$/,
  // The tiers' names as the practice names them (docs/spanish-glossary.md), and a subscription's
  // product name as Stripe keeps it.
  /^(Enhanced|Concierge)$/,
  /^(Enhanced|Concierge) (Annual|6 Month)$/,
  // The language switch names each language in itself (English | Español), by design.
  /^(English|Español)$/,
];

/**
 * Not marked, not escaped: the human check's widget (the sandbox's imitation of Turnstile, which words
 * itself as the provider would); the subscription id's last characters on the dashboard (an
 * identifier); and index.html's data-i18n texts (the skip link), which the API draws from the shell's
 * catalogs before any script runs, so they cannot carry the runtime's mark.
 */
const THIRD_PARTY = '.sbx-ts, .dash-subid, [data-i18n]';

/** The page as a phone shows it now: what escaped the catalogs and what spills sideways. */
const walk = async (page: Page, name: string, found: string[]): Promise<void> => {
  // The footer is drawn by its lazy chunk when it nears the viewport (before: index.html's first paint).
  await page.locator('#portal-footer').scrollIntoViewIfNeeded();
  await page.locator('footer .portal-language').waitFor(LOAD);
  const escaped = await escapedTexts(page, ALLOWED, THIRD_PARTY);
  const overflow = await overflowing(page);
  for (const { where, text } of escaped) found.push(`${name}: ${where} '${text}'`);
  for (const spill of overflow) found.push(`${name}: overflows, ${spill}`);
  if (process.env['SPANISH_SHOTS']) await page.screenshot({ path: `${process.env['SPANISH_SHOTS']}/pseudo-${name}.png`, fullPage: true });
};

/** Spanish (the portal_lang cookie) pseudo-localized: every text a Spanish patient reads goes through a catalog, marked. */
const spanishCookies = async (): Promise<void> => {
  await setup.browser.browser.clearCookies();
  await setup.browser.browser.addCookies([{ ...SPANISH_COOKIE, url: setup.portal.url }]);
};

const pseudoPage = async (): Promise<Page> => {
  await spanishCookies();
  const page = await setup.browser.newPage(PHONE);
  await withPseudoLocale(page);
  return page;
};

/** athenahealth's sign-in (the sandbox's page, its own English) as `person`, back on `returnPath`. */
const signIn = async (page: Page, person: string, returnPath: string): Promise<void> => {
  await page.goto(`${setup.portal.url}/login?return=${returnPath}`);
  await page.getByRole('button', { name: pseudo.identity('login.provider.signIn') }).click();
  await page.getByRole('button', { name: `Sign in as ${person}` }).click();
  await page.waitForURL(new RegExp(`${returnPath}$`), LOAD);
};

describe('the pseudo-locale at 360 px', () => {
  it('no text escapes the catalogs and nothing overflows, page by page', async () => {
    const found: string[] = [];
    // Margaret is a paid member (booking asks Stripe's subscriptions), over HTTP while the first pages are walked.
    const member = (async () => {
      const api = await signedInForEnrollment(setup.portal.url, PATIENT_IDS.margaret);
      await paidEnrollment(setup.portal.url, setup.portal.sandbox.url, api, await signedEnrollment(setup.portal.url, api, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan'));
    })();
    member.catch(() => undefined);

    const page = await pseudoPage();
    await page.goto(`${setup.portal.url}/login`);
    await page.getByRole('button', { name: pseudo.identity('login.provider.signIn') }).waitFor(LOAD);
    await page.locator('#portal-footer').scrollIntoViewIfNeeded();
    await page.locator('footer .portal-language').waitFor(LOAD);
    await walk(page, 'login', found);

    await page.goto(`${setup.portal.url}/guest-login`);
    const email = page.getByRole('textbox', { name: pseudo.ui('field.email') });
    await email.fill('pseudo.walk@example.com');
    await page.getByText(pseudo.ui('securityCheck.verified')).waitFor(LOAD);
    await walk(page, 'guest-login', found);
    await page.getByRole('button', { name: pseudo.identity('guest.sendCode') }).click();
    await page.getByRole('heading', { name: pseudo.identity('email.sent.title') }).waitFor(LOAD);
    await walk(page, 'guest-login-code', found);

    await page.goto(`${setup.portal.url}/no-such-page`);
    await page.locator('#portal-main h1').first().waitFor(LOAD);
    await walk(page, '404', found);

    // Jordan: a member-to-be, for the enrollment steps.
    await spanishCookies();
    await signIn(page, 'Jordan Reyes', '/enrollment/practice-location');
    await page.getByRole('combobox', { name: pseudo.enrollment('location.label') }).waitFor(LOAD);
    await walk(page, 'enrollment-practice-location', found);
    await page.getByRole('combobox', { name: pseudo.enrollment('location.label') }).selectOption({ label: 'Valley Family Practice' });
    await page.getByRole('combobox', { name: pseudo.enrollment('medicare.label') }).selectOption({ label: pseudo.enrollment('medicare.option', { value: 'no' }) });
    const contact = page.getByRole('radio', { name: 'Jordan Reyes' });
    if (!(await contact.isChecked())) await contact.check();
    await page.getByRole('button', { name: pseudo.enrollment('common.continue') }).click();
    await page.getByRole('heading', { name: pseudo.enrollment('tierPage.title') }).waitFor(LOAD);
    await walk(page, 'enrollment-tier', found);

    // Margaret: the dashboard and booking's steps.
    await member;
    await spanishCookies();
    await signIn(page, 'Margaret Sullivan', '/dashboard');
    await page.getByRole('region', { name: pseudo.dashboard('upcoming.title') }).waitFor(LOAD);
    await page.waitForLoadState('networkidle');
    await walk(page, 'dashboard', found);

    await page.goto(`${setup.portal.url}/appointments/booking`);
    await page.getByRole('heading', { name: pseudo.booking('location.heading') }).waitFor(LOAD);
    await walk(page, 'booking-location', found);
    await page.getByRole('combobox', { name: pseudo.booking('location.field') }).selectOption({ label: 'Valley Family Practice' });
    await page.getByRole('button', { name: pseudo.booking('location.continue') }).click();
    await page.getByRole('button', { name: pseudo.booking('provider.noPreference') }).waitFor(LOAD);
    await walk(page, 'booking-provider', found);
    await page.getByRole('button', { name: pseudo.booking('provider.noPreference') }).click();
    await page.getByRole('button', { name: 'Office Visit' }).waitFor(LOAD);
    await walk(page, 'booking-type', found);
    await page.getByRole('button', { name: 'Office Visit' }).click();
    await page.getByRole('heading', { name: pseudo.booking('schedule.heading') }).waitFor(LOAD);
    await page.getByRole('radiogroup', { name: pseudo.booking('schedule.availableTimes') }).getByRole('radio').first().waitFor(LOAD);
    await walk(page, 'booking-schedule', found);

    expect(found).toEqual([]);
    await page.close();
  }, 120_000);
});
