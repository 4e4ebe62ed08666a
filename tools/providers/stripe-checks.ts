/**
 * The Stripe adapter's contract checks: every call `adapters/stripe` makes (customers, prices,
 * subscriptions — card and emailed invoice —, invoices, attaching the browser's card, paying with
 * a card that is declined on attach, declined by the charge, needing 3-D Secure, and a good one,
 * the receipt, reactivation, the billing portal, a missing object), each through `StripeCards`
 * itself. The cards are Stripe's test PaymentMethod ids (`pm_card_visa`, …), which Stripe's test
 * mode and the sandbox both take, so the same checks run against a Stripe test-mode account.
 */
import { CardsRejectedError } from '@portal/core';
import type { StripeCards } from '@portal/stripe';
import type { ProviderCheck } from './athena-checks.ts';

export interface StripeCheckTarget {
  readonly cards: StripeCards;
  /** Unique per run: the idempotency keys and the customer's email carry it. */
  readonly run: string;
  readonly returnUrl: string;
  customerId?: string;
  subscriptionId?: string;
  invoiceId?: string;
}

const must = (condition: boolean, message: string): void => {
  if (!condition) throw new Error(message);
};

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} is missing: an earlier check failed`);
  return value;
};

export const stripeChecks: readonly ProviderCheck<StripeCheckTarget>[] = [
  {
    name: 'GET /v1/customers?email= (no such customer), POST /v1/customers, GET and POST /v1/customers/{id}',
    writes: true,
    run: async (t) => {
      must((await t.cards.findCustomerByEmail(`nobody.${t.run}@example.com`)) === null, 'a customer has an unused email');
      const created = await t.cards.createCustomer({ email: `verify.${t.run}@example.com`, name: 'Verify Check', metadata: { check: 'providers:verify' }, address: { line1: '1 Main St', line2: null, city: 'Providence', state: 'RI', postalCode: '02903' } }, `verify-customer:${t.run}`);
      t.customerId = created.id;
      must((await t.cards.getCustomer(created.id))?.id === created.id, 'the new customer cannot be read');
      must((await t.cards.updateCustomerEmail(created.id, `billing.${t.run}@example.com`, `verify-email:${t.run}`)).email === `billing.${t.run}@example.com`, 'the email did not change');
      must((await t.cards.findCustomerByEmail(`billing.${t.run}@example.com`))?.id === created.id, 'the customer is not found by its new email');
    },
  },
  {
    name: 'GET /v1/prices (lookup keys), POST /v1/subscriptions (card and emailed invoice), GET /v1/subscriptions, GET /v1/subscriptions/{id}, GET /v1/invoices/{id}',
    writes: true,
    run: async (t) => {
      const customerId = need(t.customerId, 'the customer');
      must((await t.cards.priceId('120_annual')).startsWith('price_'), 'no price for 120_annual');
      const setup = await t.cards.createSubscription({ customerId, tier: '120_annual', metadata: { check: 'providers:verify' } }, `verify-subscription:${t.run}`);
      must(setup.intentType === 'payment' && setup.clientSecret !== null && setup.invoiceId !== null, 'no payment client secret for the first invoice');
      t.subscriptionId = setup.subscription.id;
      t.invoiceId = need(setup.invoiceId ?? undefined, 'the first invoice');
      const invoiced = await t.cards.createSubscription({ customerId, tier: '70_biannual', metadata: { check: 'providers:verify' }, collection: 'send_invoice' }, `verify-invoiced:${t.run}`);
      must(invoiced.subscription.status === 'active', 'an emailed-invoice subscription is not active at once');
      must((await t.cards.listSubscriptions(customerId)).length === 2, 'the customer does not list its two subscriptions');
      must((await t.cards.getSubscription(setup.subscription.id))?.status === 'incomplete', 'the card subscription is not incomplete');
      must((await t.cards.getSubscription(`sub_verify_missing_${t.run}`)) === null, 'a missing subscription was found');
      const invoice = await t.cards.getInvoice(t.invoiceId);
      must(invoice?.status === 'open' && invoice.customerId === customerId, 'the first invoice is not open for the customer');
    },
  },
  {
    name: 'POST /v1/payment_methods/{id}/attach (declined on attach), then POST /v1/invoices/{id}/pay declined by the charge and needing 3-D Secure',
    writes: true,
    run: async (t) => {
      const customerId = need(t.customerId, 'the customer');
      const invoiceId = need(t.invoiceId, 'the invoice');
      const refused = await t.cards.attachCard('pm_card_chargeDeclined', customerId, `verify-attach-declined:${t.run}`);
      must(refused.kind === 'declined', 'a declining card was attached');
      const failing = await t.cards.attachCard('pm_card_chargeCustomerFail', customerId, `verify-attach-fails:${t.run}`);
      must(failing.kind === 'attached', '0341 was not attached');
      if (failing.kind !== 'attached') return;
      const declined = await t.cards.payInvoice(invoiceId, failing.paymentMethodId, `verify-pay-declined:${t.run}`);
      must(declined.kind === 'declined' && declined.code === 'card_declined', 'the charge of 0341 was not declined');
      const threeDs = await t.cards.attachCard('pm_card_authenticationRequired', customerId, `verify-attach-3ds:${t.run}`);
      if (threeDs.kind !== 'attached') throw new Error('the 3-D Secure card was not attached');
      const action = await t.cards.payInvoice(invoiceId, threeDs.paymentMethodId, `verify-pay-3ds:${t.run}`);
      must(action.kind === 'requires_action' && action.clientSecret.includes('_secret_'), 'paying with 3184 did not ask for 3-D Secure');
    },
  },
  {
    name: 'POST /v1/payment_methods/{id}/attach and POST /v1/invoices/{id}/pay (paid), GET /v1/invoice_payments, GET /v1/charges/{id}',
    writes: true,
    run: async (t) => {
      const customerId = need(t.customerId, 'the customer');
      const invoiceId = need(t.invoiceId, 'the invoice');
      const visa = await t.cards.attachCard('pm_card_visa', customerId, `verify-attach-visa:${t.run}`);
      if (visa.kind !== 'attached') throw new Error('the Visa test card was not attached');
      const paid = await t.cards.payInvoice(invoiceId, visa.paymentMethodId, `verify-pay-visa:${t.run}`);
      must(paid.kind === 'paid', 'the invoice was not paid');
      must(((await t.cards.receiptUrl(invoiceId)) ?? '').startsWith('http'), 'no receipt');
      must((await t.cards.getSubscription(need(t.subscriptionId, 'the subscription')))?.status === 'active', 'the subscription is not active');
    },
  },
  {
    name: 'POST /v1/subscriptions/{id} (reactivate), POST /v1/billing_portal/sessions, a refused call (POST /v1/invoices/{id}/pay on a paid invoice)',
    writes: true,
    run: async (t) => {
      const customerId = need(t.customerId, 'the customer');
      must((await t.cards.reactivateSubscription(need(t.subscriptionId, 'the subscription'), `verify-reactivate:${t.run}`)).cancelAtPeriodEnd === false, 'auto-renewal is not on');
      must((await t.cards.createPortalSession(customerId, t.returnUrl)).url.startsWith('http'), 'no billing portal link');
      const again = await t.cards.payInvoice(need(t.invoiceId, 'the invoice'), 'pm_card_visa', `verify-pay-again:${t.run}`).catch((error: unknown) => error);
      must(again instanceof CardsRejectedError && again.status === 400, 'paying a paid invoice was not refused with 400');
    },
  },
];
