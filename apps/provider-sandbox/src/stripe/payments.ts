/** Paying a PaymentIntent: charges, declines, 3-D Secure, the invoice it pays (paid or failed), POST /v1/payment_intents/{id}/confirm. */
import { type Obj, rec, str } from './billing-values.ts';
import { type CardBehaviour, DECLINE_MESSAGES } from './cards.ts';
import { cardErrorBody, invalidRequest, noSuchObject, StripeError } from './errors.ts';
import { emit, saveSubscriptionWithEvent } from './events.ts';
import type { FormObject } from './form.ts';
import { challengeUrl, createCharge } from './intent-objects.ts';
import { mustLoad } from './lookups.ts';
import { text } from './objects.ts';
import { attachPaymentMethod, behaviourFor, paymentMethodParam } from './payment-methods.ts';
import { column, list, load, save, type Tx } from './store.ts';
import { TABLES } from '../store/schema.ts';

export const invoiceOfIntent = async (tx: Tx, pi: Obj): Promise<Obj | null> => {
  const invoiceId = str(await column(tx, pi.id, 'invoice'));
  return invoiceId === null ? null : load(tx, invoiceId, true);
};

/** The invoice is paid: its payment, the subscription (active, default card), the events. */
const markInvoicePaid = async (tx: Tx, invoiceBefore: Obj, pi: Obj, pm: Obj | null): Promise<Obj> => {
  const invoice: Obj = {
    ...invoiceBefore,
    amount_paid: invoiceBefore['amount_due'],
    amount_remaining: 0,
    attempted: true,
    attempt_count: Number(invoiceBefore['attempt_count'] ?? 0) + (pi['status'] === 'succeeded' ? 1 : 0),
    next_payment_attempt: null,
    status: 'paid',
    status_transitions: { ...rec(invoiceBefore['status_transitions']), paid_at: tx.now },
  };
  await save(tx, invoice);
  const payments = await list(tx, TABLES.stripeInvoicePayments, (query) => query.where({ invoice: invoice.id, payment_intent: pi.id }));
  for (const payment of payments) {
    await save(tx, { ...payment, amount_paid: pi['amount'], status: 'paid', status_transitions: { ...rec(payment['status_transitions']), paid_at: tx.now } });
  }
  await emit(tx, 'invoice.paid', invoice);
  await emit(tx, 'invoice.payment_succeeded', invoice);
  const subscriptionId = str(rec(rec(invoice['parent'])['subscription_details'])['subscription']);
  if (subscriptionId !== null) {
    const before = await load(tx, subscriptionId, true);
    if (before !== null && before['status'] !== 'canceled' && before['status'] !== 'incomplete_expired') {
      const after: Obj = { ...before };
      if (['incomplete', 'past_due', 'unpaid'].includes(String(before['status']))) after['status'] = 'active';
      const saveDefault = rec(before['payment_settings'])['save_default_payment_method'] === 'on_subscription';
      if (pm !== null && (saveDefault || before['default_payment_method'] === null)) after['default_payment_method'] = pm.id;
      await saveSubscriptionWithEvent(tx, before, after);
    }
  }
  return invoice;
};

export const succeedPayment = async (tx: Tx, before: Obj, pm: Obj): Promise<Obj> => {
  const charge = await createCharge(tx, before, pm);
  const pi: Obj = {
    ...before,
    amount_received: before['amount'],
    last_payment_error: null,
    latest_charge: charge.id,
    next_action: null,
    payment_method: pm.id,
    status: 'succeeded',
  };
  await save(tx, pi);
  if (pi['setup_future_usage'] !== null && typeof pi['customer'] === 'string') await attachPaymentMethod(tx, pm, pi['customer']);
  await emit(tx, 'payment_intent.succeeded', pi);
  const invoice = await invoiceOfIntent(tx, pi);
  if (invoice !== null && invoice['status'] === 'open') await markInvoicePaid(tx, invoice, pi, (await load(tx, pm.id)) ?? pm);
  return pi;
};

export interface Decline {
  readonly code: string;
  readonly declineCode: string | null;
  readonly message: string;
}

const declineOf = (behaviour: CardBehaviour): Decline | null => {
  if (behaviour.kind === 'decline') return behaviour;
  if (behaviour.kind === 'charge_fails') return { code: 'card_declined', declineCode: 'generic_decline', message: DECLINE_MESSAGES['generic_decline'] as string };
  return null;
};

/** The invoice's payment failed (a decline, or authentication needed off session). */
export const invoicePaymentFailed = async (tx: Tx, invoiceBefore: Obj, actionRequired: boolean): Promise<Obj> => {
  const invoice: Obj = { ...invoiceBefore, attempted: true, attempt_count: Number(invoiceBefore['attempt_count'] ?? 0) + 1 };
  await save(tx, invoice);
  await emit(tx, 'invoice.payment_failed', invoice);
  if (actionRequired) await emit(tx, 'invoice.payment_action_required', invoice);
  const subscriptionId = str(rec(rec(invoice['parent'])['subscription_details'])['subscription']);
  if (subscriptionId !== null) {
    const before = await load(tx, subscriptionId, true);
    // A renewal that fails makes the subscription past_due; a first invoice leaves it incomplete.
    if (before !== null && (before['status'] === 'active' || before['status'] === 'trialing')) {
      await saveSubscriptionWithEvent(tx, before, { ...before, status: 'past_due' });
    }
  }
  return invoice;
};

export type PaymentOutcome =
  | { readonly kind: 'succeeded'; readonly intent: Obj }
  | { readonly kind: 'requires_action'; readonly intent: Obj }
  | { readonly kind: 'declined'; readonly intent: Obj; readonly decline: Decline; readonly pm: Obj };

/** Confirms a PaymentIntent with a payment method: charges it, asks for 3-D Secure, or records the decline. */
export const attemptPayment = async (
  tx: Tx,
  before: Obj,
  pm: Obj,
  options: { readonly offSession: boolean; readonly returnUrl: string | null },
): Promise<PaymentOutcome> => {
  const behaviour = await behaviourFor(tx, pm);
  const decline = declineOf(behaviour);
  if (decline !== null) {
    const intent: Obj = {
      ...before,
      last_payment_error: {
        ...cardErrorBody({ code: decline.code, declineCode: decline.declineCode, message: decline.message }).error,
        payment_method: pm,
      },
      next_action: null,
      payment_method: null,
      status: 'requires_payment_method',
    };
    await save(tx, intent);
    const invoice = await invoiceOfIntent(tx, intent);
    if (invoice !== null && invoice['status'] === 'open') await invoicePaymentFailed(tx, invoice, false);
    return { kind: 'declined', intent, decline, pm };
  }
  const needsAction =
    behaviour.kind === 'three_d_secure' &&
    (!options.offSession || behaviour.offSession === 'requires_action' || pm['customer'] === null || pm['customer'] === undefined);
  if (needsAction) {
    const intent: Obj = {
      ...before,
      last_payment_error: options.offSession
        ? {
            ...cardErrorBody({ code: 'authentication_required', declineCode: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' }).error,
            payment_method: pm,
          }
        : null,
      next_action: { redirect_to_url: { return_url: options.returnUrl, url: '' }, type: 'redirect_to_url' },
      payment_method: pm.id,
      status: 'requires_action',
    };
    rec(intent['next_action'])['redirect_to_url'] = { return_url: options.returnUrl, url: challengeUrl(tx, intent) };
    await save(tx, intent);
    const invoice = await invoiceOfIntent(tx, intent);
    if (invoice !== null && invoice['status'] === 'open') {
      if (options.offSession) await invoicePaymentFailed(tx, invoice, true);
      else await emit(tx, 'invoice.payment_action_required', invoice);
    }
    return { kind: 'requires_action', intent };
  }
  return { kind: 'succeeded', intent: await succeedPayment(tx, before, pm) };
};

export const intentSecretOk = (intent: Obj, given: string | null): boolean => given !== null && given === intent['client_secret'];

/** POST /v1/payment_intents/{id}/confirm (Stripe.js with the publishable key, or the server). */
export const confirmPaymentIntent = async (tx: Tx, id: string, params: FormObject, publishable: boolean): Promise<{ status: number; body: unknown }> => {
  const before = await mustLoad(tx, id, 'payment_intent', 'intent', true);
  if (publishable && !intentSecretOk(before, text(params, 'client_secret'))) throw noSuchObject('payment_intent', id, 'intent');
  if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(String(before['status']))) {
    throw new StripeError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `You cannot confirm this PaymentIntent because it has a status of ${String(before['status'])}.`,
      payment_intent: before,
    });
  }
  const pm = (await paymentMethodParam(tx, params)) ?? (str(before['payment_method']) === null ? null : await load(tx, String(before['payment_method'])));
  if (pm === null) throw invalidRequest('You cannot confirm this PaymentIntent because it’s missing a payment method.', 'payment_method', 'payment_intent_unexpected_state');
  const outcome = await attemptPayment(tx, before, pm, { offSession: text(params, 'off_session') === 'true', returnUrl: text(params, 'return_url') });
  if (outcome.kind === 'declined') {
    return {
      status: 402,
      body: cardErrorBody({
        code: outcome.decline.code,
        declineCode: outcome.decline.declineCode,
        message: outcome.decline.message,
        extra: { payment_intent: outcome.intent, payment_method: outcome.pm },
      }),
    };
  }
  return { status: 200, body: outcome.intent };
};
