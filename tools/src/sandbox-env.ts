/**
 * The API's and the worker's settings that point every provider at a running provider sandbox:
 * athenahealth (its base URL and the sandbox's app credentials), the sandbox's own URL for the
 * other providers, and its SMTP catcher. One place for the test portal, the cluster and the
 * benchmarks.
 */
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, SANDBOX_PATIENT_CLIENT_ID } from '@portal/athena';
import type { RunningSandbox } from '@portal/provider-sandbox';

export const sandboxProviderEnv = (sandbox: Pick<RunningSandbox, 'url' | 'smtpUrl'>): Record<string, string> => ({
  ATHENA_BASE_URL: sandbox.url,
  ATHENA_CLIENT_ID: SANDBOX_CLIENT_ID,
  ATHENA_CLIENT_SECRET: SANDBOX_CLIENT_SECRET,
  ATHENA_PATIENT_CLIENT_ID: SANDBOX_PATIENT_CLIENT_ID,
  PROVIDER_SANDBOX_URL: sandbox.url,
  SMTP_URL: sandbox.smtpUrl,
});
