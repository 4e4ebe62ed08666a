/** PaymentMethods made from card details: the card checks, POST /v1/payment_methods, the test cards' PaymentMethods. */
import { createHash } from 'node:crypto';
import { type Obj, rec, str } from './billing-values.ts';
import { behaviourOf, brandOf, type CardBehaviour, DECLINE_MESSAGES, encodeBehaviour, luhnValid } from './cards.ts';
import { cardErrorBody, invalidRequest, missingParam, StripeError } from './errors.ts';
import type { FormObject } from './form.ts';
import { integer, mergeMetadata, objectParam, text } from './objects.ts';
import { newId, save, type Tx } from './store.ts';

const paymentMethodFrom = (tx: Tx, card: FormObject, billing: FormObject | null): { pm: Obj; behaviour: CardBehaviour } => {
  const number = (text(card, 'number') ?? '').replace(/[\s-]/g, '');
  if (number === '') throw missingParam('card[number]');
  if (!luhnValid(number)) {
    throw new StripeError(402, cardErrorBody({ code: 'incorrect_number', declineCode: null, message: DECLINE_MESSAGES['incorrect_number'] as string, param: 'number' }).error as never);
  }
  const month = integer(card, 'exp_month');
  const year = integer(card, 'exp_year');
  if (month === null) throw missingParam('card[exp_month]');
  if (year === null) throw missingParam('card[exp_year]');
  if (month < 1 || month > 12) throw new StripeError(402, cardErrorBody({ code: 'invalid_expiry_month', declineCode: null, message: "Your card's expiration month is invalid.", param: 'exp_month' }).error as never);
  const fullYear = year < 100 ? 2000 + year : year;
  const today = new Date(tx.now * 1000);
  if (fullYear < today.getUTCFullYear() || (fullYear === today.getUTCFullYear() && month < today.getUTCMonth() + 1) || fullYear > today.getUTCFullYear() + 50) {
    throw new StripeError(402, cardErrorBody({ code: 'invalid_expiry_year', declineCode: null, message: "Your card's expiration year is invalid.", param: 'exp_year' }).error as never);
  }
  const brand = brandOf(number);
  const address = rec(billing?.['address']);
  const pm: Obj = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: {
        city: str(address['city']),
        country: str(address['country']),
        line1: str(address['line1']),
        line2: str(address['line2']),
        postal_code: str(address['postal_code']),
        state: str(address['state']),
      },
      email: str(billing?.['email']),
      name: str(billing?.['name']),
      phone: str(billing?.['phone']),
      tax_id: null,
    },
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: text(card, 'cvc') === null ? null : 'unchecked' },
      country: 'US',
      display_brand: brand,
      exp_month: month,
      exp_year: fullYear,
      fingerprint: createHash('sha256').update(`sandbox-card:${number}`).digest('base64url').slice(0, 16),
      funding: 'credit',
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: tx.now,
    customer: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  return { pm, behaviour: behaviourOf(number) };
};

/** `id`: the sandbox's own setups (a contract's provider state) may choose it; the API never does. */
export const createPaymentMethod = async (tx: Tx, params: FormObject, id?: string): Promise<Obj> => {
  const type = text(params, 'type');
  if (type === null) throw missingParam('type');
  if (type !== 'card') throw invalidRequest(`The sandbox supports payment methods of type card only, not '${type}'.`, 'type');
  const card = objectParam(params, 'card');
  if (card === null) throw missingParam('card');
  const { pm, behaviour } = paymentMethodFrom(tx, card, objectParam(params, 'billing_details'));
  pm['metadata'] = mergeMetadata({}, params);
  if (id !== undefined) pm.id = id;
  return save(tx, pm, { behaviour: encodeBehaviour(behaviour) });
};

/** A PaymentMethod of a test card, as Stripe makes one for a test id such as `pm_card_visa`. */
export const createTestPaymentMethod = async (tx: Tx, number: string): Promise<Obj> => {
  const year = new Date(tx.now * 1000).getUTCFullYear() + 1;
  const { pm, behaviour } = paymentMethodFrom(tx, { number, exp_month: '12', exp_year: String(year), cvc: '123' }, null);
  return save(tx, pm, { behaviour: encodeBehaviour(behaviour) });
};
