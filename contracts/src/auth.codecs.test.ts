import { describe, expect, it } from '@jest/globals';
import {
  AuthConfigResponse,
  AuthStatusResponse,
  BillingEmailSessionUpdate,
  ContactSessionUpdate,
  ExtendSessionResponse,
  LocationSessionUpdate,
  LogoutResponse,
  PatientContactsResponse,
  SessionExpiredResponse,
  SessionResponse,
  UpdateSessionRequest,
  UpdateSessionResponse,
} from './auth.codecs.ts';
import { expectOnlyError, expectValid } from './test-support.ts';
import type { MessageCase } from './test-support.ts';

const contactChoice = { practiceLocation: '1', workflowType: 'enrollment', selectedContactId: '5101', selectedContactType: 'patient' };

describe('POST /api/auth/update-session: one test per message', () => {
  const cases: ReadonlyArray<MessageCase> = [
    // enrollment-and-payment §5 Eligibility, provider-login location step
    ['Practice location required', UpdateSessionRequest, { workflowType: 'enrollment', hasMedicareInsurance: 'no' }, 'practiceLocation'],
    ['Medicare/Medicaid participation required', UpdateSessionRequest, { practiceLocation: '2', workflowType: 'enrollment' }, 'hasMedicareInsurance'],
    [
      'Medicaid participants must complete enrollment by calling or visiting our office during business hours.',
      UpdateSessionRequest,
      { practiceLocation: '2', workflowType: 'enrollment', hasMedicareInsurance: 'both' },
      'hasMedicareInsurance',
    ],
    ['Invalid practice location', UpdateSessionRequest, { practiceLocation: '5', workflowType: 'appointments' }, 'practiceLocation'],
    ['Workflow type is required', UpdateSessionRequest, { practiceLocation: '1' }, 'workflowType'],
    ['Invalid workflow type', UpdateSessionRequest, { practiceLocation: '1', workflowType: 'billing' }, 'workflowType'],
    ['Please select who this enrollment is for', UpdateSessionRequest, { ...contactChoice, selectedContactId: '' }, 'selectedContactId'],
    ['Invalid contact type', UpdateSessionRequest, { ...contactChoice, selectedContactType: 'friend' }, 'selectedContactType'],
    ['Billing email is required', UpdateSessionRequest, { billingEmail: '' }, 'billingEmail'],
    ['Invalid billing email address', UpdateSessionRequest, { billingEmail: 'billing@' }, 'billingEmail'],
    ['Request body must be a JSON object', UpdateSessionRequest, 'practiceLocation=1', ''],
  ];

  it.each(cases)('%s', (message, codec, input, field) => {
    expectOnlyError(codec, input, field, message);
  });
});

describe('POST /api/auth/update-session: the three valid bodies', () => {
  it('billing email (provider-login only)', () => {
    const decoded = expectValid(UpdateSessionRequest, { billingEmail: ' billing@example.com ' });
    expect(decoded).toEqual({ billingEmail: 'billing@example.com' });
    expect(BillingEmailSessionUpdate.is(decoded)).toBe(true);
  });

  it('practice location, workflow and Medicare status', () => {
    const decoded = expectValid(UpdateSessionRequest, { practiceLocation: '8', workflowType: 'enrollment', hasMedicareInsurance: 'medicare' });
    expect(decoded).toEqual({ practiceLocation: '8', workflowType: 'enrollment', hasMedicareInsurance: 'medicare' });
    expect(LocationSessionUpdate.is(decoded)).toBe(true);
  });

  it('practice location for appointments needs no Medicare status', () => {
    expect(expectValid(UpdateSessionRequest, { practiceLocation: '2', workflowType: 'appointments' })).toEqual({
      practiceLocation: '2',
      workflowType: 'appointments',
    });
  });

  it('practice location, workflow and the selected contact', () => {
    const decoded = expectValid(UpdateSessionRequest, { ...contactChoice, selectedContactType: 'caregiver' });
    expect(decoded).toEqual({ ...contactChoice, selectedContactType: 'caregiver' });
    expect(ContactSessionUpdate.is(decoded)).toBe(true);
  });

  it('encodes any variant', () => {
    expect(UpdateSessionRequest.encode({ billingEmail: 'b@example.com' })).toEqual({ billingEmail: 'b@example.com' });
  });
});

describe('auth answers', () => {
  it('session response, signed in and out', () => {
    expectValid(SessionResponse, { isAuthenticated: false });
    expectValid(SessionResponse, {
      isAuthenticated: true,
      patientId: '123',
      patientName: 'Ann Lee',
      isCaregiver: true,
      caregiver: { name: 'Cy Lee' },
      email: 'ann@example.com',
      practiceLocation: '1',
      birthDate: '1980-03-15',
      phone: '4015550101',
    });
  });

  it('auth status, config, logout, session expired, contacts, update-session', () => {
    expectValid(AuthStatusResponse, {
      isAuthenticated: true,
      user: {
        id: 'u1',
        patientId: '123',
        numericPatientId: 123,
        name: 'Ann Lee',
        birthDate: '1980-03-15',
        gender: 'F',
        email: null,
        phone: null,
      },
      sessionInfo: { expiresAt: '2026-01-01T00:00:00.000Z' },
    });
    expectValid(AuthConfigResponse, { clientId: 'c', redirectUri: 'http://localhost:3000/cb', authorizeUrl: 'http://x/authorize' });
    expectValid(ExtendSessionResponse, { expiresAt: '2026-01-01T00:30:00.000Z' });
    expectValid(LogoutResponse, { clearClientData: true });
    expectValid(SessionExpiredResponse, { error: 'Session expired', redirect: '/login', clearClientData: true });
    expectValid(PatientContactsResponse, {
      contacts: [
        { id: 'p-1', type: 'patient', displayName: 'Ann Lee', displayEmail: 'a@example.com', isCurrentPatient: true, relationship: null },
        { id: 'p-2', type: 'caregiver', displayName: 'Bo Lee', displayEmail: null, isCurrentPatient: false, relationship: 'Child' },
      ],
    });
    expectValid(UpdateSessionResponse, { success: true });
  });
});
