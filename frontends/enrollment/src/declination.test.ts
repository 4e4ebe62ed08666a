import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@portal/client';
import { isDeclined, isNotFoundError, signedOnDate } from './declination.ts';

describe('declination confirmation', () => {
  it('confirms only declined enrollments', () => {
    expect(isDeclined({ status: 'declined' })).toBe(true);
    expect(isDeclined({ status: 'pending' })).toBe(false);
    expect(isDeclined(undefined)).toBe(false);
  });

  it('dates the decision by updatedAt, else createdAt', () => {
    expect(signedOnDate({ status: 'declined', createdAt: '2026-01-02T10:00:00Z', updatedAt: '2026-03-04T10:00:00Z' }, 'UTC')).toBe('March 4, 2026');
    expect(signedOnDate({ status: 'declined', createdAt: '2026-01-02T10:00:00Z', updatedAt: null }, 'UTC')).toBe('January 2, 2026');
    expect(signedOnDate({ status: 'declined', createdAt: '2026-01-02T10:00:00Z', updatedAt: 'garbage' }, 'UTC')).toBe('January 2, 2026');
    expect(signedOnDate({ status: 'declined', createdAt: '' }, 'UTC')).toBeNull();
  });

  it('treats 404 as not found and server failures as retryable', () => {
    expect(isNotFoundError(new ApiError(404, '', 'Not Found'))).toBe(true);
    expect(isNotFoundError(new ApiError(500, '', 'Server Error'))).toBe(false);
    expect(isNotFoundError(new TypeError('Failed to fetch'))).toBe(false);
    // An ApiError from another bundle's copy of @portal/client (the shell's default query function).
    expect(isNotFoundError(Object.assign(new Error('404: {}'), { name: 'ApiError', status: 404 }))).toBe(true);
  });
});
