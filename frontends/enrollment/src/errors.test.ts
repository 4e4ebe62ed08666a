import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiError } from '@portal/client';
import { createEnrollmentErrorNotice, saveFailure } from './errors.ts';
import { paymentMessages } from './payment/i18n.ts';

// The screens' texts come from the catalogs; these tests read them in English.
beforeAll(() => paymentMessages.load('en-US'));

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

describe('saveFailure (POST /api/enrollments)', () => {
  const SAVE = 'Failed to save patient information. Please verify the provided information. If the problem persists, please call the practice for assistance.';

  it('puts each 400 message under its field', () => {
    const outcome = saveFailure(
      failure(400, {
        error: 'Validation failed',
        message: 'Invalid ZIP code format',
        errors: [
          { field: 'zipCode', message: 'Invalid ZIP code format' },
          { field: 'state', message: 'State must be 2 characters' },
          { field: 'zipCode', message: 'second message is ignored' },
        ],
      }),
    );
    expect(outcome).toEqual({
      kind: 'fields',
      errors: { zipCode: 'Invalid ZIP code format', state: 'State must be 2 characters' },
      notice: { title: 'Validation failed', description: 'Invalid ZIP code format' },
    });
  });

  it("shows the server's title and message for the age, Medicaid and already-enrolled refusals", () => {
    expect(saveFailure(failure(403, { error: 'Age Requirement Not Met', message: 'Only 27 and older.' }))).toEqual({
      kind: 'notice',
      notice: { title: 'Age Requirement Not Met', description: 'Only 27 and older.' },
    });
    expect(saveFailure(failure(403, { error: 'Office Enrollment Required', message: 'Call the office.' })).notice.title).toBe('Office Enrollment Required');
    expect(saveFailure(failure(409, { error: 'Already Enrolled', message: 'You are a member.' })).notice).toEqual({
      title: 'Already Enrolled',
      description: 'You are a member.',
    });
  });

  it("shows the caregiver and existing-patient refusals, and the spec's text when attempts run out", () => {
    expect(saveFailure(failure(403, { error: 'Caregiver Not Authorized', message: 'Contact the practice.' })).notice).toEqual({
      title: 'Caregiver Not Authorized',
      description: 'Contact the practice.',
    });
    expect(saveFailure(failure(409, { error: 'Existing Patient', message: 'Choose existing.' })).notice.title).toBe('Existing Patient');
    expect(saveFailure(failure(429, { error: 'Too many requests', retryAfterSeconds: 60 })).notice).toEqual({
      title: 'Error',
      description: 'Too many attempts. Please try again later',
    });
  });

  it("shows the spec's 'Verification Error: Unable to verify your identity.' when the form's email or phone is not the verified one", () => {
    expect(saveFailure(failure(403, { error: 'Verification Error', message: 'Unable to verify your identity.' }))).toEqual({
      kind: 'notice',
      notice: { title: 'Verification Error', description: 'Unable to verify your identity.' },
    });
    // The spec's text, whatever the server words it as.
    expect(saveFailure(failure(403, { error: 'Verification Error', message: 'Something else' })).notice.description).toBe('Unable to verify your identity.');
    expect(saveFailure(failure(403, { error: 'Verification Error' })).notice.description).toBe('Unable to verify your identity.');
  });

  it('names a refusal only with the status the API gives it, and only from a body that decodes', () => {
    for (const error of [
      failure(500, { error: 'Existing Patient', message: 'x' }),
      failure(409, { error: 'Caregiver Not Authorized', message: 'x' }),
      failure(403, { error: 42, message: 'Unable to verify your identity.' }),
      failure(403, { message: 'Unable to verify your identity.' }),
    ]) {
      expect(saveFailure(error)).toEqual({ kind: 'notice', notice: { title: 'Error', description: SAVE } });
    }
  });

  it("says 'Failed to save patient information...' for 404, 422, other errors and network failures", () => {
    for (const error of [
      failure(404, { error: 'Not Found' }),
      failure(422, { error: 'Unprocessable' }),
      failure(500, { error: 'Internal Server Error', requestId: 'r' }),
      failure(400, { error: 'Invalid JSON body' }),
      failure(403, { error: 'Forbidden', message: 'x' }),
      new TypeError('Failed to fetch'),
    ]) {
      expect(saveFailure(error)).toEqual({ kind: 'notice', notice: { title: 'Error', description: SAVE } });
    }
  });

  it('asks to verify again on a 401', () => {
    expect(saveFailure(failure(401, { error: 'Verification Expired' }))).toEqual({
      kind: 'verification-expired',
      notice: { title: 'Verification Expired', description: 'Please verify your email and phone again.' },
    });
  });
});
