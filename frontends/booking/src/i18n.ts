/**
 * The booking micro-frontend's words (issue 26, decision 0057; docs/conventions/messages.md): its
 * catalogs, loaded in bootstrap (app.tsx) with the design system's and the data client's, for the
 * page's language; after that they follow the page's `portal:locale` event.
 */
import { defineMessages, type MessageValues } from '@portal/i18n/messages.ts';
import type { Locale } from '@portal/contracts/locale.ts';
import type en from './messages/en.json';

export type MessageId = keyof typeof en;
export const messages = defineMessages<MessageId>({
  'en-US': () => import(/* webpackChunkName: "messages-en" */ './messages/en.json', { with: { type: 'json' } }),
  'es-US': () => import(/* webpackChunkName: "messages-es" */ './messages/es.json', { with: { type: 'json' } }),
});
export const useT = messages.useT;
export const useLocale = messages.useLocale;

/** What the pure helpers receive to say something: `useT()`'s function, or `messages.t`. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** A pure helper's words: the text and the language its dates and times are written in. */
export interface Words {
  readonly t: Translate;
  readonly locale: Locale;
}

/** In a component: the words of the page's language. */
export const useWords = (): Words => {
  const t = useT();
  const locale = useLocale();
  return { t, locale };
};
