/** Stripe objects (basil) as the API answers them, trimmed to what matters, for the unit tests. */

export const T0 = 1_767_225_600; // 2026-01-01T00:00:00Z
export const YEAR = 365 * 86_400;

export const customer = (overrides: Record<string, unknown> = {}) => ({
  id: 'cus_123',
  object: 'customer',
  email: 'pat@example.com',
  name: 'Pat Member',
  metadata: { athenaPatientId: '4242' },
  created: T0,
  ...overrides,
});

export const price = (lookupKey: string, id = `price_${lookupKey}`) => ({ id, object: 'price', lookup_key: lookupKey, active: true, unit_amount: 12000, currency: 'usd' });

export const invoice = (overrides: Record<string, unknown> = {}) => ({
  id: 'in_123',
  object: 'invoice',
  customer: 'cus_123',
  status: 'open',
  parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_123', metadata: {} } },
  amount_due: 12000,
  amount_paid: 0,
  status_transitions: { paid_at: null, finalized_at: T0 },
  lines: { object: 'list', data: [{ id: 'il_1', period: { start: T0, end: T0 + YEAR } }], has_more: false },
  hosted_invoice_url: 'https://invoice.stripe.com/i/acct_1/test_abc',
  ...overrides,
});

export const subscription = (overrides: Record<string, unknown> = {}) => ({
  id: 'sub_123',
  object: 'subscription',
  customer: 'cus_123',
  status: 'incomplete',
  cancel_at_period_end: false,
  metadata: { enrollmentId: 'enr-1' },
  items: { object: 'list', data: [{ id: 'si_1', price: price('120_annual'), current_period_start: T0, current_period_end: T0 + YEAR }], has_more: false },
  latest_invoice: 'in_123',
  pending_setup_intent: null,
  ...overrides,
});

export const paymentIntent = (overrides: Record<string, unknown> = {}) => ({
  id: 'pi_123',
  object: 'payment_intent',
  status: 'succeeded',
  client_secret: 'pi_123_secret_abc',
  latest_charge: 'ch_123',
  last_payment_error: null,
  ...overrides,
});

export const invoicePayment = (intent: unknown, overrides: Record<string, unknown> = {}) => ({
  id: 'inpay_1',
  object: 'invoice_payment',
  invoice: 'in_123',
  status: 'paid',
  is_default: true,
  payment: { type: 'payment_intent', payment_intent: intent },
  ...overrides,
});

export const list = (data: unknown[], hasMore = false) => ({ object: 'list', data, has_more: hasMore, url: '/v1/x' });
