import { defineMessages } from '@portal/i18n/messages.ts';
import type en from './messages/en.json';

/** The signing and payment screens' words (issue 26): the consent step, the card form, the confirmation, the return pages. */
export type PaymentMessageId = keyof typeof en;
export const paymentMessages = defineMessages<PaymentMessageId>({
  'en-US': () => import(/* webpackChunkName: "messages-en" */ './messages/en.json', { with: { type: 'json' } }),
  'es-US': () => import(/* webpackChunkName: "messages-es" */ './messages/es.json', { with: { type: 'json' } }),
});
export const usePaymentT = paymentMessages.useT;
