/**
 * index.html draws the header and the footer before JavaScript (decision 0034); React replaces
 * them in the same frame. Both must look the same, or the swap is a visible jump: the page's
 * markup is checked here against what PortalHeader and PortalFooter render.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RouteTable } from '../routes.ts';

const page = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'index.html'), 'utf8');

/** Tags without the whitespace between them, and without the pre-rendered marker. */
const normalise = (html: string): string =>
  html
    .replace(/\s+data-prerendered(?:="")?/g, '')
    // The catalog ids the API reads to draw a Spanish page (issue 26).
    .replace(/\s+data-i18n(?:-[a-z-]+)?="[^"]*"/g, '')
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .trim();

/** The pre-rendered element with this opening tag, up to its closing tag. */
const prerendered = (tag: 'header' | 'footer'): string => {
  const match = new RegExp(`<${tag} [^>]*data-prerendered[^>]*>[\\s\\S]*?</${tag}>`).exec(page);
  if (!match) throw new Error(`index.html has no pre-rendered <${tag}>`);
  return normalise(match[0]);
};

beforeAll(() => {
  // The components read the location (useLocation) as in a browser on /login.
  const location = new URL('http://localhost/login');
  (globalThis as Record<string, unknown>).window = { location, addEventListener: () => undefined, removeEventListener: () => undefined };
});

describe("index.html's pre-rendered chrome", () => {
  it("is the header PortalHeader draws for 'Member Portal' without user status", async () => {
    const { PortalHeader } = await import('./PortalHeader.tsx');
    const routes = { headerFor: () => ({ title: 'Member Portal', showUserStatus: false }) } as unknown as RouteTable;
    expect(prerendered('header')).toBe(normalise(renderToStaticMarkup(<PortalHeader routes={routes} />)));
  });

  it("is PortalFooter before the practice answer, without the year's line (React adds it)", async () => {
    const { PortalFooter } = await import('./PortalFooter.tsx');
    await (await import('../i18n.ts')).loadLazyMessages();
    const routes = { languagesFor: () => null } as unknown as RouteTable;
    const drawn = normalise(renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}><PortalFooter routes={routes} /></QueryClientProvider>));
    expect(drawn).toContain('class="portal-language"');
    // The language switch needs JavaScript: it comes with React's footer.
    expect(prerendered('footer')).toBe(drawn.replace(/<p>© \d{4} [^<]*<\/p>/, '').replace(/<div class="portal-language"[\s\S]*?<\/button><\/div>/, ''));
  });

  it('reserves the main area with a skeleton hidden from assistive technology', () => {
    expect(page).toMatch(/<div class="portal-skeleton" data-prerendered aria-hidden="true">/);
  });
});
