/**
 * The pseudo-locale walk (issue 26): with `__PORTAL_PSEUDO_LOCALE__` on before the page's scripts,
 * every text a catalog gives is drawn between ⟦ ⟧ (frontends/i18n/src/pseudo.ts). What a person can
 * see or hear without those marks escaped the catalogs, unless it is data: names, addresses,
 * phone numbers, emails, dates, amounts, the brand.
 */
import type { Page } from './browser.ts';

/** Switches the pseudo-locale on for every page this page's context opens from now on. */
export const withPseudoLocale = async (page: Page): Promise<void> => {
  await page.addInitScript(() => {
    (globalThis as { __PORTAL_PSEUDO_LOCALE__?: boolean }).__PORTAL_PSEUDO_LOCALE__ = true;
  });
};

export interface EscapedText {
  readonly where: string;
  readonly text: string;
}

/**
 * Visible text nodes and accessible-name attributes (aria-label, title, placeholder, alt) of the
 * page that carry no pseudo mark and are not data the test allows. Skips the prerendered skeleton
 * (aria-hidden, replaced by React), third-party frames, and what `notOurs` (a selector) matches:
 * third-party widgets drawn into the page.
 */
export const escapedTexts = async (page: Page, allowed: readonly RegExp[], notOurs = ''): Promise<EscapedText[]> => {
  const found = await page.evaluate((skip) => {
    const results: Array<{ where: string; text: string }> = [];
    const describe = (element: Element): string => {
      const id = element.id ? `#${element.id}` : '';
      const cls = typeof element.className === 'string' && element.className ? `.${element.className.split(/\s+/)[0]}` : '';
      return `${element.tagName.toLowerCase()}${id}${cls}`;
    };
    const hidden = (element: Element | null): boolean => {
      if (skip && element?.closest(skip)) return true;
      for (let at = element; at; at = at.parentElement) {
        if (at.getAttribute('aria-hidden') === 'true' && !at.matches('svg, svg *')) return true;
      }
      return element instanceof HTMLElement ? !element.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true }) : false;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript, template')) continue;
      if (hidden(parent)) continue;
      results.push({ where: describe(parent), text });
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (hidden(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) results.push({ where: `${describe(element)}[${name}]`, text: value });
      }
    }
    return results;
  }, notOurs);
  return found.filter(({ text }) => /[A-Za-z]{2}/.test(text) && !/[⟦⟧]/.test(text) && !allowed.some((pattern) => pattern.test(text)));
};

/** What spills out sideways at the page's width: the page itself, then any element wider than the viewport. */
export const overflowing = async (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const spills: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) spills.push(`page: ${document.documentElement.scrollWidth}px wide at ${width}px`);
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1 && getComputedStyle(element).position !== 'fixed') {
        const cls = typeof element.className === 'string' && element.className ? `.${element.className.split(/\s+/)[0]}` : '';
        spills.push(`${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${cls}: right edge ${Math.round(box.right)}px`);
        if (spills.length > 10) break;
      }
    }
    // Text wider than its box (a long word that cannot wrap) spills without its element doing so.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node && spills.length <= 10; node = walker.nextNode()) {
      const parent = node.parentElement;
      // Visually hidden text (clipped to 1 px, for screen readers) spills nowhere a person sees.
      if (!parent || parent.closest('.ui-visually-hidden') || getComputedStyle(parent).clipPath !== 'none' || getComputedStyle(parent).clip !== 'auto') continue;
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1) spills.push(`text '${(node.textContent ?? '').trim().slice(0, 60)}' in ${node.parentElement?.tagName.toLowerCase()}.${node.parentElement?.className}: right edge ${Math.round(box.right)}px`);
    }
    return spills;
  });
