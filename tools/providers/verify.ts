/**
 * `npm run providers:verify`: the go-live check (issue 24, docs/deploy.md). Each provider's
 * adapter runs its contract checks, against the provider's real test-mode account when its keys
 * are set, else against the provider sandbox; every answer is held to the provider's published
 * schema (validate-answers.ts). A provider without keys is reported "not checked" — its sandbox
 * run shows the checks work, never that the provider does — with the checks its keys would run.
 */
import { AthenaHealthRecord, athenaConfigFromEnv } from '@portal/athena';
import type { TierCode } from '@portal/core';
import { FirebasePhoneAuth, isEmulatorProject, SANDBOX_FIREBASE_API_KEY, SANDBOX_FIREBASE_PROJECT_ID } from '@portal/firebase';
import { SignwellSigning, signwellConfigFromEnv } from '@portal/signwell';
import Stripe from 'stripe';
import { StripeCards, stripeConfigFromEnv } from '@portal/stripe';
import { athenaChecks, type AthenaCheckTarget, type ProviderCheck } from './athena-checks.ts';
import { recordingFetch, type RecordedAnswer } from './recording-fetch.ts';
import { signwellChecks, type SignwellCheckTarget } from './signwell-checks.ts';
import { sandboxAthenaTarget, slotWindow } from './targets.ts';
import { checkAnswer } from './validate-answers.ts';

export type Env = Readonly<Record<string, string | undefined>>;
export const PROVIDER_IDS = ['athenahealth', 'stripe', 'signwell', 'firebase'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export interface CheckResult {
  readonly name: string;
  readonly ok: boolean;
  readonly detail?: string;
}

export interface ProviderReport {
  readonly provider: ProviderId;
  /** 'passed' / 'failed': against the real account. 'not checked': no keys (the sandbox ran instead). */
  readonly verdict: 'passed' | 'failed' | 'not checked';
  /** Where the checks ran: 'sandbox' or the provider's host. */
  readonly against: string;
  readonly checks: readonly CheckResult[];
  /** Answers held to the provider's schema, and the problems found. */
  readonly answers: number;
  /** What would run with keys (always listed when the provider was not checked). */
  readonly withKeys: readonly string[];
  /** The variables that make it run for real. */
  readonly keys: string;
}

export interface VerifyOptions {
  /** The provider sandbox to use for providers without keys. */
  readonly sandboxUrl: string;
  readonly log?: (line: string) => void;
  /** Hold Stripe's answers to its schema too (stripe-schema.ts; slow the first time). Default true. */
  readonly stripeSchemas?: boolean;
  /** Only these providers (default: all four). */
  readonly only?: readonly ProviderId[];
}

const text = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value.trim());

const runChecks = async <T>(checks: readonly ProviderCheck<T>[], target: T, allowWrites: boolean): Promise<CheckResult[]> => {
  const results: CheckResult[] = [];
  for (const check of checks) {
    if (check.writes && !allowWrites) {
      results.push({ name: check.name, ok: true, detail: 'skipped: writes (set ATHENA_VERIFY_WRITES=true with a test patient)' });
      continue;
    }
    try {
      await check.run(target);
      results.push({ name: check.name, ok: true });
    } catch (error) {
      results.push({ name: check.name, ok: false, detail: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
};

/** The schema problems of what was recorded, as failed results (one per call). */
const schemaResults = (answers: readonly RecordedAnswer[], practiceId: string): CheckResult[] => {
  const byCall = new Map<string, string[]>();
  for (const answer of answers) {
    const check = checkAnswer(answer, practiceId);
    if (check.problems.length > 0) byCall.set(check.call, [...(byCall.get(check.call) ?? []), ...check.problems]);
  }
  return [...byCall].map(([call, problems]) => ({ name: `schema: ${call}`, ok: false, detail: [...new Set(problems)].slice(0, 5).join('; ') }));
};

const verdictOf = (real: boolean, checks: readonly CheckResult[]): ProviderReport['verdict'] =>
  checks.some((check) => !check.ok) ? 'failed' : real ? 'passed' : 'not checked';

// ---- athenahealth --------------------------------------------------------------------------------

const verifyAthena = async (env: Env, options: VerifyOptions): Promise<ProviderReport> => {
  const keys = 'ATHENA_BASE_URL, ATHENA_CLIENT_ID, ATHENA_CLIENT_SECRET, ATHENA_PATIENT_CLIENT_ID (Preview), ATHENA_PRACTICE_ID, ATHENA_VERIFY_PATIENT_ID, ATHENA_VERIFY_DEPARTMENT_ID, ATHENA_VERIFY_PATIENT (First|Last|MM/DD/YYYY), ATHENA_VERIFY_CAREGIVER_EMAIL; ATHENA_VERIFY_WRITES=true for the writes';
  const real = text(env['ATHENA_BASE_URL']) !== undefined;
  const recorder = recordingFetch();
  const withKeys = athenaChecks.map((check) => `${check.name}${check.writes ? ' (with ATHENA_VERIFY_WRITES=true)' : ''}`);
  let target: AthenaCheckTarget;
  let practiceId: string;
  if (real) {
    let config;
    try {
      config = athenaConfigFromEnv(env);
    } catch (error) {
      return { provider: 'athenahealth', verdict: 'failed', against: text(env['ATHENA_BASE_URL']) ?? '', checks: [{ name: 'configuration', ok: false, detail: (error as Error).message }], answers: 0, withKeys, keys };
    }
    const [firstName = '', lastName = '', dateOfBirth = ''] = (text(env['ATHENA_VERIFY_PATIENT']) ?? '').split('|');
    const missing = ['ATHENA_VERIFY_PATIENT_ID', 'ATHENA_VERIFY_DEPARTMENT_ID', 'ATHENA_VERIFY_PATIENT', 'ATHENA_VERIFY_CAREGIVER_EMAIL'].filter((name) => text(env[name]) === undefined);
    if (missing.length > 0) {
      return { provider: 'athenahealth', verdict: 'failed', against: config.baseUrl, checks: [{ name: 'configuration', ok: false, detail: `set ${missing.join(', ')} (a test patient of the Preview practice)` }], answers: 0, withKeys, keys };
    }
    practiceId = config.practiceId;
    const record = new AthenaHealthRecord({ ...config, fetch: recorder.fetch });
    target = {
      record,
      patientId: text(env['ATHENA_VERIFY_PATIENT_ID']) ?? '',
      departmentId: text(env['ATHENA_VERIFY_DEPARTMENT_ID']) ?? '',
      caregiverEmail: text(env['ATHENA_VERIFY_CAREGIVER_EMAIL']) ?? '',
      search: { firstName, lastName, dateOfBirth },
      slotWindow: slotWindow(),
    };
  } else {
    practiceId = '29391';
    target = sandboxAthenaTarget.target(new AthenaHealthRecord({ ...sandboxAthenaTarget.config(options.sandboxUrl), fetch: recorder.fetch, retries: 0 }));
  }
  const checks = await runChecks(athenaChecks, target, !real || env['ATHENA_VERIFY_WRITES'] === 'true');
  const all = [...checks, ...schemaResults(recorder.answers, practiceId)];
  return { provider: 'athenahealth', verdict: verdictOf(real, all), against: real ? (text(env['ATHENA_BASE_URL']) ?? '') : 'sandbox', checks: all, answers: recorder.answers.length, withKeys, keys };
};

// ---- SignWell ------------------------------------------------------------------------------------

const verifySignwell = async (env: Env, options: VerifyOptions): Promise<ProviderReport> => {
  const keys = 'SIGNWELL_API_KEY (its test mode is forced on here), SIGNWELL_BASE_URL optional';
  const real = text(env['SIGNWELL_API_KEY']) !== undefined;
  const config = signwellConfigFromEnv(real ? env : { PROVIDER_SANDBOX_URL: options.sandboxUrl });
  const recorder = recordingFetch();
  const signing = new SignwellSigning({ baseUrl: config.baseUrl, apiKey: config.apiKey, testMode: true, fetch: recorder.fetch, ...(real ? {} : { retries: 0 }) });
  const target: SignwellCheckTarget = { signing, callbackUrl: `${text(env['PUBLIC_ORIGIN']) ?? 'https://portal.example.com'}/api/signwell/providers-verify` };
  const checks = [...(await runChecks(signwellChecks, target, true)), ...schemaResults(recorder.answers, '')];
  return {
    provider: 'signwell',
    verdict: verdictOf(real, checks),
    against: real ? config.baseUrl : 'sandbox',
    checks,
    answers: recorder.answers.length,
    withKeys: signwellChecks.map((check) => check.name),
    keys,
  };
};

// ---- Stripe --------------------------------------------------------------------------------------

const PAID_TIERS: readonly TierCode[] = ['120_annual', '70_biannual', '300_concierge_biannual', '500_concierge_annual'];

interface StripeContract {
  readonly checks: readonly ProviderCheck<{ cards: StripeCards; run: string; returnUrl: string }>[];
  readonly validate: {
    stripeValidator(): Promise<unknown>;
    checkStripeAnswer(schemas: unknown, answer: RecordedAnswer): { call: string; problems: readonly string[] };
  } | null;
}

/**
 * The Stripe engineer's contract checks and schema (tools/providers/stripe-checks.ts,
 * stripe-schema.ts) when they are there; null: the smoke below stands in.
 */
const stripeContract = async (): Promise<StripeContract | null> => {
  const load = (name: string): Promise<Record<string, unknown> | null> => import(new URL(name, import.meta.url).href).catch(() => null);
  const checks = (await load('./stripe-checks.ts'))?.['stripeChecks'];
  if (!Array.isArray(checks)) return null;
  const schema = await load('./stripe-schema.ts');
  const validate = typeof schema?.['stripeValidator'] === 'function' && typeof schema['checkStripeAnswer'] === 'function' ? (schema as unknown as StripeContract['validate']) : null;
  return { checks: checks as StripeContract['checks'], validate };
};

const STRIPE_CHECKS = [
  'a test-mode secret key (sk_test_…), never a live one',
  'POST /v1/customers (keyed), GET /v1/customers/{id}, GET /v1/customers?email=',
  `GET /v1/prices: an active price per tier lookup_key (${PAID_TIERS.join(', ')})`,
  'POST /v1/billing_portal/sessions (the billing portal is configured)',
];

const verifyStripe = async (env: Env, options: VerifyOptions): Promise<ProviderReport> => {
  const keys = 'STRIPE_SECRET_KEY (sk_test_…), STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET';
  const real = text(env['STRIPE_SECRET_KEY']) !== undefined;
  const checks: CheckResult[] = [];
  const config = (() => {
    try {
      return stripeConfigFromEnv(real ? env : { PROVIDER_SANDBOX_URL: options.sandboxUrl });
    } catch (error) {
      checks.push({ name: 'configuration', ok: false, detail: (error as Error).message });
      return null;
    }
  })();
  const contract = await stripeContract();
  if (config !== null && real && !config.secretKey.startsWith('sk_test_')) {
    checks.push({ name: STRIPE_CHECKS[0]!, ok: false, detail: 'STRIPE_SECRET_KEY is not a test-mode key: the go-live check never runs against live money' });
  } else if (config !== null && contract !== null) {
    // The Stripe adapter's own contract checks (tools/providers/stripe-checks.ts), every answer held
    // to Stripe's schema for the pinned version when options.stripeSchemas (stripe-schema.ts).
    if (real) checks.push({ name: STRIPE_CHECKS[0]!, ok: true });
    const recorder = recordingFetch();
    const cards = new StripeCards({ secretKey: config.secretKey, webhookSecret: config.webhookSecret, apiBase: config.apiBase, httpClient: Stripe.createFetchHttpClient(recorder.fetch), ...(real ? {} : { retries: 0 }) });
    const target = { cards, run: `verify-${Date.now()}`, returnUrl: `${text(env['PUBLIC_ORIGIN']) ?? 'https://portal.example.com'}/billing/return` };
    checks.push(...(await runChecks(contract.checks, target, true)));
    if (options.stripeSchemas !== false && contract.validate !== null) {
      const schemas = await contract.validate.stripeValidator();
      const byCall = new Map<string, string[]>();
      for (const answer of recorder.answers) {
        const check = contract.validate.checkStripeAnswer(schemas, answer);
        if (check.problems.length > 0) byCall.set(check.call, [...(byCall.get(check.call) ?? []), ...check.problems]);
      }
      checks.push(...[...byCall].map(([call, problems]) => ({ name: `schema: ${call}`, ok: false, detail: [...new Set(problems)].slice(0, 5).join('; ') })));
    }
    return { provider: 'stripe', verdict: verdictOf(real, checks), against: real ? config.apiBase : 'sandbox', checks, answers: recorder.answers.length, withKeys: [STRIPE_CHECKS[0]!, ...contract.checks.map((check) => check.name)], keys };
  } else if (config !== null) {
    const cards = new StripeCards({ secretKey: config.secretKey, webhookSecret: config.webhookSecret, apiBase: config.apiBase, ...(real ? {} : { retries: 0 }) });
    const step = async (name: string, run: () => Promise<void>) => {
      try {
        await run();
        checks.push({ name, ok: true });
      } catch (error) {
        checks.push({ name, ok: false, detail: (error as Error).message });
      }
    };
    if (real) checks.push({ name: STRIPE_CHECKS[0]!, ok: true });
    const email = `providers-verify+${Date.now()}@example.com`;
    let customerId = '';
    await step(STRIPE_CHECKS[1]!, async () => {
      const created = await cards.createCustomer({ email, name: 'Providers Verify', metadata: { check: 'providers-verify' } }, `providers-verify-${email}`);
      customerId = created.id;
      if ((await cards.getCustomer(created.id)) === null) throw new Error('the customer cannot be read back');
      await cards.findCustomerByEmail(email);
    });
    await step(STRIPE_CHECKS[2]!, async () => {
      for (const tier of PAID_TIERS) await cards.priceId(tier);
    });
    await step(STRIPE_CHECKS[3]!, async () => {
      const session = await cards.createPortalSession(customerId, `${text(env['PUBLIC_ORIGIN']) ?? 'https://portal.example.com'}/billing/return`);
      if (!/^https?:\/\//.test(session.url)) throw new Error('no portal URL');
    });
  }
  return { provider: 'stripe', verdict: verdictOf(real, checks), against: real ? (config?.apiBase ?? '') : 'sandbox', checks, answers: 0, withKeys: STRIPE_CHECKS, keys };
};

// ---- Firebase ------------------------------------------------------------------------------------

const FIREBASE_CHECKS = [
  'GET identitytoolkit /v1/projects?key= (getProjectConfig): the API key belongs to FIREBASE_PROJECT_ID; PUBLIC_ORIGIN is an authorized domain',
  'POST accounts:sendVerificationCode with a refused reCAPTCHA: phone sign-in is enabled (CAPTCHA_CHECK_FAILED / INVALID_APP_CREDENTIAL, not OPERATION_NOT_ALLOWED); no SMS is sent',
  "Google's securetoken signing keys are reachable (verifyIdToken's RS256 check)",
  'the adapter in live mode refuses an unsigned (emulator) token',
];

const googleError = (body: unknown): string => ((body as { error?: { message?: string } } | null)?.error?.message ?? '').split(' ')[0] ?? '';

const verifyFirebase = async (env: Env, options: VerifyOptions): Promise<ProviderReport> => {
  const keys = 'FIREBASE_PROJECT_ID (not demo-…), FIREBASE_API_KEY, PUBLIC_ORIGIN';
  const projectId = text(env['FIREBASE_PROJECT_ID']);
  const real = projectId !== undefined && !isEmulatorProject(projectId);
  const checks: CheckResult[] = [];
  const step = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
      checks.push({ name, ok: true });
    } catch (error) {
      checks.push({ name, ok: false, detail: (error as Error).message });
    }
  };
  if (real) {
    const key = text(env['FIREBASE_API_KEY']) ?? '';
    const base = 'https://identitytoolkit.googleapis.com/v1';
    await step(FIREBASE_CHECKS[0]!, async () => {
      const response = await fetch(`${base}/projects?key=${encodeURIComponent(key)}`);
      const body = (await response.json()) as { projectId?: string; authorizedDomains?: string[] };
      if (response.status !== 200) throw new Error(`${response.status} ${googleError(body)}`);
      if (body.projectId !== projectId) throw new Error(`the key belongs to project ${body.projectId ?? '?'}`);
      const origin = text(env['PUBLIC_ORIGIN']);
      if (origin !== undefined && !(body.authorizedDomains ?? []).includes(new URL(origin).hostname)) throw new Error(`${new URL(origin).hostname} is not an authorized domain`);
    });
    await step(FIREBASE_CHECKS[1]!, async () => {
      const response = await fetch(`${base}/accounts:sendVerificationCode?key=${encodeURIComponent(key)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ phoneNumber: '+15555550100', recaptchaToken: 'providers-verify-not-a-token' }),
      });
      const error = googleError(await response.json());
      if (response.status === 200) throw new Error('a code was sent without reCAPTCHA');
      if (!['CAPTCHA_CHECK_FAILED', 'INVALID_APP_CREDENTIAL', 'INVALID_RECAPTCHA_TOKEN', 'MISSING_RECAPTCHA_TOKEN'].includes(error)) throw new Error(`phone sign-in answered ${error || response.status}`);
    });
    await step(FIREBASE_CHECKS[2]!, async () => {
      const response = await fetch('https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com');
      if (response.status !== 200 || Object.keys((await response.json()) as object).length === 0) throw new Error(`${response.status}`);
    });
    await step(FIREBASE_CHECKS[3]!, async () => {
      const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
      delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      try {
        const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
        const unsigned = `${part({ alg: 'none' })}.${part({ aud: projectId, iss: `https://securetoken.google.com/${projectId}`, sub: 'x' })}.`;
        const refused = await new FirebasePhoneAuth({ projectId }).verifyIdToken(unsigned).then(() => false, () => true);
        if (!refused) throw new Error('an unsigned token was accepted');
      } finally {
        if (saved !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
      }
    });
  } else {
    // The sandbox: phone sign-in over the emulator's REST API, the token verified by the adapter.
    await step('phone sign-in on the sandbox (sendVerificationCode, verificationCodes, signInWithPhoneNumber) and the adapter verifies the ID token', async () => {
      const base = `${options.sandboxUrl}/identitytoolkit.googleapis.com/v1`;
      const post = async (path: string, body: unknown) => {
        const response = await fetch(`${base}/${path}?key=${SANDBOX_FIREBASE_API_KEY}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        const json = (await response.json()) as Record<string, string>;
        if (response.status !== 200) throw new Error(`${path}: ${response.status} ${googleError(json)}`);
        return json;
      };
      const phoneNumber = `+1401555${String(Math.floor(Math.random() * 9000) + 1000)}`;
      const sent = await post('accounts:sendVerificationCode', { phoneNumber, recaptchaToken: 'sandbox' });
      const codes = (await (await fetch(`${options.sandboxUrl}/emulator/v1/projects/${SANDBOX_FIREBASE_PROJECT_ID}/verificationCodes`)).json()) as { verificationCodes: { sessionInfo: string; code: string }[] };
      const code = codes.verificationCodes.find((entry) => entry.sessionInfo === sent['sessionInfo'])?.code;
      if (code === undefined) throw new Error('no code for the session');
      const signedIn = await post('accounts:signInWithPhoneNumber', { sessionInfo: sent['sessionInfo'], code });
      const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
      try {
        const verified = await new FirebasePhoneAuth({ projectId: SANDBOX_FIREBASE_PROJECT_ID, emulatorHost: new URL(options.sandboxUrl).host }).verifyIdToken(signedIn['idToken'] ?? '');
        if (verified.phoneNumber !== phoneNumber) throw new Error('the verified number differs');
      } finally {
        if (saved === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
        else process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
      }
    });
  }
  return { provider: 'firebase', verdict: verdictOf(real, checks), against: real ? `project ${projectId}` : 'sandbox', checks, answers: 0, withKeys: FIREBASE_CHECKS, keys };
};

// ---- all -----------------------------------------------------------------------------------------

export const verifyProviders = async (env: Env, options: VerifyOptions): Promise<{ readonly reports: readonly ProviderReport[]; readonly exitCode: number; readonly lines: readonly string[] }> => {
  const lines: string[] = [];
  const out = (line: string) => {
    lines.push(line);
    options.log?.(line);
  };
  const reports: ProviderReport[] = [];
  const runs: ReadonlyArray<readonly [ProviderId, (env: Env, options: VerifyOptions) => Promise<ProviderReport>]> = [
    ['athenahealth', verifyAthena],
    ['stripe', verifyStripe],
    ['signwell', verifySignwell],
    ['firebase', verifyFirebase],
  ];
  for (const [provider, run] of runs) {
    if (options.only !== undefined && !options.only.includes(provider)) continue;
    const report = await run(env, options);
    reports.push(report);
    out(`\n${report.provider} — ${report.verdict.toUpperCase()} (${report.against === 'sandbox' ? 'against the provider sandbox; no keys set' : `against ${report.against}`})`);
    for (const check of report.checks) out(`  ${check.ok ? '✓' : '✗'} ${check.name}${check.detail ? ` — ${check.detail}` : ''}`);
    if (report.answers > 0) out(`  ${report.answers} answers held to the provider's published schema`);
    if (report.verdict === 'not checked') {
      out(`  With ${report.keys} these run against the real account:`);
      for (const name of report.withKeys) out(`    - ${name}`);
    }
  }
  out('\nproviders:verify');
  for (const report of reports) out(`  ${report.provider.padEnd(13)} ${report.verdict}`);
  const exitCode = reports.some((report) => report.verdict === 'failed') ? 1 : 0;
  out(exitCode === 0 ? (reports.every((report) => report.verdict === 'passed') ? 'All providers passed.' : 'No failures; providers "not checked" have not been verified against their real accounts.') : 'FAILED.');
  return { reports, exitCode, lines };
};
