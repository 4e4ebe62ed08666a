/**
 * The words of the shell's lazy parts (issue 26; docs/conventions/messages.md): the user-status
 * menu, the footer, the session-expiry warning, the 404 and load-error views, and the texts of
 * index.html the API swaps for a Spanish page. Lingui's core comes with them, never in the first
 * load (chrome/chrome-text.ts has the first load's words). `loadLazyMessages` loads them for the
 * page's language with the design system's and the data client's; each lazy part's import waits
 * for it (chrome/lazy-or.ts withWords; not a top-level await, whose runtime would enter the first
 * load), so it draws in the page's language from its first render.
 */
import { defineMessages } from '@portal/i18n/messages.ts';
import { pageLocale } from '@portal/i18n/page-locale.ts';
import { uiMessages } from '@portal/ui/i18n.ts';
import { clientMessages } from '@portal/client/i18n.ts';
import type en from './messages/en.json';

export type MessageId = keyof typeof en;
export const messages = defineMessages<MessageId>({
  'en-US': () => import(/* webpackChunkName: "messages-en" */ './messages/en.json', { with: { type: 'json' } }),
  'es-US': () => import(/* webpackChunkName: "messages-es" */ './messages/es.json', { with: { type: 'json' } }),
});
export const useT = messages.useT;

export const loadLazyMessages = async (): Promise<void> => {
  const locale = pageLocale();
  await Promise.all([messages.load(locale), uiMessages.load(locale), clientMessages.load(locale)]);
};

