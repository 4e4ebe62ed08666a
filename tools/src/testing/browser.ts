/**
 * The system Chromium (Debian's package) driven by playwright-core: no browser is downloaded.
 * Flags per the machine notes: headless, no sandbox (root), no background network chatter.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

declare global {
  /** Read by the e2e environment (e2e-environment.mjs) to describe the open pages when a test fails. */
  var __portalBrowserContexts: Set<BrowserContext> | undefined;
}

export interface BrowserSession {
  readonly browser: BrowserContext;
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

export const launchBrowser = async (): Promise<BrowserSession> => {
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const open = (globalThis.__portalBrowserContexts ??= new Set());
  open.add(context);
  return {
    browser: context,
    newPage: async (viewport) => {
      const page = await context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      return page;
    },
    close: async () => {
      open.delete(context);
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
};

export type { Browser, Page };
