/**
 * The setup every browser test file shares: the whole portal (database, sandbox, API) and a
 * Chromium, started before the file's tests and stopped after them.
 */
import { afterAll, beforeAll } from '@jest/globals';
import { launchBrowser, type BrowserSession } from './browser.ts';
import { startTestPortal, type TestPortal, type TestPortalOptions } from './portal.ts';

export interface BrowserPortal {
  readonly portal: TestPortal;
  readonly browser: BrowserSession;
}

export const portalInBrowser = (options: TestPortalOptions = {}): BrowserPortal => {
  const started: { portal?: TestPortal; browser?: BrowserSession } = {};
  beforeAll(async () => {
    started.portal = await startTestPortal(options);
    started.browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await started.browser?.close();
    await started.portal?.close();
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not started yet`);
    return value;
  };
  return {
    get portal() {
      return need(started.portal, 'portal');
    },
    get browser() {
      return need(started.browser, 'browser');
    },
  };
};
