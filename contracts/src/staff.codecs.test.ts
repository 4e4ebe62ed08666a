import { describe, expect, it } from '@jest/globals';
import { PAID_TIER_CODES } from '@portal/core';
import {
  StaffCreateSubscriptionRequest,
  StaffCreateSubscriptionResponse,
  StaffLogoutResponse,
  StaffOtpForm,
  StaffPatientSearchRequest,
  StaffPatientSearchResponse,
  StaffSendOtpRequest,
  StaffSendOtpResponse,
  StaffVerifyOtpRequest,
  StaffVerifyOtpResponse,
  StaffVerifySessionRequest,
  StaffVerifySessionResponse,
} from './staff.codecs.ts';
import { expectOnlyError, expectValid, without } from './test-support.ts';
import type { MessageCase } from './test-support.ts';

const search = { firstName: 'Ann', lastName: 'Lee', dateOfBirth: '03/15/1980' };
const address = { line1: '1150 Smithfield Avenue', line2: 'Suite 2', city: 'Lincoln', state: 'RI', postalCode: '02865' };
const subscription = {
  patientId: '123',
  membershipTier: '120_annual',
  email: 'ann@example.com',
  address,
  paymentMethod: 'card',
  patientName: 'Ann Lee',
  department: '1',
};

describe('staff: one test per message (booking-dashboard-staff §5 and ours)', () => {
  const cases: ReadonlyArray<MessageCase> = [
    ['First name is required', StaffPatientSearchRequest, without(search, 'firstName'), 'firstName'],
    ['Last name is required', StaffPatientSearchRequest, { ...search, lastName: '' }, 'lastName'],
    ['Date of birth is required', StaffPatientSearchRequest, without(search, 'dateOfBirth'), 'dateOfBirth'],
    ['Date of birth must be in MM/DD/YYYY format', StaffPatientSearchRequest, { ...search, dateOfBirth: '1980-03-15' }, 'dateOfBirth'],
    ['Verification code is required', StaffOtpForm, { otpCode: '' }, 'otpCode'],
    ['Verification code must be 6 characters', StaffOtpForm, { otpCode: '12345' }, 'otpCode'],
    ['Session token is required', StaffVerifyOtpRequest, { otpCode: '123456' }, 'sessionToken'],
    ['Email is required', StaffSendOtpRequest, {}, 'email'],
    ['Please enter a valid email address', StaffSendOtpRequest, { email: 'staff' }, 'email'],
    ['State must be at most 2 characters', StaffCreateSubscriptionRequest, { ...subscription, address: { ...address, state: 'RIX' } }, 'address.state'],
    [
      'ZIP code must be at most 10 characters',
      StaffCreateSubscriptionRequest,
      { ...subscription, address: { ...address, postalCode: '02865-12345' } },
      'address.postalCode',
    ],
    ['Address line 1 is required', StaffCreateSubscriptionRequest, { ...subscription, address: without(address, 'line1') }, 'address.line1'],
    ['City is required', StaffCreateSubscriptionRequest, { ...subscription, address: without(address, 'city') }, 'address.city'],
    ['State is required', StaffCreateSubscriptionRequest, { ...subscription, address: without(address, 'state') }, 'address.state'],
    ['ZIP code is required', StaffCreateSubscriptionRequest, { ...subscription, address: without(address, 'postalCode') }, 'address.postalCode'],
    ['Billing address is required', StaffCreateSubscriptionRequest, without(subscription, 'address'), 'address'],
    [
      'Staff can only create subscriptions for paid membership tiers',
      StaffCreateSubscriptionRequest,
      { ...subscription, membershipTier: 'decline' },
      'membershipTier',
    ],
    ['Please select a membership tier', StaffCreateSubscriptionRequest, without(subscription, 'membershipTier'), 'membershipTier'],
    ['Patient ID is required', StaffCreateSubscriptionRequest, without(subscription, 'patientId'), 'patientId'],
    ['Please select a payment method', StaffCreateSubscriptionRequest, without(subscription, 'paymentMethod'), 'paymentMethod'],
    ['Invalid payment method', StaffCreateSubscriptionRequest, { ...subscription, paymentMethod: 'cash' }, 'paymentMethod'],
    ['Patient name is required', StaffCreateSubscriptionRequest, without(subscription, 'patientName'), 'patientName'],
    ['Please select a practice location', StaffCreateSubscriptionRequest, without(subscription, 'department'), 'department'],
  ];

  it.each(cases)('%s', (message, codec, input, field) => {
    expectOnlyError(codec, input, field, message);
  });

  it('decline_hardship is refused too', () => {
    expectOnlyError(
      StaffCreateSubscriptionRequest,
      { ...subscription, membershipTier: 'decline_hardship' },
      'membershipTier',
      'Staff can only create subscriptions for paid membership tiers',
    );
  });
});

describe('staff requests: valid inputs and normalisation', () => {
  it('send-otp lowercases and trims the staff email', () => {
    expect(expectValid(StaffSendOtpRequest, { email: '  Front.Desk@Practice.EXAMPLE ' })).toEqual({ email: 'front.desk@practice.example' });
  });

  it('verify-otp', () => {
    expect(expectValid(StaffVerifyOtpRequest, { sessionToken: 'tok', otpCode: ' 123456 ' })).toEqual({ sessionToken: 'tok', otpCode: '123456' });
  });

  it('verify-session', () => {
    expect(expectValid(StaffVerifySessionRequest, { email: 'Desk@Practice.example' })).toEqual({ email: 'desk@practice.example' });
  });

  it('patient-search', () => {
    expect(expectValid(StaffPatientSearchRequest, search)).toEqual(search);
  });

  it('create-subscription for each paid tier, card or manual payment; state uppercased', () => {
    for (const membershipTier of PAID_TIER_CODES) {
      expect(expectValid(StaffCreateSubscriptionRequest, { ...subscription, membershipTier }).membershipTier).toBe(membershipTier);
    }
    const decoded = expectValid(StaffCreateSubscriptionRequest, {
      ...subscription,
      paymentMethod: 'manual_payment',
      address: { ...without(address, 'line2'), state: 'ri' },
    });
    expect(decoded.paymentMethod).toBe('manual_payment');
    expect(decoded.address).toEqual({ ...without(address, 'line2'), state: 'RI' });
  });
});

describe('staff answers', () => {
  it('decode what the API sends', () => {
    expectValid(StaffSendOtpResponse, { sessionToken: 'tok', message: 'If this address is registered, a code was sent.' });
    expectValid(StaffVerifyOtpResponse, { email: 'desk@practice.example', expiresAt: '2026-11-25T23:26:47.000Z' });
    expectValid(StaffVerifySessionResponse, { valid: true, email: 'desk@practice.example', expiresAt: '2026-11-25T23:26:47.000Z' });
    expectValid(StaffLogoutResponse, { success: true });
    expectValid(StaffPatientSearchResponse, {
      patients: [
        {
          patientid: '123',
          firstname: 'Ann',
          lastname: 'Lee',
          dob: '03/15/1980',
          email: 'ann@example.com',
          address1: '1150 Smithfield Avenue',
          city: 'Lincoln',
          state: 'RI',
          zip: '02865',
          primarydepartmentid: '1',
          primaryproviderid: '15',
          customfields: [{ customfieldid: '21', customfieldvalue: 'Y' }],
        },
      ],
    });
    expectValid(StaffCreateSubscriptionResponse, { subscriptionId: 'sub_1', clientSecret: 'cs', intentType: 'payment', invoiceId: 'in_1' });
    expectValid(StaffCreateSubscriptionResponse, { subscriptionId: 'sub_1', clientSecret: null, intentType: null, invoiceId: null });
  });
});
