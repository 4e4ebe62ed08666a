/**
 * The data client's words (issue 26, decision 0057; docs/conventions/messages.md): its toasts,
 * the session texts and the API errors' Spanish by code (api-error-text.ts). Each remote loads them
 * in its bootstrap with its own: `clientMessages.load(pageLocale())`; after that they follow the
 * page's `portal:locale` event.
 */
import { defineMessages } from '@portal/i18n/messages.ts';
import type en from './messages/en.json';

export type ClientMessageId = keyof typeof en;
export const clientMessages = defineMessages<ClientMessageId>({
  'en-US': () => import(/* webpackChunkName: "messages-en" */ './messages/en.json', { with: { type: 'json' } }),
  'es-US': () => import(/* webpackChunkName: "messages-es" */ './messages/es.json', { with: { type: 'json' } }),
});
export const useClientT = clientMessages.useT;
