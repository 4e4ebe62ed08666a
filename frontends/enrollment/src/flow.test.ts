import { describe, expect, it } from '@jest/globals';
import { afterCreatePath, declinationPath, payReturnUrl, screenFor, signaturePath } from './flow.ts';

describe('screenFor', () => {
  it('maps the provider-login sub-screens', () => {
    expect(screenFor('/enrollment/practice-location', '')).toEqual({ screen: 'practice-location' });
    expect(screenFor('/enrollment/membership-tier/', '')).toEqual({ screen: 'membership-tier' });
  });

  it('resumes at signing only with an id and step=signature', () => {
    expect(screenFor('/enrollment', '?id=abc&step=signature')).toEqual({ screen: 'signature', enrollmentId: 'abc' });
    expect(screenFor('/enrollment', '?id=abc')).toEqual({ screen: 'start' });
    expect(screenFor('/enrollment', '?step=signature')).toEqual({ screen: 'start' });
    expect(screenFor('/enrollment', '')).toEqual({ screen: 'start' });
  });

  it('reads the declination id from the path or from ?enrollmentId=', () => {
    expect(screenFor('/declination-confirmation/e-1', '')).toEqual({ screen: 'declination', enrollmentId: 'e-1' });
    expect(screenFor('/declination-confirmation/a%20b', '')).toEqual({ screen: 'declination', enrollmentId: 'a b' });
    expect(screenFor('/declination-confirmation', '?enrollmentId=e-2')).toEqual({ screen: 'declination', enrollmentId: 'e-2' });
    expect(screenFor('/declination-confirmation', '')).toEqual({ screen: 'declination', enrollmentId: null });
    expect(screenFor('/declination-confirmation/%E0%A4%A', '')).toEqual({ screen: 'declination', enrollmentId: null });
    expect(screenFor('/declination-confirmation/a/b', '').screen).toBe('not-found');
  });

  it('maps the payment and billing returns', () => {
    expect(screenFor('/pay/return', '?payment_intent_client_secret=pi_s')).toEqual({ screen: 'pay-return' });
    expect(screenFor('/pay/return/', '')).toEqual({ screen: 'pay-return' });
    expect(screenFor('/billing/return', '')).toEqual({ screen: 'billing-return' });
  });

  it('leaves anything else to not-found', () => {
    expect(screenFor('/enrollment/other', '').screen).toBe('not-found');
  });
});

describe('paths', () => {
  it('builds the signing and declination paths', () => {
    expect(signaturePath('e 1')).toBe('/enrollment?id=e+1&step=signature');
    expect(declinationPath('e/1')).toBe('/declination-confirmation/e%2F1');
  });

  it('builds the return URL from the site origin', () => {
    expect(payReturnUrl('https://portal.example')).toBe('https://portal.example/pay/return');
    expect(payReturnUrl('http://localhost:3000/')).toBe('http://localhost:3000/pay/return');
  });

  it('sends a declined enrollment to the declination confirmation, anything else to signing', () => {
    expect(afterCreatePath({ id: 'e1', status: 'declined' })).toBe('/declination-confirmation/e1');
    expect(afterCreatePath({ id: 'e1', status: 'pending' })).toBe('/enrollment?id=e1&step=signature');
    expect(afterCreatePath({ id: 'e1' })).toBe('/enrollment?id=e1&step=signature');
  });
});
