/**
 * The identity micro-frontend's words (issue 26, decision 0057, docs/conventions/messages.md):
 * src/messages/en.json and es.json, loaded for the page's language in app.tsx's bootstrap.
 */
import { defineMessages } from '@portal/i18n/messages.ts';
import type en from './messages/en.json';

export type MessageId = keyof typeof en;

// English, the page's language unless the patient chose Spanish, is in this remote's own chunk
// (no request of its own before the first render); Spanish is a lazy chunk.
export const messages = defineMessages<MessageId>({
  'en-US': () => import(/* webpackMode: "eager" */ './messages/en.json', { with: { type: 'json' } }),
  'es-US': () => import(/* webpackChunkName: "messages-es" */ './messages/es.json', { with: { type: 'json' } }),
});

export const useT = messages.useT;
