/**
 * What a Spanish screen must be (issue 26), checked where a journey stops on it: `<html lang="es">`
 * and nothing serious or critical for axe. Findings are gathered, not thrown, so one run of a long
 * journey reports every screen that falls short; the test asserts the list is empty at its end.
 * With SPANISH_SHOTS set, each screen is also kept as a PNG there (to look at; never committed).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from './browser.ts';
import type { TestPortal } from './portal.ts';

export interface ScreenFinding {
  readonly screen: string;
  readonly problem: string;
}

const SHOTS = process.env['SPANISH_SHOTS'];
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/**
 * axe's serious and critical findings, as axe.ts's seriousFindings gives them (same rules, animations
 * finished first), but run in the page itself (legacy mode): by default axe finishes its run in a
 * blank page it opens and closes in the same browser, and a SignWell frame that opens after that
 * took no clicks in 4 runs of 5 (a Chromium focus quirk; the English journeys run no axe there).
 */
const axeFindings = async (page: Page): Promise<string[]> => {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (Number.isFinite(Number(animation.effect?.getComputedTiming().endTime))) animation.finish();
    }
  });
  const result = await new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
};

/** Checks the screen as it stands now, adding what falls short to `findings`. */
export const checkSpanishScreen = async (page: Page, screen: string, findings: ScreenFinding[]): Promise<void> => {
  const lang = await page.evaluate(() => document.documentElement.lang);
  if (lang !== 'es') findings.push({ screen, problem: `<html lang="${lang}">` });
  for (const problem of await axeFindings(page)) {
    // The human check's widget is the provider's (here the sandbox's imitation of Turnstile, in English
    // whatever the page's language); ours must pass, as enrollment-spec.e2e.ts holds.
    if (!problem.includes('.sbx-ts')) findings.push({ screen, problem: `axe ${problem}` });
  }
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${screen}.png`), fullPage: true });
};

/** An email or SMS as the sandbox's inbox keeps it (text only: attachments are not kept). */
export interface InboxMessage {
  readonly subject: string;
  readonly text: string;
  readonly receivedAt: string;
}

/** The newest message to `to` whose subject `matches`, waiting up to `timeoutMs` for it. */
export const inboxMessage = async (portal: TestPortal, to: string, matches: (message: InboxMessage) => boolean, timeoutMs = 10_000): Promise<InboxMessage | undefined> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${portal.sandbox.url}/inbox/api/messages?to=${encodeURIComponent(to)}`);
    const found = ((await response.json()) as InboxMessage[]).find(matches);
    if (found || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** Every message to `to`, newest first: what a failure shows when the expected one never came. */
export const inboxSubjects = async (portal: TestPortal, to: string): Promise<string[]> => {
  const response = await fetch(`${portal.sandbox.url}/inbox/api/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as InboxMessage[]).map((message) => message.subject);
};

/** An ICS property's value, unfolded (RFC 5545 §3.1) and unescaped: `icsProperty(ics, 'SUMMARY')`. */
export const icsProperty = (ics: string, name: string): string | null => {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  const line = unfolded.split(/\r?\n/).find((candidate) => candidate.startsWith(`${name}:`) || candidate.startsWith(`${name};`));
  if (!line) return null;
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\\n/gi, '\n')
    .replace(/\\([,;\\])/g, '$1');
};
