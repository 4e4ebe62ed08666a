/**
 * A route's page header drawn in the page's HTML (decision 0047): the markup PageHeader draws,
 * in place of the skeleton's title and lines, escaped, and only when the manifest's firstPaint is
 * well formed and the request has none of its `unlessQuery` parameters.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { EmptyState } from '../../../../frontends/ui/src/EmptyState.tsx';
import { Hero } from '../../../../frontends/ui/src/Hero.tsx';
import { PageHeader } from '../../../../frontends/ui/src/PageHeader.tsx';
import bookingManifest from '../../../../frontends/booking/src/manifest.ts';
import identityManifest from '../../../../frontends/identity/src/manifest.ts';
import { firstPaintHtml, renderPage, type PageRequest } from './frontends.ts';

const FRONTENDS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'frontends');
const SOURCE_INDEX = readFileSync(path.join(FRONTENDS, 'shell', 'src', 'index.html'), 'utf8');
/** The skeleton as the build's minifier writes it (frontends/shell/dist/index.html). */
const BUILT_INDEX =
  '<!doctype html><html lang=en><head><script src=/remotes.js></script></head><body><main id=portal-main><div class=portal-skeleton data-prerendered aria-hidden=true><div class="ui-container ui-container--md portal-skeleton__inner"><div class=portal-skeleton__title></div><div class=portal-skeleton__line></div><div class="portal-skeleton__line portal-skeleton__line--short"></div><div class=portal-skeleton__card></div></div></div></main></body></html>';

const declared = (manifest: { routes: readonly { path: string; firstPaint?: unknown }[] }, routePath: string): Record<string, unknown> => {
  const found = manifest.routes.find((route) => route.path === routePath)?.firstPaint;
  if (found === undefined) throw new Error(`${routePath} declares no firstPaint`);
  return found as Record<string, unknown>;
};

/** A page request with this query string, signed out unless said. */
const asked = (query = '', signedIn = false): PageRequest => ({ query: new URLSearchParams(query), signedIn });

/** The header element of a first paint's markup. */
const headerOf = (html: string): string => /<header[\s\S]*<\/header>/.exec(html)![0];
/** PageHeader's markup without its focus target (the pre-drawn copy is aria-hidden, never focused). */
const pageHeader = (title: string, description: ReactNode): string =>
  renderToStaticMarkup(<PageHeader title={title} description={description} />).replace(' tabindex="-1"', '');

/** Hero's markup without what only React's copy needs (its id for the landmark's name, its focus target). */
const hero = (title: string, children: ReactNode): string =>
  renderToStaticMarkup(<Hero title={title}>{children}</Hero>)
    .replace(' aria-labelledby="ui-hero-title"', '')
    .replace(' id="ui-hero-title"', '')
    .replace(' tabindex="-1"', '');

describe('firstPaintHtml', () => {
  it("draws booking's header as BookingPage's PageHeader draws it, below a back link's place", () => {
    const firstPaint = declared(bookingManifest, '/appointments');
    const html = firstPaintHtml(firstPaint, asked())!;
    expect(headerOf(html)).toBe(pageHeader(firstPaint.title as string, <p>{firstPaint.description as string}</p>));
    expect(html).toMatch(/^<div class="portal-first-paint"><div><span class="portal-skeleton__back"><\/span><\/div><header/);
  });

  it("draws the guest page's header in the sign-in column", () => {
    const html = firstPaintHtml(declared(identityManifest, '/guest-login'), asked('return=/appointments'))!;
    expect(html).toMatch(/^<div class="portal-first-paint portal-first-paint--auth">/);
    expect(html).toContain('<h1 class="ui-page-header__title">Guest Verification</h1>');
  });

  it("draws the sign-in page's hero as LoginPage's Hero draws it, and the skeleton's plain lines for wide screens", () => {
    const firstPaint = declared(identityManifest, '/login');
    const html = firstPaintHtml(firstPaint, asked('return=/appointments'))!;
    const drawn = /<section[\s\S]*<\/section>/.exec(html)![0];
    expect(drawn).toBe(
      hero(
        firstPaint.title as string,
        <>
          <p>
            <strong>{firstPaint.lead as string}</strong>
          </p>
          <p>{firstPaint.description as string}</p>
        </>,
      ),
    );
    expect(html).toMatch(/^<div class="portal-first-paint portal-first-paint--hero"><section/);
    expect(html).toMatch(/<\/section><\/div><div class="portal-first-paint__wide"><div class="portal-skeleton__title"><\/div>/);
  });

  it('draws the hero in the page\'s language, and not with a notice above it or for a member', () => {
    const spanish = (english: string): string => (identityManifest.translations['es-US'] as Record<string, string>)[english] ?? english;
    const html = firstPaintHtml(declared(identityManifest, '/login'), asked(), spanish)!;
    expect(html).toContain('<h1 class="ui-hero__title">Le damos la bienvenida al Portal para miembros</h1>');
    expect(html).toContain('<p><strong>Atención primaria personal para las familias de Rhode Island, cerca de casa.</strong></p>');
    for (const query of ['logout=expired', 'logout=success', 'auth=error', 'message=Hello']) expect(firstPaintHtml(declared(identityManifest, '/login'), asked(query))).toBeNull();
    expect(firstPaintHtml(declared(identityManifest, '/login'), asked('', true))).toBeNull();
  });

  it("draws the signed-out message as LogoutConfirmationPage's EmptyState draws it, its icon's place kept and no card below", () => {
    const firstPaint = declared(identityManifest, '/logout-confirmation');
    const html = firstPaintHtml(firstPaint, asked())!;
    // React's copy has the check mark inside the icon's circle and its description in a Stack with a gap (one paragraph: no gap to keep).
    const drawn = renderToStaticMarkup(
      <EmptyState headingLevel={1} icon={<svg />} title={firstPaint.title as string} description={<div className="ui-stack"><p>{firstPaint.description as string}</p></div>} />,
    )
      .replace('<svg></svg>', '')
      .replace(' tabindex="-1"', '');
    expect(html).toBe(`<div class="portal-first-paint portal-first-paint--empty">${drawn}</div>`);
  });

  it('draws nothing for a reschedule, whose screen opens with other words', () => {
    expect(firstPaintHtml(declared(bookingManifest, '/appointments'), asked('reschedule=abc'))).toBeNull();
  });

  it('draws the guest page for a visitor without a session only (a member is sent to the dashboard); booking for both', () => {
    expect(firstPaintHtml(declared(identityManifest, '/guest-login'), asked('', true))).toBeNull();
    expect(firstPaintHtml(declared(bookingManifest, '/appointments'), asked('', true))).not.toBeNull();
    expect(firstPaintHtml(declared(bookingManifest, '/appointments'), asked('', false))).not.toBeNull();
  });

  it('escapes the text, and draws nothing for a firstPaint of the wrong shape', () => {
    const html = firstPaintHtml({ title: 'Book </h1><script>alert(1)</script>', description: 'a & b' }, asked())!;
    expect(html).not.toContain('<script>');
    expect(html).toContain('Book &lt;/h1&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<p>a &amp; b</p>');
    for (const wrong of [null, 'Book', { title: 7 }, { title: '' }, { title: 'x'.repeat(61) }, { title: 'Book', description: 3 }, { title: 'Hi', column: 'hero', lead: 'x'.repeat(301) }]) {
      expect(firstPaintHtml(wrong, asked())).toBeNull();
    }
  });
});

describe('renderPage with a first paint', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-first-paint-'));
    for (const manifest of [bookingManifest, identityManifest]) {
      mkdirSync(path.join(dir, manifest.name, 'dist'), { recursive: true });
      writeFileSync(path.join(dir, manifest.name, 'dist', 'manifest.json'), JSON.stringify(manifest));
      writeFileSync(path.join(dir, manifest.name, 'dist', 'remoteEntry.js'), '');
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['the source page', SOURCE_INDEX],
    ['the built page', BUILT_INDEX],
  ])("puts the route's header in place of the skeleton's title and lines in %s, keeping the card's place", (_name, index) => {
    const { html } = renderPage(dir, [], index, '/appointments');
    expect(html).toContain('<h1 class="ui-page-header__title">Book an Appointment</h1>');
    expect(html).not.toMatch(/portal-skeleton__title|portal-skeleton__line/);
    expect(html).toMatch(/<\/header><\/div>\s*<div class=(?:"portal-skeleton__card"|portal-skeleton__card)><\/div>/);
    // Still inside the skeleton, which is hidden from assistive technology and goes when React draws.
    expect(html.indexOf('aria-hidden')).toBeLessThan(html.indexOf('ui-page-header__title'));
  });

  it('leaves the skeleton as it is on a route without a first paint, and on a reschedule', () => {
    for (const [pathname, query] of [
      ['/login', 'logout=expired'],
      ['/login-old', 'auth=error'],
      ['/nowhere', ''],
      ['/appointments', 'reschedule=abc'],
    ] as const) {
      const { html } = renderPage(dir, [], BUILT_INDEX, pathname, asked(query));
      expect(html).toContain('<div class=portal-skeleton__title></div>');
      expect(html).not.toContain('ui-page-header');
    }
  });
});
