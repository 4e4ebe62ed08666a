/**
 * The identity micro-frontend's words (issue 26, decision 0057, docs/conventions/messages.md):
 * src/messages/en.json and es.json, loaded for the page's language in app.tsx's bootstrap.
 */
import { defineMessages } from '@portal/i18n/messages.ts';
import type en from './messages/en.json';

export type MessageId = keyof typeof en;

export const messages = defineMessages<MessageId>({
  'en-US': () => import('./messages/en.json', { with: { type: 'json' } }),
  'es-US': () => import('./messages/es.json', { with: { type: 'json' } }),
});

export const useT = messages.useT;
