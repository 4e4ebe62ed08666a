import { describe, expect, it } from '@jest/globals';
import { LogScanner, mask, type Facts } from './log-scanner.ts';

const facts: Facts = {
  people: [
    {
      id: '5101',
      firstname: 'Margaret',
      lastname: 'Sullivan',
      dob: '04/12/1979',
      ssn: '900994412',
      email: 'margaret.sullivan@example.com',
      phones: ['4015550111'],
      address: '42 Old River Road',
      seeded: true,
    },
    { id: '5109', firstname: 'Nora', lastname: 'Quinn', dob: '03/02/1955', ssn: '900997001', email: null, phones: [], seeded: true },
    { id: '5108', firstname: 'Olivia', lastname: 'Hart', dob: '06/30/1980', ssn: '900994508', email: 'olivia.hart@example.com', phones: [], seeded: true },
    // Registered during a run: only the full name counts ("Contact" alone is an ordinary word).
    { id: '5201', firstname: 'No', lastname: 'Contact', dob: '1990-01-15', ssn: '900991234', phones: ['4015550188'] },
  ],
  contacts: ['ann.guest@example.com', '+14015550199'],
  codes: ['482913'],
  tokens: ['8wx-xCI0TOJS_y7uENun5fOLpOu57DAuBofcCa0GJZA', '0.sbx.3wlxGwMwv23xqV_IHX0RkiwXE_MGNhGVRrdf9tSsBgpPIBtZT9TQ7oBgeVxFa2fK'],
};

const scanner = new LogScanner(facts);
const kinds = (line: string) => scanner.scan(line).map((hit) => `${hit.kind}: ${hit.what}`);

describe('the log scanner finds', () => {
  it('a planted name, in full or alone, in any case for the full name', () => {
    expect(kinds('{"msg":"patient Margaret Sullivan matched"}')).toEqual(['name: person 5101 full name']);
    expect(kinds('{"msg":"SULLIVAN, MARGARET"}')).toEqual(['name: person 5101 full name']);
    expect(kinds('{"lastname":"Sullivan"}')).toEqual(['name: person 5101 last name']);
    expect(kinds('{"who":"Nora"}')).toEqual(['name: person 5109 first name']);
    expect(kinds('{"msg":"created No Contact"}')).toEqual(['name: person 5201 full name']);
  });

  it('birth dates in both formats', () => {
    expect(kinds('{"dob":"04/12/1979"}')).toEqual(['birth date: person 5101 birth date']);
    expect(kinds('{"dob":"1979-04-12"}')).toEqual(['birth date: person 5101 birth date']);
    expect(kinds('{"dob":"4/12/1979"}')).toEqual(['birth date: person 5101 birth date']);
    expect(kinds('{"dob":"01/15/1990"}')).toEqual(['birth date: person 5201 birth date']);
  });

  it('a planted SSN, whole or its last four after an SSN key, and anything SSN-shaped', () => {
    expect(kinds('{"msg":"ssn 900-99-4412"}')).toEqual(['ssn: person 5101 SSN']);
    expect(kinds('{"x":"900994412"}')).toEqual(['ssn: person 5101 SSN']);
    expect(kinds('{"msg":"123-45-6789"}')).toEqual(['ssn: SSN-shaped number']);
    expect(kinds('{"ssnLast4":"4412"}')).toEqual(['ssn: SSN last four']);
    expect(kinds('{"ssnLast4":"[redacted]","card":{"last4":"4242"}}')).toEqual([]);
  });

  it('emails and phone numbers, however written', () => {
    expect(kinds('{"to":"Margaret.Sullivan@example.com"}')).toEqual(['email: person 5101 email']);
    expect(kinds('{"to":"someone@else.org"}')).toEqual(['email: email address']);
    expect(kinds('{"to":"ann.guest@example.com"}')).toEqual(['email: email a code was sent to']);
    for (const phone of ['4015550111', '(401) 555-0111', '401-555-0111', '401.555.0111', '+1 401 555 0111', '+14015550111']) {
      expect(kinds(`{"phone":"${phone}"}`)).toEqual(['phone: person 5101 phone']);
    }
    expect(kinds('{"phone":"+14015550199"}')).toEqual(['phone: phone a code was sent to']);
    expect(kinds('{"phone":"4015550123"}')).toEqual(['phone: 401-555 phone number']);
    expect(kinds('{"phone":"+12125550123"}')).toEqual(['phone: E.164 phone number']);
  });

  it('street addresses and card numbers', () => {
    expect(kinds('{"msg":"lives at 42 old river road"}')).toEqual(['address: person 5101 street address']);
    expect(kinds('{"card":"4242 4242 4242 4242"}')).toEqual(['card: card number']);
    expect(kinds('{"card":"4000002500003155"}')).toEqual(['card: card number']);
    expect(kinds('{"card":"4000-0025-0000-3155"}')).toEqual(['card: card number']);
    expect(kinds('{"card":"4242424242424241"}')).toEqual([]);
  });

  it('codes and tokens issued in the run, and secret shapes', () => {
    expect(kinds('{"msg":"Your code is 482913"}')).toEqual(['code: one-time code issued in the run']);
    expect(kinds('{"secret":"8wx-xCI0TOJS_y7uENun5fOLpOu57DAuBofcCa0GJZA"}')).toEqual(['token: token or secret issued in the run']);
    expect(kinds('{"t":"0.sbx.3wlxGwMwv23xqV_IHX0RkiwXE_MGNhGVRrdf9tSsBgpPIBtZT9TQ7oBgeVxFa2fK"}')).toEqual(['token: token or secret issued in the run']);
    expect(kinds('{"h":"X-Verification-Token: verified_eyJlbWFpbCI6ImEifQ.c2lnbmF0dXJl"}')).toEqual(['token: guest verification token (verified_)']);
    expect(kinds('{"cookie":"portal_session=abcdefghijklmnop"}')).toEqual(['token: session cookie']);
    expect(kinds('{"a":"Bearer abcdefghijklmnop"}')).toEqual(['token: Authorization credentials']);
    expect(kinds('{"k":"sk_test_portal_sandbox"}')).toEqual(['key: Stripe secret key']);
    expect(kinds('{"k":"whsec_portal_sandbox"}')).toEqual(['key: Stripe webhook secret']);
    expect(kinds('{"k":"pi_123_secret_abcdefgh"}')).toEqual(['key: Stripe client secret']);
    expect(kinds('{"basic":"portal-sandbox-secret"}')).toEqual(["key: provider sandbox's secret"]);
    expect(kinds('{"jwt":"eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0."}')).toEqual(['token: JWT']);
    expect(kinds('{"session":"Qm9vTDk3Zm1hX2Nvb2tpZV92YWx1ZV9yYW5kb20xMjM"}')).toEqual(['token: 256-bit token']);
  });

  it('never shows the matched value in full', () => {
    for (const hit of scanner.scan('{"msg":"Margaret Sullivan 900-99-4412 482913 sk_test_portal_sandbox"}')) {
      expect(hit.masked).not.toMatch(/Margaret|Sullivan|4412|482913|portal_sandbox/);
    }
    expect(mask('482913')).toBe('48•••• (6)');
  });
});

describe('the log scanner passes', () => {
  it('ordinary log lines: routes, ids, timings, department and provider names, words that are names elsewhere', () => {
    const clean = [
      '{"level":30,"time":"2026-11-25T11:40:29.135Z","service":"member-portal-api","requestId":"9ebf3487-80c7-4f4e-872e-e4102bfa2460","method":"POST","route":"/api/verify-email/send-otp","status":200,"durationMs":273.5,"msg":"request"}',
      '{"athena":{"method":"GET","path":"/v1/{practiceid}/patients/{patientid}","attempt":1,"status":200,"durationMs":9},"msg":"athena request"}',
      '{"sandbox":"GET /v1/29391/patients/5101 200 6ms"}',
      '{"msg":"department 8 Cherry Hill Medical, provider Thomas Bradley, MD; a hart-shaped quinn-like word in lower case"}',
      '{"stored":"public.audit_logs.metadata","text":"{\\"patientId\\": \\"5201\\", \\"membershipTier\\": \\"70_biannual\\"}"}',
      '{"msg":"the contact card was shown","lastAttemptError":"athena answered 503 after 3 attempts"}',
      '{"email":"[redacted]","phone":"[redacted]","ssn":"[redacted]","msg":"[number] [email]"}',
      '{"filing":{"contentHash":"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"}}',
      '{"stripe":"in_1QxYz2AbCdEfGhIj","card":{"last4":"4242"}}',
      '{"msg":"department 8 at 25 Cherry Hill Road, Johnston","epochMs":1764071234567}',
      '{"route":"/api/signwell/verify-completion/fffffffa-e8d6-6406-8000-0012e43df77c"}',
    ];
    for (const line of clean) expect(kinds(line)).toEqual([]);
  });
});
