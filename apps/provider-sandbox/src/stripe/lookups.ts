/** Loading a Stripe object by id for a request, test PaymentMethod ids (pm_card_visa…) included. */
import type { Obj } from './billing-values.ts';
import { createTestPaymentMethod } from './card-payment-methods.ts';
import { testPaymentMethodCard } from './cards.ts';
import { missingParam, noSuchObject } from './errors.ts';
import { load, type Tx } from './store.ts';

export const mustLoad = async (tx: Tx, id: string | null, kind: string, param = 'id', forUpdate = false): Promise<Obj> => {
  if (id === null || id === '') throw missingParam(param);
  if (kind === 'payment_method') {
    // Test mode: `pm_card_visa` and the like stand for a fresh PaymentMethod of that test card.
    const number = testPaymentMethodCard(id);
    if (number !== null) return createTestPaymentMethod(tx, number);
  }
  const object = await load(tx, id, forUpdate);
  if (object === null || (kind !== 'any' && object.object !== kind)) throw noSuchObject(kind === 'any' ? 'object' : kind, id, param);
  return object;
};
