/** Customers: creating, updating, and the search query's clauses. */
import { type Obj, rec } from './billing-values.ts';
import { invalidRequest } from './errors.ts';
import type { FormObject } from './form.ts';
import { mustLoad } from './lookups.ts';
import { mergeMetadata, objectParam, text } from './objects.ts';
import { newId, randomToken, save, type Tx } from './store.ts';

/** `id`: the sandbox's own setups (e.g. a contract's provider state) may choose it; the API never does. */
export const createCustomer = async (tx: Tx, params: FormObject, id: string = newId('cus')): Promise<Obj> => {
  const email = text(params, 'email');
  if (email !== null && email.length > 512) throw invalidRequest('Invalid email address', 'email');
  const address = objectParam(params, 'address');
  const customer: Obj = {
    id,
    object: 'customer',
    address:
      address === null
        ? null
        : Object.fromEntries(['city', 'country', 'line1', 'line2', 'postal_code', 'state'].map((key) => [key, text(address, key)])),
    balance: 0,
    created: tx.now,
    currency: null,
    default_source: null,
    delinquent: false,
    description: text(params, 'description'),
    discount: null,
    email,
    invoice_prefix: randomToken(8).toUpperCase().replace(/[^A-Z0-9]/g, 'X'),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: mergeMetadata({}, params),
    name: text(params, 'name'),
    next_invoice_sequence: 1,
    phone: text(params, 'phone'),
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
  return save(tx, customer);
};

export const updateCustomer = async (tx: Tx, id: string, params: FormObject): Promise<Obj> => {
  const before = await mustLoad(tx, id, 'customer', 'id', true);
  const after: Obj = { ...before, metadata: mergeMetadata(rec(before['metadata']) as Record<string, string>, params) };
  for (const key of ['email', 'name', 'phone', 'description']) {
    const value = text(params, key);
    if (value !== null) after[key] = value === '' ? null : value;
  }
  const settings = objectParam(params, 'invoice_settings');
  if (settings !== null && typeof settings['default_payment_method'] === 'string') {
    const pm = await mustLoad(tx, settings['default_payment_method'], 'payment_method', 'invoice_settings[default_payment_method]');
    if (pm['customer'] !== id) throw invalidRequest(`The payment method ${pm.id} is not attached to this customer.`, 'invoice_settings[default_payment_method]');
    after['invoice_settings'] = { ...rec(before['invoice_settings']), default_payment_method: pm.id };
  }
  return save(tx, after);
};

/** `email:'x'`, `name:'x'`, `metadata['k']:'v'`, joined with AND. */
export const parseCustomerQuery = (query: string): { field: string; key?: string; value: string }[] => {
  const clauses = query.split(/\s+AND\s+/i);
  return clauses.map((clause) => {
    const match = /^\s*(email|name|phone|metadata\[['"]([^'"]+)['"]\])\s*:\s*(['"])(.*)\3\s*$/.exec(clause);
    if (match === null) throw invalidRequest(`Invalid search query: ${query}`, 'query');
    const field = (match[1] as string).startsWith('metadata') ? 'metadata' : (match[1] as string);
    return { field, ...(match[2] === undefined ? {} : { key: match[2] }), value: match[4] as string };
  });
};
