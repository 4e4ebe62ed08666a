import { describe, expect, it } from '@jest/globals';
import { ApiError } from './api.ts';
import { API_ERROR_IDS, apiErrorOf, apiErrorText } from './api-error-text.ts';
import { clientMessages } from './i18n.ts';
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };

const slotTaken = new ApiError(409, JSON.stringify({ error: 'Booking Failed', code: 'BOOKING.SLOT_TAKEN', message: 'That time is no longer available. Please choose another time.' }), 'Conflict');

describe('an API error in the page’s language (issue 26)', () => {
  it('reads the code and message of a failed call', () => {
    expect(apiErrorOf(slotTaken)).toEqual({ code: 'BOOKING.SLOT_TAKEN', message: 'That time is no longer available. Please choose another time.' });
    expect(apiErrorOf(new ApiError(500, '', 'Internal Server Error'))).toEqual({ code: null, message: '500: Internal Server Error' });
    expect(apiErrorOf(new Error('offline'))).toEqual({ code: null, message: 'offline' });
  });

  it('English: the API’s message unchanged, known code or not', async () => {
    await clientMessages.load('en-US');
    expect(apiErrorText(apiErrorOf(slotTaken))).toBe('That time is no longer available. Please choose another time.');
    expect(apiErrorText({ code: 'SOMETHING.NEW', message: 'A new refusal.' })).toBe('A new refusal.');
  });

  it('Spanish: the catalog’s text for a known code, else a generic Spanish sentence with the way to help', async () => {
    await clientMessages.load('es-US');
    try {
      expect(apiErrorText(apiErrorOf(slotTaken))).toBe('Ese horario ya no está disponible. Por favor, elija otro horario.');
      const unknown = apiErrorText({ code: null, message: 'Validation failed' });
      expect(unknown).toBe(es['apiError.generic']);
      expect(unknown).toMatch(/consultorio/);
      expect(unknown).not.toMatch(/Validation/);
    } finally {
      await clientMessages.load('en-US');
    }
  });

  it('every patient-facing refusal code has a text in both catalogs', () => {
    for (const id of Object.values(API_ERROR_IDS)) {
      expect(en[id]).toEqual(expect.any(String));
      expect(es[id]).toEqual(expect.any(String));
      expect(es[id]).not.toBe(en[id]);
    }
  });
});

describe('the data client’s own sign-in failures', () => {
  it('are Spanish on a Spanish page', async () => {
    const { SIGN_IN_UNAVAILABLE } = await import('./sign-in-out.ts');
    await clientMessages.load('es-US');
    try {
      expect(apiErrorText(apiErrorOf(new Error(SIGN_IN_UNAVAILABLE)))).toBe(es['signIn.unavailable']);
    } finally {
      await clientMessages.load('en-US');
    }
    expect(apiErrorText(apiErrorOf(new Error(SIGN_IN_UNAVAILABLE)))).toBe(SIGN_IN_UNAVAILABLE);
  });
});
