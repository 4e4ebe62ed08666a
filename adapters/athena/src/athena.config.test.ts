import { describe, it, expect } from '@jest/globals';
import { athenaConfigFromEnv } from './athena.config.ts';

describe('athenaConfigFromEnv', () => {
  it('points at the provider sandbox when ATHENA_BASE_URL is unset', () => {
    expect(athenaConfigFromEnv({})).toEqual({
      baseUrl: 'http://127.0.0.1:4010',
      practiceId: '29391',
      clientId: 'portal-sandbox-client',
      clientSecret: 'portal-sandbox-secret',
      patientClientId: 'portal-patient-app',
      sandbox: true,
    });
    expect(athenaConfigFromEnv({ SANDBOX_PORT: '4999', ATHENA_BASE_URL: ' ' }).baseUrl).toBe('http://127.0.0.1:4999');
  });

  it('reads the real service settings', () => {
    expect(
      athenaConfigFromEnv({
        ATHENA_BASE_URL: 'https://api.preview.platform.athenahealth.com/',
        ATHENA_PRACTICE_ID: '195900',
        ATHENA_CLIENT_ID: 'id',
        ATHENA_CLIENT_SECRET: 'secret',
        ATHENA_PATIENT_CLIENT_ID: 'patient',
      }),
    ).toEqual({
      baseUrl: 'https://api.preview.platform.athenahealth.com',
      practiceId: '195900',
      clientId: 'id',
      clientSecret: 'secret',
      patientClientId: 'patient',
      sandbox: false,
    });
  });

  it('refuses a real host without credentials, naming the missing variables', () => {
    expect(() => athenaConfigFromEnv({ ATHENA_BASE_URL: 'https://athena.test', ATHENA_CLIENT_ID: 'id' })).toThrow(
      'ATHENA_BASE_URL is set but ATHENA_CLIENT_SECRET, ATHENA_PATIENT_CLIENT_ID are not',
    );
  });
});
