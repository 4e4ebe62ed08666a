/**
 * A route's opening words in the page's HTML (issue 15, decision 0047), in a real browser against
 * the built portal. For every route whose built manifest declares a firstPaint, on a phone and a
 * desktop:
 * - with no JavaScript at all, the page already shows the header's title and description (for a
 *   hero, /login: its title and body, on the phone; on the desktop, where the hero stands beside the
 *   sign-in options, the plain skeleton);
 * - with JavaScript, the screen's own header or hero (React's) says the same words in the same
 *   place, so the swap is not seen: the title and description keep their position and size.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import type { Page } from '../../../tools/src/testing/browser.ts';
import { portalInBrowser } from '../../../tools/src/testing/browser-portal.ts';

const FRONTENDS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Declared {
  readonly remote: string;
  readonly path: string;
  readonly firstPaint: { readonly title: string; readonly description?: string; readonly lead?: string; readonly column?: string };
}

/** The routes with a first paint, from the built manifests (what the API serves). */
const declared: Declared[] = readdirSync(FRONTENDS)
  .filter((name) => existsSync(path.join(FRONTENDS, name, 'dist', 'manifest.json')))
  .flatMap((remote) => {
    const manifest = JSON.parse(readFileSync(path.join(FRONTENDS, remote, 'dist', 'manifest.json'), 'utf8')) as { routes: Array<Omit<Declared, 'remote'> & { firstPaint?: Declared['firstPaint'] }> };
    return manifest.routes.filter((route) => route.firstPaint !== undefined).map((route) => ({ remote, path: route.path, firstPaint: route.firstPaint! }));
  });

const setup = portalInBrowser({ worker: false });

/** The tablet is below 64rem, where /login's Split still stacks, and wider than the skeleton's usual (md) column. */
const VIEWPORTS = { phone: { width: 360, height: 800 }, tablet: { width: 1000, height: 900 }, desktop: { width: 1280, height: 900 } } as const;

interface Drawn {
  readonly title: string;
  readonly description: string | null;
  /** The boxes of the title and description, rounded to the pixel. */
  readonly boxes: number[][];
}

/** A page header's parts, or a hero's. */
const PARTS = {
  header: { root: 'header.ui-page-header', title: '.ui-page-header__title', description: '.ui-page-header__description' },
  hero: { root: '.ui-hero', title: '.ui-hero__title', description: '.ui-hero__body' },
  // The description's first paragraph: the practice's contact line joins it when its answer comes.
  empty: { root: '.ui-empty', title: '.ui-empty__title', description: '.ui-empty__description p' },
} as const;
type Kind = keyof typeof PARTS;
const kindOf = (route: Declared): Kind => (route.firstPaint.column === 'hero' || route.firstPaint.column === 'empty' ? route.firstPaint.column : 'header');
/** The words a route's first paint shows below its title: the description, after a hero's lead. */
const wordsOf = (route: Declared): string | null =>
  [route.firstPaint.lead, route.firstPaint.description].filter((text) => text !== undefined).join('') || null;

/** The visible page header or hero inside `scope` (the skeleton, or the micro-frontend's root). */
const openingIn = (page: Page, scope: string, kind: Kind): Promise<Drawn> =>
  page.locator(`${scope} ${PARTS[kind].root}`).first().evaluate((root, parts) => {
    const box = (element: Element | null) => {
      if (element === null) return [];
      const rect = element.getBoundingClientRect();
      return [rect.x, rect.y + window.scrollY, rect.width, rect.height].map(Math.round);
    };
    const title = root.querySelector(parts.title);
    const description = root.querySelector(parts.description);
    return { title: title?.textContent ?? '', description: description?.textContent ?? null, boxes: [box(title), box(description)] };
  }, PARTS[kind]);

/**
 * Booking's routes are a member's (signed in through the health record's login); the guest page is
 * a signed-out visitor's (a signed-in one is sent to the dashboard). The pages share the cookies.
 */
const visitAs = async (member: boolean): Promise<void> => {
  await setup.browser.browser.clearCookies();
  if (!member) return;
  const page = await setup.browser.newPage();
  await page.goto(`${setup.portal.url}/login`);
  await page.getByRole('button', { name: 'Sign in with athenahealth' }).click();
  await page.getByRole('button', { name: 'Sign in as Margaret Sullivan' }).click();
  await page.waitForURL(`${setup.portal.url}/dashboard`);
  await page.close();
};

describe("a route's page header drawn in the HTML", () => {
  it('is declared by the booking screen, the guest verification page, the sign-in page, the redirects to it and the signed-out page', () => {
    expect(declared.map((route) => route.path).sort()).toEqual([
      '/appointment-auth',
      '/appointments',
      '/appointments/booking',
      '/enrollment-auth',
      '/guest-login',
      '/login',
      '/login-old',
      '/logout-confirmation',
    ]);
  });

  it("is not drawn on the guest page for a member, who is sent to the dashboard, nor for a reschedule", async () => {
    const page = async (pathname: string): Promise<string> => (await setup.browser.browser.request.get(`${setup.portal.url}${pathname}`)).text();
    await visitAs(false);
    expect(await page('/guest-login')).toContain('<h1 class="ui-page-header__title">Guest Verification</h1>');
    expect(await page('/login')).toContain('<h1 class="ui-hero__title">Welcome to the Member Portal</h1>');
    expect(await page('/login?logout=expired')).not.toContain('ui-hero');
    await visitAs(true);
    expect(await page('/guest-login')).not.toContain('ui-page-header');
    expect(await page('/login')).not.toContain('ui-hero');
    expect(await page('/appointments')).toContain('<h1 class="ui-page-header__title">Book an Appointment</h1>');
    expect(await page('/appointments?reschedule=1')).not.toContain('ui-page-header');
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows before any JavaScript and is where the screen draws its own, on a ${size}`, async () => {
      let signedIn: boolean | null = null;
      for (const route of declared) {
        const member = route.remote === 'booking';
        if (member !== signedIn) await visitAs((signedIn = member));
        const kind = kindOf(route);
        const before = await setup.browser.newPage(viewport);
        await before.route('**/*.js', (request) => request.abort());
        await before.goto(`${setup.portal.url}${route.path}`);
        if (kind === 'hero' && size === 'desktop') {
          // Beside the sign-in options the hero's height is theirs: the plain skeleton shows instead.
          await expect(before.locator('.portal-skeleton .ui-hero').isVisible()).resolves.toBe(false);
          await expect(before.locator('.portal-skeleton .portal-skeleton__title').isVisible()).resolves.toBe(true);
          await before.close();
          continue;
        }
        const drawn = await openingIn(before, '.portal-skeleton', kind);
        expect({ route: route.path, title: drawn.title, description: drawn.description }).toEqual({
          route: route.path,
          title: route.firstPaint.title,
          description: wordsOf(route),
        });
        await expect(before.locator(`.portal-skeleton ${PARTS[kind].title}`).isVisible()).resolves.toBe(true);
        await before.close();

        const after = await setup.browser.newPage(viewport);
        await after.goto(`${setup.portal.url}${route.path}`);
        await after.locator(`.portal-app h1${PARTS[kind].title}`).waitFor();
        const own = await openingIn(after, '.portal-app', kind);
        expect({ route: route.path, ...own }).toEqual({ route: route.path, ...drawn });
        await after.close();
      }
    }, 120_000);
  }
});
