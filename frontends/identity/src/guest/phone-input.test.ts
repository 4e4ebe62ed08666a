import { describe, expect, it } from '@jest/globals';
import { checkPhone, displayPhone, formatPhoneAsTyped, isInternational, nextPhoneInput } from './phone-input.ts';

describe('formatPhoneAsTyped', () => {
  it('formats a US number as (xxx) xxx-xxxx while it is typed', () => {
    expect(formatPhoneAsTyped('')).toBe('');
    expect(formatPhoneAsTyped('4')).toBe('(4');
    expect(formatPhoneAsTyped('401')).toBe('(401');
    expect(formatPhoneAsTyped('4015')).toBe('(401) 5');
    expect(formatPhoneAsTyped('401555')).toBe('(401) 555');
    expect(formatPhoneAsTyped('4015550')).toBe('(401) 555-0');
    expect(formatPhoneAsTyped('4015550101')).toBe('(401) 555-0101');
    expect(formatPhoneAsTyped('401.555.0101')).toBe('(401) 555-0101');
  });

  it('keeps an international number as + and its digits (at most 15)', () => {
    expect(formatPhoneAsTyped('+')).toBe('+');
    expect(formatPhoneAsTyped('+44 20 7946 0958')).toBe('+442079460958');
    expect(formatPhoneAsTyped('14015550101')).toBe('+14015550101');
    expect(formatPhoneAsTyped('+1234567890123456789')).toBe('+123456789012345');
    expect(isInternational('+44')).toBe(true);
    expect(isInternational('(401) 555-0101')).toBe(false);
  });
});

describe('nextPhoneInput', () => {
  it('removes the digit before a formatting character deleted with backspace', () => {
    expect(nextPhoneInput('(401) 5', '(401)5')).toBe('(401');
    expect(nextPhoneInput('(401) 555-0', '(401) 555')).toBe('(401) 555');
    expect(nextPhoneInput('(401', '(40')).toBe('(40');
  });

  it('formats typed and pasted text', () => {
    expect(nextPhoneInput('(401) 55', '(401) 555')).toBe('(401) 555');
    expect(nextPhoneInput('', '401-555-0101')).toBe('(401) 555-0101');
  });
});

describe('checkPhone', () => {
  it('sends a US number with +1 and an international one as typed (E.164)', () => {
    expect(checkPhone('(401) 555-0101')).toEqual({ ok: true, e164: '+14015550101' });
    expect(checkPhone('+442079460958')).toEqual({ ok: true, e164: '+442079460958' });
  });

  it("gives the spec's messages", () => {
    expect(checkPhone('')).toEqual({ ok: false, message: 'Phone number is required' });
    expect(checkPhone('(401) 555')).toEqual({ ok: false, message: 'Phone number must be at least 10 digits' });
    expect(checkPhone('(012) 555-0101')).toEqual({ ok: false, message: 'Please enter a valid phone number' });
  });
});

describe('displayPhone', () => {
  it('shows a US number as (xxx) xxx-xxxx and others unchanged', () => {
    expect(displayPhone('+14015550101')).toBe('(401) 555-0101');
    expect(displayPhone('+442079460958')).toBe('+442079460958');
  });
});
