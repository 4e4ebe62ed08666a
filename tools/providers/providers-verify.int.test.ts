/**
 * `npm run providers:verify` against the provider sandbox (no provider keys): every adapter's
 * contract checks run and pass there, yet no provider is called "passed" — each is "not checked",
 * with the checks its keys would run — and the exit code is 0. A failure anywhere makes it 1.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startTestSandbox, type TestSandbox } from '../../apps/provider-sandbox/src/testing.ts';
import { verifyProviders } from './verify.ts';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});

afterAll(async () => {
  await sandbox.close();
});

it('runs every provider against the sandbox, names each "not checked" with what its keys would run, and exits 0', async () => {
  // Stripe's answers are held to its schema by stripe-schemas.int.test.ts; here the checks alone.
  const { reports, exitCode, lines } = await verifyProviders({}, { sandboxUrl: sandbox.url, stripeSchemas: false });
  const failed = reports.flatMap((report) => report.checks.filter((check) => !check.ok).map((check) => `${report.provider}: ${check.name} — ${check.detail ?? ''}`));
  expect(failed).toEqual([]);
  expect(reports.map((report) => [report.provider, report.verdict, report.against])).toEqual([
    ['athenahealth', 'not checked', 'sandbox'],
    ['stripe', 'not checked', 'sandbox'],
    ['signwell', 'not checked', 'sandbox'],
    ['firebase', 'not checked', 'sandbox'],
  ]);
  expect(reports.every((report) => report.checks.length > 0 && report.withKeys.length > 0)).toBe(true);
  expect(reports.find((report) => report.provider === 'athenahealth')?.answers).toBeGreaterThan(15);
  expect(exitCode).toBe(0);
  const output = lines.join('\n');
  expect(output).not.toMatch(/\bPASSED\b|\bpassed\b(?! to)/);
  expect(output).toContain('With ATHENA_BASE_URL');
  expect(output).toContain('stripe        not checked');
}, 60_000);

it('exits 1 when a provider fails: a test-mode-only rule, and a sandbox that is down', async () => {
  const live = await verifyProviders({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, { sandboxUrl: sandbox.url, stripeSchemas: false, only: ['stripe'] });
  expect(live.reports.find((report) => report.provider === 'stripe')).toMatchObject({ verdict: 'failed', checks: [expect.objectContaining({ ok: false, detail: expect.stringContaining('not a test-mode key') })] });
  expect(live.exitCode).toBe(1);
  await fetch(`${sandbox.url}/_sandbox/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ provider: 'signwell', mode: 'down' }) });
  try {
    const down = await verifyProviders({}, { sandboxUrl: sandbox.url, only: ['signwell'] });
    expect(down.reports.map((report) => [report.provider, report.verdict])).toEqual([['signwell', 'failed']]);
    expect(down.exitCode).toBe(1);
  } finally {
    await fetch(`${sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
  }
}, 60_000);
