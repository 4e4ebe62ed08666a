import { describe, expect, it } from '@jest/globals';
import { formatPhone, formatPhoneInput, formatZip, telHref } from './format.ts';

describe('formatPhone', () => {
  it('formats 10 digits as (xxx) xxx-xxxx', () => {
    expect(formatPhone('4015550101')).toBe('(401) 555-0101');
  });
  it('drops a leading country code and punctuation', () => {
    expect(formatPhone('+1 401-555-0101')).toBe('(401) 555-0101');
  });
  it('leaves other values unchanged', () => {
    expect(formatPhone('555-0101')).toBe('555-0101');
  });
});

describe('formatPhoneInput', () => {
  it('formats as typed and stops at 10 digits', () => {
    expect(formatPhoneInput('4')).toBe('(4');
    expect(formatPhoneInput('40155')).toBe('(401) 55');
    expect(formatPhoneInput('401555010199')).toBe('(401) 555-0101');
    expect(formatPhoneInput('')).toBe('');
  });
});

describe('telHref and formatZip', () => {
  it('builds an international tel: link', () => {
    expect(telHref('(401) 555-0101')).toBe('tel:+14015550101');
  });
  it('hyphenates ZIP+4', () => {
    expect(formatZip('02865')).toBe('02865');
    expect(formatZip('028651234')).toBe('02865-1234');
  });
});
