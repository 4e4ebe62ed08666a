import { describe, expect, it } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import { decodeBody } from './validation.ts';
import {
  AVAILABILITY_QUERY_MESSAGE,
  AthenaId,
  AvailabilityQuery,
  DocumentSubmissionsQuery,
  OAuthCallbackQuery,
  SignInQuery,
  StaffAvailabilityQuery,
  StaffReportQuery,
  athenaIdOrNull,
} from './queries.codecs.ts';

const query = { departmentId: '1', appointmentTypeId: '5', week: '2' };

describe('AthenaId', () => {
  it('is 1 to 12 digits, nothing else', () => {
    expect(athenaIdOrNull('123456789012')).toBe('123456789012');
    for (const junk of ['', '1234567890123', '12a', ' 1', '-1', ['1'], 1, null, undefined, '１']) expect(athenaIdOrNull(junk)).toBeNull();
    expect(E.isRight(AthenaId.decode('7'))).toBe(true);
  });
});

describe('AvailabilityQuery', () => {
  it('decodes ids, the week and any (or no) provider as null', () => {
    expect(decodeBody(AvailabilityQuery, { ...query, providerId: 'any' })).toEqual(E.right({ ...query, week: 2, providerId: null }));
    expect(decodeBody(AvailabilityQuery, { ...query, providerId: '15' })).toEqual(E.right({ ...query, week: 2, providerId: '15' }));
    expect(decodeBody(AvailabilityQuery, query)).toEqual(E.right({ ...query, week: 2 }));
  });

  it('refuses anything else with the one message (weeks 6 to 9 are core’s to refuse)', () => {
    for (const bad of [{ ...query, departmentId: 'x' }, { ...query, appointmentTypeId: undefined }, { ...query, providerId: 'nobody' }, { ...query, week: '10' }, { ...query, week: ['1', '2'] }, {}]) {
      expect(decodeBody(AvailabilityQuery, bad)).toEqual(E.left({ errors: [{ field: '', message: AVAILABILITY_QUERY_MESSAGE }] }));
    }
    expect(decodeBody(AvailabilityQuery, { ...query, week: '9' })).toEqual(E.right({ ...query, week: 9 }));
  });

  it('for staff, the provider (or any) is required', () => {
    expect(E.isLeft(decodeBody(StaffAvailabilityQuery, query))).toBe(true);
    expect(decodeBody(StaffAvailabilityQuery, { ...query, providerId: 'any' })).toEqual(E.right({ ...query, week: 2, providerId: null }));
  });
});

describe('DocumentSubmissionsQuery', () => {
  it('defaults to failed and 100; a repeated key is the default', () => {
    expect(decodeBody(DocumentSubmissionsQuery, {})).toEqual(E.right({ status: 'failed', limit: 100 }));
    expect(decodeBody(DocumentSubmissionsQuery, { status: ['a', 'b'], limit: '500' })).toEqual(E.right({ status: 'failed', limit: 500 }));
  });

  it('refuses the first failing field only', () => {
    expect(decodeBody(DocumentSubmissionsQuery, { status: 'sideways', limit: '0' })).toEqual(E.left({ errors: [{ field: 'status', message: 'status must be failed' }] }));
    for (const limit of ['0', '501', '1e2', '00001', '']) {
      expect(decodeBody(DocumentSubmissionsQuery, { limit })).toEqual(E.left({ errors: [{ field: 'limit', message: 'limit must be a number from 1 to 500' }] }));
    }
  });
});

describe('StaffReportQuery', () => {
  it('takes from and to as sent, at most 10 characters, from first', () => {
    expect(decodeBody(StaffReportQuery, { from: '2026-01-01', to: '2026-12-31' })).toEqual(E.right({ from: '2026-01-01', to: '2026-12-31' }));
    expect(decodeBody(StaffReportQuery, {})).toEqual(E.left({ errors: [{ field: 'from', message: 'from is required (YYYY-MM-DD)' }] }));
    expect(decodeBody(StaffReportQuery, { from: '2026-01-01', to: '2026-12-31T00' })).toEqual(E.left({ errors: [{ field: 'to', message: 'to must be a date (YYYY-MM-DD)' }] }));
  });
});

describe('sign-in queries', () => {
  it('read a value only when it is one string, and never refuse', () => {
    expect(decodeBody(SignInQuery, { workflow: 'appointments', redirect: ['/a', '/b'] })).toEqual(E.right({ workflow: 'appointments' }));
    expect(decodeBody(OAuthCallbackQuery, { code: 'c', state: 's', extra: 'x' })).toEqual(E.right({ code: 'c', state: 's' }));
    expect(decodeBody(OAuthCallbackQuery, undefined)).toEqual(E.right({}));
  });
});
