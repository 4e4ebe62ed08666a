/**
 * What the accessibility suite (tools/a11y, issue 16, decision 0040) shares: axe findings gathered
 * per page or dialog (so one run names every finding, not only the first), the keyboard's moves
 * (Tab until an element is focused, in the page or in a frame such as the SignWell embed) and the
 * visible focus check (a computed outline or box-shadow on the focused element, or an outline on
 * what draws the ring of a visually hidden radio: its label, the text after it or its card).
 */
import { expect } from '@jest/globals';
import { seriousFindings } from '../src/testing/axe.ts';
import type { Page } from '../src/testing/browser.ts';

/**
 * The provider sandbox draws stand-ins for third-party widgets inside the page (`.sbx-` classes:
 * Turnstile's box with an orange 'CLOUDFLARE' mark); in production those are the providers' own
 * iframes, which this portal does not style. Their nodes are left out of a finding ('rule: a, b'),
 * and a finding left with none is dropped. Everything else the portal draws counts.
 */
const withoutSandboxWidgets = (finding: string): string | null => {
  const at = finding.indexOf(': ');
  const targets = finding
    .slice(at + 2)
    .split(', ')
    .filter((target) => !/(^|[\s>])\.sbx-/.test(target));
  return targets.length === 0 ? null : `${finding.slice(0, at)}: ${targets.join(', ')}`;
};

/** axe's serious and critical findings per checked screen; `checked` lists every screen looked at. */
export class AxeLedger {
  readonly findings: Record<string, string[]> = {};
  readonly checked: string[] = [];

  async check(page: Page, screen: string): Promise<void> {
    this.checked.push(screen);
    const found = (await seriousFindings(page)).map(withoutSandboxWidgets).filter((finding): finding is string => finding !== null);
    if (found.length > 0) this.findings[screen] = found;
  }

  /** Every screen checked had none. */
  expectClean(): void {
    expect(this.findings).toEqual({});
  }
}

/**
 * Waits until the page has drawn its content: its main heading (h1) is shown and no part of the
 * main region says it is busy (a skeleton or a spinner still loading).
 */
export const settled = async (page: Page, heading?: string | RegExp): Promise<void> => {
  if (heading) await page.getByRole('heading', { name: heading }).first().waitFor();
  else await page.locator('#portal-main h1, [role="dialog"] h2').first().waitFor();
  await page
    .waitForFunction(() => !document.querySelector('#portal-main [aria-busy="true"], #portal-main .ui-skeleton'), undefined, { timeout: 5_000 })
    .catch(() => undefined);
};

export interface Focused {
  readonly tag: string;
  readonly role: string | null;
  /** aria-label, else the label's text, else the text content, else the placeholder. */
  readonly name: string;
  /** Whether a focus indicator is drawn (outline or box-shadow) on it or the element that draws its ring. */
  readonly ring: boolean;
  readonly frame: string;
}

/**
 * The focused element, looked for in every frame (the innermost frame that has focus and whose
 * focused element is not itself a frame).
 */
export const focused = async (page: Page): Promise<Focused | null> => {
  for (const frame of page.frames()) {
    const found = await frame
      .evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!document.hasFocus() || !element || element === document.body || element.tagName === 'IFRAME') return null;
        const byIds = (ids: string | null) =>
          (ids ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
            .trim();
        const label = (element as HTMLInputElement).labels?.[0]?.textContent ?? '';
        const name = (
          element.getAttribute('aria-label') ||
          byIds(element.getAttribute('aria-labelledby')) ||
          label ||
          element.textContent ||
          element.getAttribute('placeholder') ||
          ''
        )
          .replace(/\s+/g, ' ')
          .trim();
        // The ring as it ends up: a focus style's transition (an input's box-shadow) is finished first.
        for (const animation of document.getAnimations()) {
          if (Number.isFinite(Number(animation.effect?.getComputedTiming().endTime))) animation.finish();
        }
        const outlined = (candidate: Element | null): boolean => {
          if (!candidate) return false;
          const style = getComputedStyle(candidate);
          return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        };
        const own = getComputedStyle(element);
        // A box-shadow ring: no offset, no blur, a spread (computed as 'color 0px 0px 0px 3px'), not a soft drop shadow.
        const ownRing = outlined(element) || /(^|,\s*|\) )0px 0px 0px [1-9]/.test(own.boxShadow);
        // A native control drawn by something else (a visually hidden radio or checkbox): its
        // label, the text after it or the card around it carries the ring, as an outline (cards'
        // permanent shadows do not count; only an outline there is a focus ring).
        const carriers: Array<Element | null> = [element.nextElementSibling, (element as HTMLInputElement).labels?.[0] ?? null];
        for (let parent = element.parentElement, depth = 0; parent && depth < 3; parent = parent.parentElement, depth += 1) carriers.push(parent);
        return {
          tag: element.tagName.toLowerCase(),
          role: element.getAttribute('role'),
          name,
          ring: ownRing || carriers.some(outlined),
        };
      })
      .catch(() => null);
    if (found) return { ...found, frame: frame.url() };
  }
  return null;
};

const matches = (actual: string, want: string | RegExp): boolean => (typeof want === 'string' ? actual === want : want.test(actual));

/**
 * Presses `key` (Tab by default; Shift+Tab to go back) until the focused element's name matches,
 * at most `max` times. Fails with the names passed on the way.
 */
export const tabTo = async (page: Page, name: string | RegExp, options: { key?: string; max?: number } = {}): Promise<Focused> => {
  const passed: string[] = [];
  for (let step = 0; step < (options.max ?? 60); step += 1) {
    await page.keyboard.press(options.key ?? 'Tab');
    const now = await focused(page);
    if (now && matches(now.name, name)) return now;
    passed.push(now ? `${now.tag}:${now.name.slice(0, 40)}` : '(nothing)');
  }
  throw new Error(`Tab never reached ${String(name)}; passed: ${passed.join(' | ')}`);
};

/** Waits until the focused element's name matches (focus moved by the page, e.g. into a dialog). */
export const focusLandsOn = async (page: Page, name: string | RegExp, timeout = 5_000): Promise<Focused> => {
  const until = Date.now() + timeout;
  let now = await focused(page);
  while (!(now && matches(now.name, name)) && Date.now() < until) {
    await page.waitForTimeout(100);
    now = await focused(page);
  }
  expect(now?.name).toMatch(typeof name === 'string' ? new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : name);
  return now!;
};

/** The focused element shows a focus indicator (what a sighted keyboard user follows). */
export const expectVisibleFocus = async (page: Page, step: string): Promise<void> => {
  const now = await focused(page);
  expect({ step, focused: now?.name, ring: now?.ring }).toEqual({ step, focused: now?.name, ring: true });
};
