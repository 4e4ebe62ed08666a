import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@portal/ui';
import { createEnrollmentErrorNotice } from './errors.ts';

const failure = (status: number, body: unknown): ApiError =>
  new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body), 'Error');

describe('createEnrollmentErrorNotice', () => {
  it("shows the server's title and message", () => {
    expect(
      createEnrollmentErrorNotice(
        failure(400, { error: 'Age Requirement Not Met', message: 'Enrollment is currently only open to patients aged 27 and older.' }),
      ),
    ).toEqual({ title: 'Age Requirement Not Met', description: 'Enrollment is currently only open to patients aged 27 and older.' });
    expect(createEnrollmentErrorNotice(failure(409, { error: 'Already Enrolled', message: 'You already have a membership.' })).title).toBe(
      'Already Enrolled',
    );
    expect(createEnrollmentErrorNotice(failure(403, { error: 'Office Enrollment Required', message: 'Call us.' })).description).toBe('Call us.');
  });

  it('falls back to the generic texts', () => {
    const generic = { title: 'Error creating enrollment', description: 'Failed to create enrollment. Please try again.' };
    expect(createEnrollmentErrorNotice(failure(500, 'Internal Server Error'))).toEqual(generic);
    expect(createEnrollmentErrorNotice(new TypeError('Failed to fetch'))).toEqual(generic);
    expect(createEnrollmentErrorNotice(failure(400, { error: 'Practice location required' }))).toEqual({
      title: 'Practice location required',
      description: 'Failed to create enrollment. Please try again.',
    });
  });
});
