import { describe, expect, it } from '@jest/globals';
import { ApiError, memoryStorage } from '@portal/client';
import {
  DUPLICATE_SUBSCRIPTION_TITLE,
  FAILED_TO_PROCESS_PAYMENT,
  PAYMENT_FAILED,
  PAYMENT_METHOD_SETUP_FAILED,
  clearCachedSearch,
  customFieldValue,
  duplicateNotice,
  formatDobInput,
  payWithCard,
  preferredLanguageName,
  readCachedSearch,
  saveCachedSearch,
  searchFormErrors,
  type StaffStripe,
} from './staff-portal.ts';

describe('the date of birth field', () => {
  it('adds the slashes while typing and keeps 10 characters at most (MM/DD/YYYY)', () => {
    expect(formatDobInput('0')).toBe('0');
    expect(formatDobInput('041')).toBe('04/1');
    expect(formatDobInput('04121979')).toBe('04/12/1979');
    expect(formatDobInput('04/12/19791234')).toBe('04/12/1979');
    expect(formatDobInput('ab04-12.1979')).toBe('04/12/1979');
  });

  it('the search needs all three fields and a whole date', () => {
    expect(searchFormErrors({ firstName: ' ', lastName: '', dateOfBirth: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      dateOfBirth: 'Date of birth is required',
    });
    expect(searchFormErrors({ firstName: 'A', lastName: 'B', dateOfBirth: '04/12/19' })).toEqual({ dateOfBirth: 'Date of birth must be in MM/DD/YYYY format' });
    expect(searchFormErrors({ firstName: 'A', lastName: 'B', dateOfBirth: '04/12/1979' })).toEqual({});
  });
});

describe('answers', () => {
  it('a 409 with existingSubscription is the duplicate toast naming its status and id; other errors are not', () => {
    const conflict = new ApiError(409, JSON.stringify({ error: 'Duplicate Subscription Detected', existingSubscription: { status: 'trialing', subscriptionId: 'sub_9', renewalDate: null, message: 'x' } }), 'Conflict');
    expect(duplicateNotice(conflict)).toEqual({ title: DUPLICATE_SUBSCRIPTION_TITLE, description: expect.stringContaining('status: trialing, ID: sub_9') });
    expect(duplicateNotice(new ApiError(409, JSON.stringify({ error: 'Payment Not Available' }), 'Conflict'))).toBeNull();
    expect(duplicateNotice(new ApiError(500, '{}', 'Server Error'))).toBeNull();
  });

  it('reads custom fields 21 and 81 by value', () => {
    const record = { patientid: '1', firstname: 'A', lastname: 'B', dob: '01/01/1980', customfields: [{ customfieldid: '21', customfieldvalue: 'Yes', optionid: '2101' }] };
    expect(customFieldValue(record, '21')).toBe('Yes');
    expect(customFieldValue(record, '81')).toBeNull();
  });

  it("names the patient's preferred language in English, 'Not known' when none is known (issue 26)", () => {
    expect(preferredLanguageName('es-US')).toBe('Spanish');
    expect(preferredLanguageName('en-US')).toBe('English');
    expect(preferredLanguageName(null)).toBe('Not known');
    expect(preferredLanguageName(undefined)).toBe('Not known');
  });

  it('caches the last search in session storage until Start Over', () => {
    const storage = memoryStorage();
    const search = { form: { firstName: 'A', lastName: 'B', dateOfBirth: '01/01/1980' }, patients: [{ patientid: '1', firstname: 'A', lastname: 'B', dob: '01/01/1980' }] };
    saveCachedSearch(storage, search);
    expect(readCachedSearch(storage)).toEqual(search);
    clearCachedSearch(storage);
    expect(readCachedSearch(storage)).toBeNull();
  });
});

describe('the card payment', () => {
  const card = { mount: () => undefined };
  const stripe = (overrides: Partial<StaffStripe> = {}): Pick<StaffStripe, 'createPaymentMethod' | 'confirmCardPayment'> => ({
    createPaymentMethod: async () => ({ paymentMethod: { id: 'pm_1' } }),
    confirmCardPayment: async () => ({ paymentIntent: { status: 'succeeded' } }),
    ...overrides,
  });

  it('pays the invoice with the new payment method', async () => {
    const paidWith: string[] = [];
    expect(await payWithCard(stripe(), card, async (id) => (paidWith.push(id), { success: true }), 'a@b.example')).toEqual({ kind: 'paid' });
    expect(paidWith).toEqual(['pm_1']);
  });

  it('3-D Secure: confirms with the secret the API answers', async () => {
    const steps: string[] = [];
    const result = await payWithCard(
      stripe({ confirmCardPayment: async (secret) => (steps.push(`confirm ${secret}`), { paymentIntent: { status: 'succeeded' } }) }),
      card,
      async () => ({ action: 'confirm_payment', clientSecret: 'pi_1_secret_x' }),
      'a@b.example',
      () => steps.push('challenge opens'),
    );
    expect(result).toEqual({ kind: 'paid' });
    // The page's modal steps aside before Stripe.js opens the bank's challenge.
    expect(steps).toEqual(['challenge opens', 'confirm pi_1_secret_x']);
  });

  it('names each failure as §8 does', async () => {
    expect(await payWithCard(stripe({ createPaymentMethod: async () => ({ error: { message: 'Your card number is incomplete.' } }) }), card, async () => ({}), 'a@b.example')).toMatchObject({ title: PAYMENT_METHOD_SETUP_FAILED });
    const declined = new ApiError(402, JSON.stringify({ error: 'Your card was declined.', code: 'card_declined' }), 'Payment Required');
    expect(await payWithCard(stripe(), card, async () => Promise.reject(declined), 'a@b.example')).toEqual({ kind: 'failed', title: PAYMENT_FAILED, message: 'Your card was declined.' });
    expect(await payWithCard(stripe(), card, async () => Promise.reject(new ApiError(500, '{}', 'x')), 'a@b.example')).toMatchObject({ title: FAILED_TO_PROCESS_PAYMENT });
    expect(
      await payWithCard(stripe({ confirmCardPayment: async () => ({ error: { message: 'Authentication failed', code: 'payment_intent_authentication_failure' } }) }), card, async () => ({ action: 'confirm_payment', clientSecret: 's' }), 'a@b.example'),
    ).toEqual({ kind: 'failed', title: PAYMENT_FAILED, message: 'Authentication failed (payment_intent_authentication_failure)' });
  });
});
