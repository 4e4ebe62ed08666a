import { describe, expect, it } from '@jest/globals';
import {
  BillingEmailForm,
  CheckoutMemo,
  ConflictResponse,
  CustomerCheckResponse,
  PAY_INVOICE_MISSING_MESSAGE,
  PayInvoiceRequest,
  PayInvoiceResponse,
  PortalSessionResponse,
  ReactivateSubscriptionRequest,
  ReactivateSubscriptionResponse,
  RecordPaymentRequest,
  RecordPaymentResponse,
  STAFF_PAY_INVOICE_MISSING_MESSAGE,
  StaffPayInvoiceRequest,
  SubscriptionSetupResponse,
  SubscriptionStatusResponse,
} from './payment.codecs.ts';
import { expectOnlyError, expectValid, without } from './test-support.ts';
import type { MessageCase } from './test-support.ts';

const charge = { invoiceId: 'in_1', paymentMethodId: 'pm_1', subscriptionId: 'sub_1' };

describe('payment: one test per message', () => {
  const cases: ReadonlyArray<MessageCase> = [
    // enrollment-and-payment §5 Payment
    ['Missing payment/invoice/subscription info to complete charge.', PayInvoiceRequest, without(charge, 'invoiceId'), 'invoiceId'],
    // booking-dashboard-staff §5
    ['Missing payment information to complete charge', StaffPayInvoiceRequest, without(charge, 'paymentMethodId'), 'paymentMethodId'],
    ['Invalid billing email address', RecordPaymentRequest, { billingEmail: 'billing.example.com' }, 'billingEmail'],
    ['Confirmation is required', ReactivateSubscriptionRequest, { confirmed: false }, 'confirmed'],
    ['Billing email is required', BillingEmailForm, { useDifferentBillingEmail: true, billingEmail: '' }, 'billingEmail'],
  ];

  it.each(cases)('%s', (message, codec, input, field) => {
    expectOnlyError(codec, input, field, message);
  });

  it('every missing id gives the checkout message, once per field', () => {
    for (const field of ['invoiceId', 'paymentMethodId', 'subscriptionId']) {
      expectOnlyError(PayInvoiceRequest, without(charge, field), field, PAY_INVOICE_MISSING_MESSAGE);
      expectOnlyError(StaffPayInvoiceRequest, without(charge, field), field, STAFF_PAY_INVOICE_MISSING_MESSAGE);
    }
  });
});

describe('payment requests: valid inputs', () => {
  it('POST /api/stripe/pay-invoice (patient and staff)', () => {
    expect(expectValid(PayInvoiceRequest, charge)).toEqual(charge);
    expect(expectValid(StaffPayInvoiceRequest, charge)).toEqual(charge);
  });

  it('POST /api/enrollments/{id}/payment: empty, billing email, payment method', () => {
    expect(expectValid(RecordPaymentRequest, {})).toEqual({});
    expect(expectValid(RecordPaymentRequest, { billingEmail: ' b@example.com ' })).toEqual({ billingEmail: 'b@example.com' });
    expect(expectValid(RecordPaymentRequest, { paymentMethodId: 'pm_1', billingEmail: '' })).toEqual({ paymentMethodId: 'pm_1' });
  });

  it('POST /api/enrollments/{id}/reactivate-subscription', () => {
    expect(expectValid(ReactivateSubscriptionRequest, { confirmed: true })).toEqual({ confirmed: true });
  });

  it('billing email form: unchecked ignores the email, checked requires a valid one', () => {
    expect(expectValid(BillingEmailForm, { billingEmail: 'ignored' })).toEqual({ useDifferentBillingEmail: false });
    expect(expectValid(BillingEmailForm, { useDifferentBillingEmail: true, billingEmail: 'b@example.com' })).toEqual({
      useDifferentBillingEmail: true,
      billingEmail: 'b@example.com',
    });
    expectOnlyError(BillingEmailForm, { useDifferentBillingEmail: true, billingEmail: 'b@' }, 'billingEmail', 'Invalid billing email address');
  });
});

describe('payment answers', () => {
  it('subscription setup response: ready, existing, error', () => {
    expectValid(SubscriptionSetupResponse, { clientSecret: 'cs', intentType: 'setup', invoiceId: 'in_1', subscriptionId: 'sub_1' });
    expectValid(SubscriptionSetupResponse, {
      requiresConfirmation: true,
      message: 'Your membership is set to end.',
      subscriptionData: { renewalDate: '2026-06-01T00:00:00.000Z' },
    });
    expectValid(SubscriptionSetupResponse, { error: 'Existing Active Subscription', message: 'You already have a membership.' });
    expect(() => expectValid(SubscriptionSetupResponse, { clientSecret: 'cs', intentType: 'other' })).toThrow();
  });

  it('conflict response', () => {
    expectValid(ConflictResponse, {
      error: 'Existing Active Subscription',
      message: 'm',
      existingSubscription: { status: 'active', renewalDate: null, message: 'm', subscriptionId: 'sub_1' },
    });
  });

  it('pay-invoice answers', () => {
    expectValid(PayInvoiceResponse, { action: 'confirm_payment', clientSecret: 'pi_secret' });
    expectValid(PayInvoiceResponse, { success: true });
    expectValid(PayInvoiceResponse, { error: 'Payment failed' });
  });

  it('other answers', () => {
    expectValid(RecordPaymentResponse, { success: true, status: 'active', receiptUrl: null });
    expectValid(ReactivateSubscriptionResponse, { message: 'Subscription Reactivated' });
    expectValid(PortalSessionResponse, { success: true, portalUrl: 'https://billing.example/session' });
    expectValid(PortalSessionResponse, { success: false, message: 'No customer' });
    expectValid(CustomerCheckResponse, { hasCustomer: false });
    expectValid(CheckoutMemo, { enrollmentId: 'e', subscriptionId: 's', invoiceId: 'i', intentType: 'payment' });
    const subscription = {
      id: 'sub_12345',
      productName: 'Enhanced Annual',
      nickname: null,
      memberName: 'Ann Lee',
      amount: 12000,
      interval: 'year',
      status: 'active',
      currentPeriodEnd: '2027-01-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      customer: { email: 'ann@example.com' },
    };
    const status = {
      hasActiveSubscription: true,
      subscriptionSummary: '1 active subscription',
      tier1Matches: 1,
      tier1Others: 0,
      tier2Matches: 0,
      subscriptions: { tier1PatientMatches: [subscription], tier1Others: [], tier2Matches: [] },
      enrollmentMessage: 'You are enrolled.',
      appointmentMessage: 'You can book appointments.',
      managedSubscriptionsEnabled: true,
      enrollMemberEnabled: false,
      bookAppointmentEnabled: true,
    };
    // Without the facts (a status kept from before them), and with them.
    expectValid(SubscriptionStatusResponse, status);
    const facts = {
      membership: 'active',
      tier: '120_annual',
      tierName: 'Enhanced Annual',
      viaCaregiver: false,
      periodEnd: '2027-01-01',
      cancelAtPeriodEnd: false,
      otherSubscriptions: 0,
      managedByCaregiver: 0,
    };
    const full = expectValid(SubscriptionStatusResponse, { ...status, summaryFacts: facts, enrollmentMessageCode: 'enrolled_in_tier', appointmentMessageCode: 'booking_available' });
    expect(full.summaryFacts).toEqual(facts);
    // A value added later does not fail decoding.
    expectValid(SubscriptionStatusResponse, { ...status, summaryFacts: { ...facts, membership: 'paused', tier: null, tierName: null, periodEnd: null }, enrollmentMessageCode: 'something_new' });
    expect(SubscriptionStatusResponse.is({ ...status, summaryFacts: { ...facts, otherSubscriptions: '2' } })).toBe(false);
  });
});
