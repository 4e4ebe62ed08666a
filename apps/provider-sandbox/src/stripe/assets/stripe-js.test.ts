/**
 * The pure parts of the sandbox's Stripe.js look-alike (formatting, card checks, form encoding,
 * client secrets), run in a bare VM context: the script needs only `window` and
 * `document.currentScript` to load. The browser behaviour is covered by stripe-js.browser.test.ts.
 */
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from '@jest/globals';

interface Validation {
  readonly empty: boolean;
  readonly complete: boolean;
  readonly brand: string;
  readonly error?: { readonly type: string; readonly code: string; readonly message: string };
}
interface Helpers {
  cardBrand(value: string): string;
  formatCardNumber(value: string): string;
  formatExpiry(value: string): string;
  parseExpiry(value: string): { month: number; year: number } | null;
  luhnValid(value: string): boolean;
  validateCard(fields: Record<string, unknown>, now: Date, final: boolean | Record<string, boolean>): Validation;
  caretAfterDigits(formatted: string, count: number): number;
  encodeForm(params: Record<string, unknown>): string;
  parseClientSecret(secret: unknown): { kind: string; id: string } | null;
}
interface StripeGlobal {
  (key: string): unknown;
  __sandbox: { apiOrigin: string; helpers: Helpers };
}

const source = readFileSync(new URL('./stripe.js', import.meta.url), 'utf8');

const load = (src = 'http://127.0.0.1:4010/stripe/v3/'): StripeGlobal => {
  const window: Record<string, unknown> = { location: { href: 'http://localhost:3000/enrollment', origin: 'http://localhost:3000' } };
  const context = vm.createContext({ window, document: { currentScript: { src } }, URL, setTimeout });
  vm.runInContext(source, context, { filename: 'stripe.js' });
  return window['Stripe'] as StripeGlobal;
};

const Stripe = load();
const h = Stripe.__sandbox.helpers;
const NOW = new Date(2026, 0, 15);
const card = (number: string, expiry = '12 / 30', cvc = '123', extra: Record<string, unknown> = {}) => ({ number, expiry, cvc, postalCode: '', postalCodeShown: true, ...extra });

describe('sandbox Stripe.js: loading', () => {
  it('talks to the origin it was loaded from', () => {
    expect(Stripe.__sandbox.apiOrigin).toBe('http://127.0.0.1:4010');
    expect(load('https://sandbox.example:8443/stripe/v3/?x=1').__sandbox.apiOrigin).toBe('https://sandbox.example:8443');
  });

  it('wants a publishable key', () => {
    expect(() => Stripe('')).toThrow('publishable key');
    expect(() => Stripe('sk_test_x')).toThrow('secret key');
    expect(Stripe('pk_test_portal_sandbox')).toBeTruthy();
  });
});

describe('sandbox Stripe.js: formatting', () => {
  it('groups card numbers as Stripe does, up to the brand length', () => {
    expect(h.formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(h.formatCardNumber('4242 4242 4242 4242 9')).toBe('4242 4242 4242 4242');
    expect(h.formatCardNumber('42-42 4')).toBe('4242 4');
    expect(h.formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(h.formatCardNumber('')).toBe('');
  });

  it('names the brands', () => {
    expect(h.cardBrand('4000002500003155')).toBe('visa');
    expect(h.cardBrand('5555555555554444')).toBe('mastercard');
    expect(h.cardBrand('2223003122003222')).toBe('mastercard');
    expect(h.cardBrand('378282246310005')).toBe('amex');
    expect(h.cardBrand('6011111111111117')).toBe('discover');
    expect(h.cardBrand('9')).toBe('unknown');
  });

  it('formats the expiry as MM / YY', () => {
    expect(h.formatExpiry('1')).toBe('1');
    expect(h.formatExpiry('4')).toBe('04');
    expect(h.formatExpiry('12')).toBe('12');
    expect(h.formatExpiry('123')).toBe('12 / 3');
    expect(h.formatExpiry('12/30')).toBe('12 / 30');
    expect(h.formatExpiry('12 / 305')).toBe('12 / 30');
    expect(h.formatExpiry('430')).toBe('04 / 30');
    expect(h.parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(h.parseExpiry('12 / 3')).toBeNull();
  });

  it('keeps the caret after the same digit', () => {
    expect(h.caretAfterDigits('4242 4242', 5)).toBe(6);
    expect(h.caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(h.caretAfterDigits('4242', 0)).toBe(0);
    expect(h.caretAfterDigits('12 / 3', 3)).toBe(6);
  });
});

describe('sandbox Stripe.js: card checks', () => {
  it('checks the Luhn digit', () => {
    expect(h.luhnValid('4242424242424242')).toBe(true);
    expect(h.luhnValid('4000000000000002')).toBe(true);
    expect(h.luhnValid('4242424242424241')).toBe(false);
  });

  it('is complete with a good number, a future expiry and a CVC; ZIP optional', () => {
    expect(h.validateCard(card('4242 4242 4242 4242'), NOW, true)).toEqual({ empty: false, complete: true, brand: 'visa', error: undefined });
    expect(h.validateCard(card('4242424242424242', '01 / 26', '123', { postalCode: '02903' }), NOW, true).complete).toBe(true);
    expect(h.validateCard(card('378282246310005', '12 / 30', '1234'), NOW, true).complete).toBe(true);
  });

  it('is empty before anything is typed, and quiet about what is merely unfinished while typing', () => {
    expect(h.validateCard(card('', '', ''), NOW, {})).toEqual({ empty: true, complete: false, brand: 'unknown', error: undefined });
    expect(h.validateCard(card('4242 42', '', ''), NOW, {}).error).toBeUndefined();
    expect(h.validateCard(card('4242 42', '', ''), NOW, { number: true }).error).toMatchObject({ code: 'incomplete_number', message: 'Your card number is incomplete.' });
  });

  it("says what is wrong in Stripe's words", () => {
    const error = (fields: Record<string, unknown>, final: boolean | Record<string, boolean> = true) => h.validateCard(fields, NOW, final).error;
    expect(error(card('4242424242424241'), {})).toMatchObject({ type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' });
    expect(error(card('', '', ''))).toMatchObject({ code: 'incomplete_number' });
    expect(error(card('4242424242424242', '12 / 2'))).toMatchObject({ code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." });
    expect(error(card('4242424242424242', '13'), {})).toMatchObject({ code: 'invalid_expiry_month', message: "Your card's expiration date is invalid." });
    expect(error(card('4242424242424242', '12 / 25'), {})).toMatchObject({ code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." });
    expect(error(card('4242424242424242', '12 / 26', '12'))).toMatchObject({ code: 'incomplete_cvc', message: "Your card's security code is incomplete." });
    expect(error(card('4242424242424242', '12 / 26', '123', { postalCode: '029' }))).toMatchObject({ code: 'incomplete_zip', message: 'Your postal code is incomplete.' });
    expect(error(card('378282246310005', '12 / 30', '123'))).toMatchObject({ code: 'incomplete_cvc' });
  });
});

describe('sandbox Stripe.js: wire helpers', () => {
  it("encodes forms with Stripe's brackets", () => {
    expect(h.encodeForm({ type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' }, billing_details: { address: { postal_code: '02903' } }, skip: null })).toBe(
      'type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2030&card[cvc]=123&billing_details[address][postal_code]=02903',
    );
    expect(h.encodeForm({ client_secret: 'pi_1_secret_2', return_url: 'http://localhost:3000/pay/return?x=1&y=2' })).toBe(
      'client_secret=pi_1_secret_2&return_url=http%3A%2F%2Flocalhost%3A3000%2Fpay%2Freturn%3Fx%3D1%26y%3D2',
    );
  });

  it('reads the intent from a client secret', () => {
    expect(h.parseClientSecret('pi_3Abc_secret_xyz')).toEqual({ kind: 'payment_intent', id: 'pi_3Abc' });
    expect(h.parseClientSecret('seti_1_secret_z')).toEqual({ kind: 'setup_intent', id: 'seti_1' });
    expect(h.parseClientSecret('cus_1_secret_z')).toBeNull();
    expect(h.parseClientSecret('pi_1')).toBeNull();
    expect(h.parseClientSecret(undefined)).toBeNull();
  });
});
