/**
 * The enrollment forms' words (issue 26, decision 0057; docs/conventions/messages.md): the start
 * page, the guest form and its validation, the practice location and tier steps, the declination
 * confirmation, the gates. The signing and payment screens have their own (payment/i18n.ts).
 */
import { defineMessages } from '@portal/i18n/messages.ts';
import type { MessageValues } from '@portal/i18n/messages.ts';
import type en from './messages/en.json';

export type MessageId = keyof typeof en;
export const messages = defineMessages<MessageId>({
  'en-US': () => import(/* webpackChunkName: "messages-en" */ './messages/en.json', { with: { type: 'json' } }),
  'es-US': () => import(/* webpackChunkName: "messages-es" */ './messages/es.json', { with: { type: 'json' } }),
});
export const useT = messages.useT;

/** A `t` handed to the pure modules (tiers, wizard, start, location form): a component's `useT()`, else the active catalog. */
export type Translate = (id: MessageId, values?: MessageValues) => string;
