/** SetupIntents: confirming, the default card they make, and the 3-D Secure page's answer for any intent. */
import { type Obj, rec, str } from './billing-values.ts';
import { cardErrorBody, invalidRequest, noSuchObject, StripeError } from './errors.ts';
import { emit, saveSubscriptionWithEvent } from './events.ts';
import type { FormObject } from './form.ts';
import { challengeUrl } from './intent-objects.ts';
import { chargeInvoice } from './invoices.ts';
import { mustLoad } from './lookups.ts';
import { text } from './objects.ts';
import { attachPaymentMethod, behaviourFor, paymentMethodParam } from './payment-methods.ts';
import { intentSecretOk, invoiceOfIntent, invoicePaymentFailed, type PaymentOutcome, succeedPayment } from './payments.ts';
import { column, list, load, save, type Tx } from './store.ts';
import { TABLES } from '../store/schema.ts';

export const succeedSetup = async (tx: Tx, before: Obj, pmBefore: Obj): Promise<Obj> => {
  const customerId = str(before['customer']);
  const pm = customerId === null ? pmBefore : await attachPaymentMethod(tx, pmBefore, customerId);
  const setup: Obj = { ...before, last_setup_error: null, next_action: null, payment_method: pm.id, status: 'succeeded' };
  await save(tx, setup);
  await emit(tx, 'setup_intent.succeeded', setup);
  const subscriptionId = str(await column(tx, setup.id, 'subscription'));
  const purpose = rec(setup['metadata'])['sandbox_purpose'];
  if (subscriptionId !== null) {
    const sub = await load(tx, subscriptionId, true);
    if (sub !== null && !['canceled', 'incomplete_expired'].includes(String(sub['status']))) {
      await saveSubscriptionWithEvent(tx, sub, { ...sub, default_payment_method: pm.id, pending_setup_intent: null });
    }
  }
  if (purpose === 'billing_portal' && customerId !== null) await makeDefaultCard(tx, customerId, pm);
  return setup;
};

/** The customer's default card, and every live subscription's; past-due invoices are retried with it. */
export const makeDefaultCard = async (tx: Tx, customerId: string, pm: Obj): Promise<void> => {
  const customer = await mustLoad(tx, customerId, 'customer', 'customer', true);
  await save(tx, { ...customer, invoice_settings: { ...rec(customer['invoice_settings']), default_payment_method: pm.id } });
  const subs = await list(tx, TABLES.stripeSubscriptions, (query) => query.where({ customer: customerId }).whereNotIn('status', ['canceled', 'incomplete_expired']));
  for (const sub of subs) {
    if (sub['default_payment_method'] !== pm.id) await saveSubscriptionWithEvent(tx, sub, { ...sub, default_payment_method: pm.id });
    if (sub['status'] === 'past_due' && typeof sub['latest_invoice'] === 'string') {
      const invoice = await load(tx, sub['latest_invoice'], true);
      if (invoice !== null && invoice['status'] === 'open') await chargeInvoice(tx, invoice, pm, true, null);
    }
  }
};

export const confirmSetupIntent = async (tx: Tx, id: string, params: FormObject, publishable: boolean): Promise<{ status: number; body: unknown }> => {
  const before = await mustLoad(tx, id, 'setup_intent', 'intent', true);
  if (publishable && !intentSecretOk(before, text(params, 'client_secret'))) throw noSuchObject('setup_intent', id, 'intent');
  if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(String(before['status']))) {
    throw new StripeError(400, {
      type: 'invalid_request_error',
      code: 'setup_intent_unexpected_state',
      message: `You cannot confirm this SetupIntent because it has a status of ${String(before['status'])}.`,
      setup_intent: before,
    });
  }
  const pm = (await paymentMethodParam(tx, params)) ?? (str(before['payment_method']) === null ? null : await load(tx, String(before['payment_method'])));
  if (pm === null) throw invalidRequest('You cannot confirm this SetupIntent because it’s missing a payment method.', 'payment_method', 'setup_intent_unexpected_state');
  const outcome = await attemptSetup(tx, before, pm, text(params, 'return_url'));
  if (outcome.kind === 'declined') {
    return {
      status: 402,
      body: cardErrorBody({ code: outcome.decline.code, declineCode: outcome.decline.declineCode, message: outcome.decline.message, extra: { setup_intent: outcome.intent, payment_method: pm } }),
    };
  }
  return { status: 200, body: outcome.intent };
};

export const attemptSetup = async (tx: Tx, before: Obj, pm: Obj, returnUrl: string | null): Promise<PaymentOutcome> => {
  const behaviour = await behaviourFor(tx, pm);
  // 0341 attaches: only charges fail.
  const decline = behaviour.kind === 'decline' ? behaviour : null;
  if (decline !== null) {
    const intent: Obj = {
      ...before,
      last_setup_error: { ...cardErrorBody({ code: decline.code, declineCode: decline.declineCode, message: decline.message }).error, payment_method: pm },
      payment_method: null,
      status: 'requires_payment_method',
    };
    await save(tx, intent);
    await emit(tx, 'setup_intent.setup_failed', intent);
    return { kind: 'declined', intent, decline, pm };
  }
  if (behaviour.kind === 'three_d_secure') {
    const intent: Obj = { ...before, payment_method: pm.id, status: 'requires_action' };
    intent['next_action'] = { redirect_to_url: { return_url: returnUrl, url: challengeUrl(tx, intent) }, type: 'redirect_to_url' };
    await save(tx, intent);
    return { kind: 'requires_action', intent };
  }
  return { kind: 'succeeded', intent: await succeedSetup(tx, before, pm) };
};

/** The 3-D Secure page's answer for a payment or setup intent waiting on it. */
export const finishAuthentication = async (tx: Tx, id: string, secret: string, success: boolean): Promise<{ intent: Obj; returnUrl: string | null }> => {
  const before = await load(tx, id, true);
  if (before === null || (before.object !== 'payment_intent' && before.object !== 'setup_intent') || before['client_secret'] !== secret) {
    throw noSuchObject('intent', id, 'intent');
  }
  const returnUrl = str(rec(rec(before['next_action'])['redirect_to_url'])['return_url']);
  if (before['status'] !== 'requires_action') return { intent: before, returnUrl };
  const pm = await mustLoad(tx, str(before['payment_method']), 'payment_method', 'payment_method');
  if (success) {
    if (before.object === 'payment_intent') {
      // Authenticated once: later off-session charges of a 3155/3220 card go through.
      const attached = typeof before['customer'] === 'string' ? await attachPaymentMethod(tx, pm, before['customer']) : pm;
      return { intent: await succeedPayment(tx, before, attached), returnUrl };
    }
    return { intent: await succeedSetup(tx, before, pm), returnUrl };
  }
  const failure = {
    code: before.object === 'payment_intent' ? 'payment_intent_authentication_failure' : 'setup_intent_authentication_failure',
    doc_url: 'https://docs.stripe.com/error-codes/payment-intent-authentication-failure',
    message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    payment_method: pm,
    type: 'invalid_request_error',
  };
  const intent: Obj = {
    ...before,
    ...(before.object === 'payment_intent' ? { last_payment_error: failure } : { last_setup_error: failure }),
    next_action: null,
    payment_method: null,
    status: 'requires_payment_method',
  };
  await save(tx, intent);
  if (before.object === 'payment_intent') {
    await emit(tx, 'payment_intent.payment_failed', intent);
    const invoice = await invoiceOfIntent(tx, intent);
    if (invoice !== null && invoice['status'] === 'open') await invoicePaymentFailed(tx, invoice, false);
  } else {
    await emit(tx, 'setup_intent.setup_failed', intent);
  }
  return { intent, returnUrl };
};
