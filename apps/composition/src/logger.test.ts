import { describe, expect, it } from '@jest/globals';
import { SAFE_FIELDS, redactPhi, scrubText } from './logger.ts';
import { capturingLogger } from './testing.ts';

describe('log lines', () => {
  it('carry an ISO time that moves with the clock (formatted once per millisecond)', async () => {
    const { logger, lines } = capturingLogger();
    logger.info('first');
    logger.info('same millisecond or the next');
    await new Promise((resolve) => setTimeout(resolve, 5));
    logger.info('later');
    const times = lines().map((line) => (JSON.parse(line) as { time: string }).time);
    for (const time of times) expect(new Date(time).toISOString()).toBe(time);
    expect(Date.parse(times[2]!) - Date.parse(times[0]!)).toBeGreaterThanOrEqual(4);
  });
});

describe('PHI redaction in logs', () => {
  it('skips the pass only for an object marked SAFE_FIELDS, and the mark is not written', () => {
    const { logger, lines } = capturingLogger();
    logger.info({ [SAFE_FIELDS]: true, route: '/api/enrollments/:id', status: 200 }, 'request');
    logger.info({ path: '/api/x/ada@example.com', email: 'ada@example.com' }, 'request');
    const [marked, unmarked] = lines().map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(marked).toMatchObject({ route: '/api/enrollments/:id', status: 200, msg: 'request' });
    expect(lines()[0]).not.toMatch(/safe-fields|Symbol/);
    expect(unmarked).toMatchObject({ path: '/api/x/[email]', email: '[redacted]' });
  });

  it('replaces values under keys that hold health data, secrets or contact details', () => {
    const body = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '1990-02-03',
      fullSSN: '123456789',
      email: 'ada@example.com',
      phone: '4015550101',
      guardianPhone: '4015550102',
      address1: '1 Main St',
      zipCode: '02865',
      code: '123456',
      verificationToken: 'verified_abc',
      membershipTier: '120_annual',
      statusCode: 200,
    };
    expect(redactPhi(body)).toEqual({
      firstName: '[redacted]',
      lastName: '[redacted]',
      dateOfBirth: '[redacted]',
      fullSSN: '[redacted]',
      email: '[redacted]',
      phone: '[redacted]',
      guardianPhone: '[redacted]',
      address1: '[redacted]',
      zipCode: '[redacted]',
      code: '[redacted]',
      verificationToken: '[redacted]',
      membershipTier: '120_annual',
      statusCode: 200,
    });
  });

  it('keeps ids but scrubs emails and SSNs from any string, and numbers from free text', () => {
    expect(redactPhi({ enrollmentId: '550e8400-e29b-41d4-a716-446655440000', note: 'to ada@example.com' })).toEqual({
      enrollmentId: '550e8400-e29b-41d4-a716-446655440000',
      note: 'to [email]',
    });
    expect(scrubText('patient 123-45-6789 called (401) 555-0101 born 02/03/1990 code 654321')).toBe(
      'patient [ssn] called [number] born [number] code [number]',
    );
  });

  it('never writes a name, email, phone or code to the log stream, even from an error message', () => {
    const { logger, lines } = capturingLogger();
    logger.info({ body: { firstName: 'Ada', email: 'ada@example.com' } }, 'saving ada@example.com with code 123456');
    logger.error({ err: new Error('duplicate key (email)=(ada@example.com) phone 4015550101') }, 'failed');
    const output = lines().join('\n');
    expect(output).not.toMatch(/\bAda\b|ada@example\.com|123456|4015550101/);
    expect(output).toContain('[redacted]');
    expect(lines()).toHaveLength(2);
  });
});
