/**
 * A route's page header in the page's HTML (issue 15, decision 0047), in a real browser against
 * the built portal. For every route whose built manifest declares a firstPaint, on a phone and a
 * desktop:
 * - with no JavaScript at all, the page already shows the header's title and description;
 * - with JavaScript, the screen's own header (React's) says the same words in the same place, so
 *   the swap is not seen: the title and description keep their position and size.
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
  readonly firstPaint: { readonly title: string; readonly description?: string };
}

/** The routes with a first paint, from the built manifests (what the API serves). */
const declared: Declared[] = readdirSync(FRONTENDS)
  .filter((name) => existsSync(path.join(FRONTENDS, name, 'dist', 'manifest.json')))
  .flatMap((remote) => {
    const manifest = JSON.parse(readFileSync(path.join(FRONTENDS, remote, 'dist', 'manifest.json'), 'utf8')) as { routes: Array<Omit<Declared, 'remote'> & { firstPaint?: Declared['firstPaint'] }> };
    return manifest.routes.filter((route) => route.firstPaint !== undefined).map((route) => ({ remote, path: route.path, firstPaint: route.firstPaint! }));
  });

const setup = portalInBrowser({ worker: false });

const VIEWPORTS = { phone: { width: 360, height: 800 }, desktop: { width: 1280, height: 900 } } as const;

interface Drawn {
  readonly title: string;
  readonly description: string | null;
  /** The boxes of the title and description, rounded to the pixel. */
  readonly boxes: number[][];
}

/** The visible page header inside `scope` (the skeleton, or the micro-frontend's root). */
const headerIn = (page: Page, scope: string): Promise<Drawn> =>
  page.locator(`${scope} header.ui-page-header`).first().evaluate((header) => {
    const box = (element: Element | null) => {
      if (element === null) return [];
      const rect = element.getBoundingClientRect();
      return [rect.x, rect.y + window.scrollY, rect.width, rect.height].map(Math.round);
    };
    const title = header.querySelector('.ui-page-header__title');
    const description = header.querySelector('.ui-page-header__description');
    return { title: title?.textContent ?? '', description: description?.textContent ?? null, boxes: [box(title), box(description)] };
  });

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
  it('is declared by the booking screen and the guest verification page', () => {
    expect(declared.map((route) => route.path).sort()).toEqual(['/appointments', '/appointments/booking', '/guest-login']);
  });

  it("is not drawn on the guest page for a member, who is sent to the dashboard, nor for a reschedule", async () => {
    const page = async (pathname: string): Promise<string> => (await setup.browser.browser.request.get(`${setup.portal.url}${pathname}`)).text();
    await visitAs(false);
    expect(await page('/guest-login')).toContain('<h1 class="ui-page-header__title">Guest Verification</h1>');
    await visitAs(true);
    expect(await page('/guest-login')).not.toContain('ui-page-header');
    expect(await page('/appointments')).toContain('<h1 class="ui-page-header__title">Book an Appointment</h1>');
    expect(await page('/appointments?reschedule=1')).not.toContain('ui-page-header');
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows before any JavaScript and is where the screen draws its own, on a ${size}`, async () => {
      let signedIn: boolean | null = null;
      for (const route of declared) {
        const member = route.remote === 'booking';
        if (member !== signedIn) await visitAs((signedIn = member));
        const before = await setup.browser.newPage(viewport);
        await before.route('**/*.js', (request) => request.abort());
        await before.goto(`${setup.portal.url}${route.path}`);
        const drawn = await headerIn(before, '.portal-skeleton');
        expect({ route: route.path, title: drawn.title, description: drawn.description }).toEqual({
          route: route.path,
          title: route.firstPaint.title,
          description: route.firstPaint.description ?? null,
        });
        await expect(before.locator('.portal-skeleton .ui-page-header__title').isVisible()).resolves.toBe(true);
        await before.close();

        const after = await setup.browser.newPage(viewport);
        await after.goto(`${setup.portal.url}${route.path}`);
        await after.locator('.portal-app h1.ui-page-header__title').waitFor();
        const own = await headerIn(after, '.portal-app');
        expect({ route: route.path, ...own }).toEqual({ route: route.path, ...drawn });
        await after.close();
      }
    }, 90_000);
  }
});
