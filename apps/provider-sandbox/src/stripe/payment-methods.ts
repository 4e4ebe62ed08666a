/** Using PaymentMethods: the payment_method parameter, a card's test behaviour, attaching to a customer, the not-the-invoice's-customer error. */
import { type Obj, str } from './billing-values.ts';
import { createPaymentMethod } from './card-payment-methods.ts';
import { type CardBehaviour, decodeBehaviour } from './cards.ts';
import { cardErrorBody, invalidRequest, StripeError } from './errors.ts';
import type { FormObject } from './form.ts';
import { mustLoad } from './lookups.ts';
import { objectParam, text } from './objects.ts';
import { column, save, type Tx } from './store.ts';

/** `payment_method=pm_…` or `payment_method_data[type]=card&payment_method_data[card][number]=…`. */
export const paymentMethodParam = async (tx: Tx, params: FormObject): Promise<Obj | null> => {
  const id = text(params, 'payment_method');
  if (id !== null && id !== '') return mustLoad(tx, id, 'payment_method', 'payment_method');
  const data = objectParam(params, 'payment_method_data');
  if (data === null) return null;
  return createPaymentMethod(tx, data);
};

export const behaviourFor = async (tx: Tx, pm: Obj): Promise<CardBehaviour> => decodeBehaviour(str(await column(tx, pm.id, 'behaviour')));

/**
 * Paying an invoice with a PaymentMethod that is not its customer's: 400 invalid_request_error on
 * `payment_method`. The rule is Stripe's reference for POST /v1/invoices/{id}/pay
 * (https://docs.stripe.com/api/invoices/pay, `payment_method`; stripe-node's
 * types/InvoicesResource.d.ts says the same). The message follows the one Stripe gives for the
 * same rule on a SetupIntent (quoted in github.com/laravel/cashier-stripe/issues/720); Stripe's
 * `code` for it is unconfirmed (U), so none is sent and the adapter reads none.
 */
export const notTheInvoiceCustomers = (pm: Obj, customerId: string): StripeError => {
  const owner = str(pm['customer']);
  return invalidRequest(
    owner === null
      ? `The payment method supplied (${pm.id}) does not belong to a Customer, but you supplied Customer ${customerId}. Please attach the payment method to this Customer before using it with an Invoice.`
      : `The payment method supplied (${pm.id}) belongs to a different Customer than the one associated with this Invoice (${customerId}).`,
    'payment_method',
  );
};

/**
 * POST /v1/payment_methods/{id}/attach: a card Stripe declines on its check is not attached (402
 * card_error, stored for the idempotency key like any 402); 4000 0000 0000 0341 attaches and fails
 * only when charged (Stripe's testing page: "Attaching this card to a Customer object succeeds,
 * but attempts to charge the customer fail"). A card of another customer → 400.
 */
export const attachFromApi = async (tx: Tx, pmId: string, params: FormObject): Promise<{ status: number; body: unknown }> => {
  const customer = await mustLoad(tx, text(params, 'customer'), 'customer', 'customer');
  // The path's PaymentMethod is named by its parameter, `payment_method` (the path template of
  // Stripe's reference: /v1/payment_methods/{payment_method}/attach; the exact param is U).
  const pm = await mustLoad(tx, pmId, 'payment_method', 'payment_method', true);
  if (pm['customer'] === null || pm['customer'] === undefined) {
    const behaviour = await behaviourFor(tx, pm);
    if (behaviour.kind === 'decline') {
      return { status: 402, body: cardErrorBody({ code: behaviour.code, declineCode: behaviour.declineCode, message: behaviour.message, extra: { payment_method: pm } }) };
    }
  }
  return { status: 200, body: await attachPaymentMethod(tx, pm, customer.id) };
};

export const attachPaymentMethod = async (tx: Tx, pm: Obj, customerId: string): Promise<Obj> => {
  if (pm['customer'] === customerId) return pm;
  if (pm['customer'] !== null && pm['customer'] !== undefined) {
    throw invalidRequest('The payment method you provided has already been attached to a customer.', 'payment_method', 'payment_method_unexpected_state');
  }
  return save(tx, { ...pm, customer: customerId });
};
