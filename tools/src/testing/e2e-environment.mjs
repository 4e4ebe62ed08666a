/**
 * The e2e project's test environment: Node's, plus what a failed browser test leaves behind.
 * When a test fails, each page still open (launchBrowser registers its contexts) is described
 * in the failure itself — its address and the alerts and statuses it shows — and photographed
 * into the run's log folder. A failure in CI then says what the user saw, not only which wait
 * timed out. Only the page's own words go into the message; the screenshot stays on the machine.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { TestEnvironment } from 'jest-environment-node';

const STEP_MS = 2_000;
let shots = 0;

/** Resolves to null after `ms` instead of hanging a failing test's report. */
const within = (promise, ms = STEP_MS) =>
  Promise.race([promise.catch(() => null), new Promise((resolve) => setTimeout(() => resolve(null), ms).unref())]);

export default class E2eEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = context.testPath;
  }

  async handleTestEvent(event) {
    // The error comes from the test's realm: not an instance of this realm's Error. A test that
    // runs out of time fails with a string (jest-circus's timeout message).
    if (event.name !== 'test_fn_failure' || (typeof event.error !== 'string' && typeof event.error?.message !== 'string')) return;
    const contexts = this.global.__portalBrowserContexts;
    if (!contexts || contexts.size === 0) return;
    const lines = [];
    for (const context of contexts) {
      for (const page of context.pages()) {
        const url = page.url();
        if (page.isClosed() || !url.startsWith('http')) continue;
        const said = await within(page.locator('[role=alert], [role=status], [role=alertdialog]').allInnerTexts());
        const texts = (said ?? []).map((text) => text.replace(/\s+/g, ' ').trim()).filter((text) => text !== '');
        let shot = '';
        const dir = process.env.PORTAL_TEST_LOG_DIR;
        if (dir) {
          mkdirSync(dir, { recursive: true });
          const file = path.join(dir, `${path.basename(this.testPath)}.failure-${(shots += 1)}.png`);
          if (await within(page.screenshot({ path: file, fullPage: true }), 5_000)) shot = ` (screenshot: ${path.relative(process.cwd(), file)})`;
        }
        lines.push(`  ${new URL(url).pathname}${shot}: ${texts.length ? texts.map((text) => `"${text}"`).join(', ') : 'no alert or status shown'}`);
      }
    }
    if (lines.length === 0) return;
    const extra = `\n\nOpen pages when it failed:\n${lines.join('\n')}`;
    const { error } = event;
    if (typeof error === 'string') {
      // Already recorded as [error, asyncError] by the time this handler runs: replace the string.
      const recorded = event.test?.errors?.at(-1);
      if (Array.isArray(recorded) && recorded[0] === error) recorded[0] = error + extra;
      return;
    }
    const { message } = error;
    // V8 formats the stack on first read, from the message of that moment: read it first.
    const { stack } = error;
    error.message = message + extra;
    if (typeof stack === 'string' && stack.includes(message)) error.stack = stack.replace(message, message + extra);
  }
}
