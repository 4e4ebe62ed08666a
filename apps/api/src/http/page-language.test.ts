/**
 * The page in the request's language (issue 26, decisions 0047 and 0057): `<html lang>`, the
 * shell's marked static texts from its Spanish catalog, and the route's first paint from its
 * remote's manifest translations. An English request gets the page exactly as before.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Koa from 'koa';
import identityManifest from '../../../../frontends/identity/src/manifest.ts';
import { frontends, renderPage, type PageRequest } from './frontends.ts';
import { manifestTranslator, placeholderValues, shellCatalogs, translateStaticTexts, translatedText, withLang, type ShellCatalogs } from './page-language.ts';
import { requestLocaleMiddleware } from './request-locale.ts';

const FRONTENDS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'frontends');
const SOURCE_INDEX = readFileSync(path.join(FRONTENDS, 'shell', 'src', 'index.html'), 'utf8');

/** A fixture page as the source writes it and as the minifier leaves it (unquoted values, no closing </p>). */
const FIXTURE_SOURCE =
  '<!doctype html>\n<html lang="en">\n<head><title data-i18n="header.defaultTitle">Member Portal</title><meta name="description" data-i18n-content="page.description" content="Member portal: enrollment."><script src="/remotes.js"></script></head>\n' +
  '<body><a class="portal-skip-link" href="#portal-main" data-i18n="page.skipLink">Skip to main content</a>' +
  '<a href="/" class="portal-brand" aria-label="MDRI Primary Care Member Portal, home" data-i18n-aria-label="header.home"><span class="portal-brand__practice">MDRI Primary Care</span><span class="portal-brand__title" data-i18n="header.defaultTitle">Member Portal</span></a>' +
  '<main id="portal-main"><div class="portal-skeleton" data-prerendered aria-hidden="true"><div class="portal-skeleton__title"></div>\n<div class="portal-skeleton__line"></div>\n<div class="portal-skeleton__line portal-skeleton__line--short"></div><div class="portal-skeleton__card"></div></div></main>' +
  '<p class="portal-footer__tagline" data-i18n="footer.tagline">Close to home &amp; family.</p><p data-i18n="footer.unknown">Not in the catalog.</p><p data-i18n="footer.count">3 locations</p>' +
  '<noscript><p data-i18n="page.noscript">\n  The member portal needs JavaScript.\n</p></noscript></body></html>';
const FIXTURE_BUILT =
  '<!doctype html><html lang=en><head><title data-i18n=header.defaultTitle>Member Portal</title><meta name=description data-i18n-content=page.description content="Member portal: enrollment."><script src=/remotes.js></script></head>' +
  '<body><a class=portal-skip-link href=#portal-main data-i18n=page.skipLink>Skip to main content</a>' +
  '<a href=/ class=portal-brand aria-label="MDRI Primary Care Member Portal, home" data-i18n-aria-label=header.home><span class=portal-brand__practice>MDRI Primary Care</span><span class=portal-brand__title data-i18n=header.defaultTitle>Member Portal</span></a>' +
  '<main id=portal-main><div class=portal-skeleton data-prerendered aria-hidden=true><div class=portal-skeleton__title></div><div class=portal-skeleton__line></div><div class="portal-skeleton__line portal-skeleton__line--short"></div><div class=portal-skeleton__card></div></div></main>' +
  '<p class=portal-footer__tagline data-i18n=footer.tagline>Close to home &amp; family.<p data-i18n=footer.unknown>Not in the catalog.<p data-i18n=footer.count>3 locations</div>' +
  '<noscript><p data-i18n="page.noscript">The member portal needs JavaScript.</p></noscript></body></html>';

const EN = {
  'header.defaultTitle': 'Member Portal',
  'header.home': '{practice} {title}, home',
  'page.skipLink': 'Skip to main content',
  'page.description': 'Member portal: enrollment.',
  'page.noscript': 'The member portal needs JavaScript.',
  'footer.tagline': 'Close to home & family.',
  'footer.count': '{count, plural, one {# location} other {# locations}}',
};
const ES = {
  'header.defaultTitle': 'Portal para miembros',
  'header.home': '{practice} {title}, inicio',
  'page.skipLink': 'Saltar al contenido principal',
  'page.description': 'Portal para miembros: inscripción.',
  'page.noscript': 'El portal necesita JavaScript.',
  'footer.tagline': 'Cerca de su casa & su familia.',
  'footer.count': '{count, plural, one {# sede} other {# sedes}}',
};
const CATALOGS: ShellCatalogs = { en: EN, es: ES };

const GUEST_TITLE_ES = 'Verificación de invitado';

const spanish = (query = ''): PageRequest => ({ query: new URLSearchParams(query), signedIn: false, locale: 'es-US' });
const english = (query = ''): PageRequest => ({ query: new URLSearchParams(query), signedIn: false, locale: 'en-US' });

let dir: string;
const write = (file: string, content: string): void => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), content);
};

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-page-language-'));
  // Split as the shell keeps them: the first load's chrome messages and the rest.
  const chrome = ['header.defaultTitle', 'header.home'];
  const pick = (catalog: Record<string, string>, inChrome: boolean) => Object.fromEntries(Object.entries(catalog).filter(([id]) => chrome.includes(id) === inChrome));
  write('shell/src/chrome/messages/en.json', JSON.stringify(pick(EN, true)));
  write('shell/src/chrome/messages/es.json', JSON.stringify(pick(ES, true)));
  write('shell/src/messages/en.json', JSON.stringify(pick(EN, false)));
  write('shell/src/messages/es.json', JSON.stringify(pick(ES, false)));
  write('identity/dist/manifest.json', JSON.stringify(identityManifest));
  write('identity/dist/remoteEntry.js', '');
  write('staff/dist/manifest.json', JSON.stringify({ name: 'staff', routes: [{ path: '/staff', header: { title: 'Staff Portal', showUserStatus: false } }], redirects: [], headerAreas: [], languages: ['en-US'] }));
  write('staff/dist/remoteEntry.js', '');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the shell catalogs', () => {
  it('are merged from the chrome and the lazy catalogs', () => {
    expect(shellCatalogs(dir)).toEqual(CATALOGS);
  });

  it('are empty where the shell has none (every text keeps its English)', () => {
    expect(shellCatalogs(path.join(dir, 'nowhere'))).toEqual({ en: {}, es: {} });
  });
});

describe('placeholders', () => {
  it("finds a placeholder's value from the English text, a catalog text preferred", () => {
    expect(placeholderValues('{practice} {title}, home', 'MDRI Primary Care Member Portal, home', ['Member Portal', 'Skip to main content'])).toEqual({
      practice: 'MDRI Primary Care',
      title: 'Member Portal',
    });
    expect(placeholderValues('{practice} {title}, home', 'Something else', ['Member Portal'])).toBeNull();
    expect(placeholderValues('Sign in', 'Sign in', [])).toEqual({});
  });

  it("says the home link's label in Spanish, the title translated and the practice's name kept", () => {
    expect(translatedText(CATALOGS, 'header.home', 'MDRI Primary Care Member Portal, home')).toBe('MDRI Primary Care Portal para miembros, inicio');
    expect(translatedText(CATALOGS, 'footer.count', '3 locations')).toBeNull();
    expect(translatedText(CATALOGS, 'footer.unknown', 'Not in the catalog.')).toBeNull();
  });
});

describe('translateStaticTexts', () => {
  it.each([
    ['source', FIXTURE_SOURCE],
    ['built', FIXTURE_BUILT],
  ])('draws the marked texts of the %s page in Spanish, escaped, and leaves what it cannot translate', (_name, page) => {
    const html = withLang(translateStaticTexts(page, CATALOGS), 'es-US');
    expect(html).toMatch(/<html lang="es">/);
    expect(html).toMatch(/<title data-i18n=(?:"header\.defaultTitle"|header\.defaultTitle)>Portal para miembros<\/title>/);
    expect(html).toMatch(/data-i18n=(?:"page\.skipLink"|page\.skipLink)>Saltar al contenido principal<\/a>/);
    expect(html).toMatch(/data-i18n=(?:"header\.defaultTitle"|header\.defaultTitle)>Portal para miembros<\/span>/);
    expect(html).toContain('aria-label="MDRI Primary Care Portal para miembros, inicio"');
    expect(html).toContain('content="Portal para miembros: inscripción."');
    expect(html).toContain('>Cerca de su casa &amp; su familia.<');
    expect(html).toContain('>El portal necesita JavaScript.</p></noscript>');
    // No translation (an unknown id, an ICU plural): the English stays.
    expect(html).toContain('>Not in the catalog.<');
    expect(html).toContain('>3 locations<');
    expect(html).not.toMatch(/Member Portal|Skip to main content|needs JavaScript|Close to home/);
  });

  it('cannot be broken out of by a catalog text', () => {
    const html = translateStaticTexts(FIXTURE_SOURCE, { en: EN, es: { ...ES, 'page.skipLink': '</a><script>alert(1)</script>', 'page.description': '" onload="x' } });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;/a&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('content="&quot; onload=&quot;x"');
  });

  it("draws the shell's own index.html with its own Spanish catalog: every marked text translated", () => {
    const catalogs = shellCatalogs(FRONTENDS);
    const html = withLang(translateStaticTexts(SOURCE_INDEX, catalogs), 'es-US');
    const marks = [...SOURCE_INDEX.matchAll(/data-i18n(?:-[\w-]+)?="([\w.-]+)"/g)].map((match) => match[1]!);
    for (const id of marks) {
      const text = catalogs.es[id];
      if (text === undefined) continue; // the shell engineer's catalog is still growing: that text stays English
      if (!/\{/.test(text)) expect({ id, present: html.includes(text.replace(/&/g, '&amp;').replace(/"/g, '&quot;')) }).toEqual({ id, present: true });
    }
    expect(html).toContain('<html lang="es">');
  });
});

describe('manifestTranslator', () => {
  it("reads a manifest's Spanish defensively: a missing or malformed translation keeps the English", () => {
    const translate = manifestTranslator({ translations: { 'es-US': { Book: 'Reservar', Bad: 7, Empty: ' ' } } }, 'es-US');
    expect(['Book', 'Bad', 'Empty', 'Other', '__proto__', 'constructor'].map(translate)).toEqual(['Reservar', 'Bad', 'Empty', 'Other', '__proto__', 'constructor']);
    for (const manifest of [undefined, null, 'x', {}, { translations: null }, { translations: { 'es-US': [] } }]) expect(manifestTranslator(manifest, 'es-US')('Book')).toBe('Book');
    expect(manifestTranslator({ translations: { 'es-US': { Book: 'Reservar' } } }, 'en-US')('Book')).toBe('Book');
  });
});

describe('renderPage in Spanish', () => {
  it("draws the guest page's first paint from identity's manifest translations", () => {
    const { html } = renderPage(dir, [], FIXTURE_BUILT, '/guest-login', spanish());
    expect(html).toContain(`<h1 class="ui-page-header__title">${GUEST_TITLE_ES}</h1>`);
    expect(html).toContain('<p>Verifique su correo electrónico y su número de teléfono celular para continuar como invitado.</p>');
    expect(html).toContain('<html lang="es">');
  });

  it('draws the staff portal in English whatever the device chose (it stays English)', () => {
    const { html } = renderPage(dir, [], FIXTURE_BUILT, '/staff', spanish());
    expect(html).toContain('<html lang=en>');
    expect(html).toContain('<title data-i18n=header.defaultTitle>Member Portal</title>');
    expect(renderPage(dir, [], FIXTURE_BUILT, '/guest-login', spanish()).html).toContain('<html lang="es">');
  });

  it('draws an English request exactly as before: no locale, or en-US', () => {
    for (const page of [FIXTURE_SOURCE, FIXTURE_BUILT, SOURCE_INDEX]) {
      const before = renderPage(dir, [], page, '/guest-login', { query: new URLSearchParams(), signedIn: false });
      expect(renderPage(dir, [], page, '/guest-login', english()).html).toBe(before.html);
      expect(before.html).toContain('<h1 class="ui-page-header__title">Guest Verification</h1>');
      expect(before.html).not.toContain('lang="es"');
    }
  });
});

describe('the page over HTTP', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    write('shell/dist/index.html', FIXTURE_BUILT);
    const app = new Koa();
    app.use(requestLocaleMiddleware);
    app.use(frontends(dir, []));
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const page = async (headers: Record<string, string>) => {
    const response = await fetch(`${origin}/guest-login`, { headers });
    return { html: await response.text(), vary: response.headers.get('vary') };
  };

  it.each([
    ['the cookie', { Cookie: 'portal_lang=es-US' }],
    ['Accept-Language alone', { 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.5' }],
    ['the cookie over an English browser', { Cookie: 'other=1; portal_lang=es-US', 'Accept-Language': 'en-US' }],
  ])('is Spanish for a Spanish request by %s', async (_name, headers) => {
    const { html, vary } = await page(headers);
    expect(html).toMatch(/^<!doctype html><html lang="es">/);
    expect(html).toContain(`<h1 class="ui-page-header__title">${GUEST_TITLE_ES}</h1>`);
    expect(html).toContain('data-i18n=page.skipLink>Saltar al contenido principal</a>');
    expect(vary).toMatch(/Cookie/);
    expect(vary).toMatch(/Accept-Language/);
  });

  it('is English, byte for byte the page as drawn before, for English requests (the cookie beats a Spanish browser)', async () => {
    const expected = renderPage(dir, [], FIXTURE_BUILT, '/guest-login', { query: new URLSearchParams(), signedIn: false }).html;
    const requests: Array<Record<string, string>> = [{}, { 'Accept-Language': 'en-US,en;q=0.9' }, { 'Accept-Language': 'fr-FR' }, { Cookie: 'portal_lang=en-US', 'Accept-Language': 'es' }, { Cookie: 'portal_lang=xx' }];
    for (const headers of requests) {
      const { html, vary } = await page(headers);
      expect(html).toBe(expected);
      expect(vary).toMatch(/Accept-Language/);
    }
  });
});
