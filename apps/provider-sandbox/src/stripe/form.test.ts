import { describe, expect, it } from '@jest/globals';
import { canonical, encodeForm, FormError, parseForm } from './form.ts';

describe('Stripe form encoding', () => {
  it('nests brackets as stripe-node writes them', () => {
    const body =
      'customer=cus_1&items[0][price]=price_1&items[0][quantity]=1&expand[0]=latest_invoice.confirmation_secret&expand[1]=pending_setup_intent' +
      '&metadata[enrollmentId]=enr-1&metadata[tier]=120_annual&payment_settings[save_default_payment_method]=on_subscription';
    expect(parseForm(body)).toEqual({
      customer: 'cus_1',
      items: [{ price: 'price_1', quantity: '1' }],
      expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
      metadata: { enrollmentId: 'enr-1', tier: '120_annual' },
      payment_settings: { save_default_payment_method: 'on_subscription' },
    });
  });

  it('reads empty brackets as a list and percent-encoded brackets too', () => {
    expect(parseForm('expand%5B%5D=data.product&expand%5B%5D=data.x&lookup_keys[]=a')).toEqual({ expand: ['data.product', 'data.x'], lookup_keys: ['a'] });
  });

  it('keeps deep card fields and plain keys', () => {
    expect(parseForm('type=card&card[number]=4242424242424242&card[exp_month]=12&payment_method_data[card][cvc]=123&key=pk')).toEqual({
      type: 'card',
      card: { number: '4242424242424242', exp_month: '12' },
      payment_method_data: { card: { cvc: '123' } },
      key: 'pk',
    });
  });

  it('refuses prototype keys and huge indices', () => {
    expect(() => parseForm('__proto__[x]=1')).toThrow(FormError);
    expect(() => parseForm('a[constructor]=1')).toThrow(FormError);
    expect(() => parseForm('a[100000]=1')).toThrow(FormError);
  });

  it('round-trips through encodeForm and compares canonically', () => {
    const value = { b: '2', a: { y: '1', x: ['p', 'q'] }, items: [{ price: 'price_1' }] };
    expect(parseForm(encodeForm(value))).toEqual(value);
    expect(canonical({ a: '1', b: { d: '2', c: '3' } })).toBe(canonical({ b: { c: '3', d: '2' }, a: '1' }));
    expect(canonical({ a: '1' })).not.toBe(canonical({ a: '2' }));
  });

  it('an empty body is an empty object', () => {
    expect(parseForm('')).toEqual({});
  });
});
