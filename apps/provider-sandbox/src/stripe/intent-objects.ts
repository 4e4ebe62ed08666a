/** New PaymentIntent, SetupIntent and Charge objects, and the 3-D Secure challenge URL of an intent. */
import { type Obj, rec, str } from './billing-values.ts';
import { load, newId, randomToken, save, type Tx } from './store.ts';

const clientSecret = (id: string): string => `${id}_secret_${randomToken(24)}`;

export const newPaymentIntent = (tx: Tx, fields: { amount: number; customer: string; description: string; metadata?: Record<string, string> }): Obj => {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    amount: fields.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: clientSecret(id),
    confirmation_method: 'automatic',
    created: tx.now,
    currency: 'usd',
    customer: fields.customer,
    description: fields.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: fields.metadata ?? {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: 'off_session',
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
};

export const newSetupIntent = (tx: Tx, customer: string, metadata: Record<string, string> = {}): Obj => {
  const id = newId('seti');
  return {
    id,
    object: 'setup_intent',
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: clientSecret(id),
    created: tx.now,
    customer,
    description: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: 'off_session',
  };
};

export const challengeUrl = (tx: Tx, intent: Obj): string =>
  `${tx.base}/stripe/3ds/${encodeURIComponent(intent.id)}?client_secret=${encodeURIComponent(String(intent['client_secret']))}`;

export const createCharge = async (tx: Tx, pi: Obj, pm: Obj): Promise<Obj> => {
  const id = newId('ch');
  const token = randomToken(32);
  const card = rec(pm['card']);
  const customer = str(pi['customer']) === null ? null : await load(tx, String(pi['customer']));
  const charge: Obj = {
    id,
    object: 'charge',
    amount: pi['amount'],
    amount_captured: pi['amount'],
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: pm['billing_details'],
    calculated_statement_descriptor: 'MEMBER PORTAL SANDBOX',
    captured: true,
    created: tx.now,
    currency: pi['currency'],
    customer: pi['customer'],
    description: pi['description'],
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: {
      card: {
        amount_authorized: pi['amount'],
        authorization_code: null,
        brand: card['brand'],
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: null },
        country: card['country'],
        exp_month: card['exp_month'],
        exp_year: card['exp_year'],
        funding: card['funding'],
        installments: null,
        last4: card['last4'],
        mandate: null,
        network: card['brand'],
        network_transaction_id: null,
        regulated_status: 'unregulated',
        three_d_secure: null,
        wallet: null,
      },
      type: 'card',
    },
    receipt_email: customer === null ? null : (customer['email'] ?? null),
    receipt_number: null,
    receipt_url: `${tx.base}/stripe/receipts/${id}/${token}`,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
  return save(tx, charge, { receipt_token: token });
};
