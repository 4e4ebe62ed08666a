/**
 * `expand[]=a.b.c`: ids along the path are replaced by their objects, lists by each of their items
 * (`data.product`). Invoices also include on request `confirmation_secret` and `payments` (basil);
 * `payment_intent` on an invoice is gone in basil and expanding it is an error, as at Stripe.
 */
import { confirmationSecretOf } from './invoices.ts';
import { invalidRequest } from './errors.ts';
import type { FormObject } from './form.ts';
import { arrayParam, listObject } from './objects.ts';
import { list, load, type StripeObject, type Tx } from './store.ts';
import { TABLES } from '../store/schema.ts';

const NOT_INCLUDABLE = Symbol('not includable');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const includable = async (tx: Tx, parent: Record<string, unknown>, field: string): Promise<unknown> => {
  if (parent['object'] === 'invoice' && typeof parent['id'] === 'string') {
    if (field === 'confirmation_secret') return confirmationSecretOf(tx, parent as StripeObject);
    if (field === 'payments') {
      const payments = await list(tx, TABLES.stripeInvoicePayments, (query) => query.where({ invoice: parent['id'] }));
      return listObject(payments, `/v1/invoices/${String(parent['id'])}/payments`);
    }
  }
  return NOT_INCLUDABLE;
};

const expandPath = async (tx: Tx, value: unknown, segments: readonly string[], full: string): Promise<unknown> => {
  if (segments.length === 0) return value;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const entry of value) out.push(await expandPath(tx, entry, segments, full));
    return out;
  }
  if (!isRecord(value)) return value;
  const [head, ...rest] = segments as [string, ...string[]];
  if (value['object'] === 'invoice' && (head === 'payment_intent' || head === 'charge' || head === 'subscription')) {
    throw invalidRequest(`This property cannot be expanded (${head}).`, 'expand');
  }
  let child = value[head];
  if (child === undefined) {
    const computed = await includable(tx, value, head);
    if (computed === NOT_INCLUDABLE) throw invalidRequest(`This property cannot be expanded (${full}).`, 'expand');
    child = computed;
  }
  if (typeof child === 'string') child = (await load(tx, child)) ?? child;
  value[head] = await expandPath(tx, child, rest, full);
  return value;
};

/** `body` with every `expand[]` path of `params` expanded (a copy). */
export const expandBody = async (tx: Tx, body: unknown, params: FormObject): Promise<unknown> => {
  const paths = arrayParam(params, 'expand');
  if (paths.length === 0) return body;
  let result = structuredClone(body);
  for (const path of paths) {
    if (typeof path !== 'string' || path === '') throw invalidRequest('Invalid expand', 'expand');
    const segments = path.split('.');
    if (segments.filter((segment) => segment !== 'data').length > 4) {
      throw invalidRequest(`You cannot expand more than 4 levels of a property. Property: ${path}`, 'expand');
    }
    result = await expandPath(tx, result, segments, path);
  }
  return result;
};
