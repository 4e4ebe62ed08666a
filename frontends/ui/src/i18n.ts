/**
 * The design system's words (issue 26, decision 0057; docs/conventions/messages.md). Each remote
 * loads them in its bootstrap with its own: `uiMessages.load(pageLocale())`; after that they follow
 * the page's `portal:locale` event.
 */
import { defineMessages } from '@portal/i18n/messages.ts';
import type en from './messages/en.json';

export type UiMessageId = keyof typeof en;
export const uiMessages = defineMessages<UiMessageId>({
  'en-US': () => import(/* webpackChunkName: "messages-en" */ './messages/en.json', { with: { type: 'json' } }),
  'es-US': () => import(/* webpackChunkName: "messages-es" */ './messages/es.json', { with: { type: 'json' } }),
});
export const useUiT = uiMessages.useT;
