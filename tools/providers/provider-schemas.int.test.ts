/**
 * Issue 24: every answer the provider sandbox gives to a call the adapters make is held to the
 * provider's published schema — athenahealth's documented fields per endpoint, HL7's FHIR R4 JSON
 * schema, SignWell's API reference — with closed objects (tools/providers/*-schemas.ts). The
 * adapters run their contract checks (athena-checks.ts, signwell-checks.ts) through a fetch that
 * keeps every answer; then each answer is validated. Also the sandbox's FHIR error answers, which
 * the adapter only meets when something is wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AthenaHealthRecord } from '@portal/athena';
import { SignwellSigning } from '@portal/signwell';
import { backendToken, startTestSandbox, submitSigningPage, type TestSandbox } from '../../apps/provider-sandbox/src/testing.ts';
import { SIGNWELL_API_KEY, SIGNWELL_API_PREFIX } from '../../apps/provider-sandbox/src/seed/providers.ts';
import { athenaChecks } from './athena-checks.ts';
import { athenaEndpoints } from './athena-schemas.ts';
import { recordingFetch, type RecordedAnswer } from './recording-fetch.ts';
import { checkDocument, signwellChecks, type SignwellCheckTarget } from './signwell-checks.ts';
import { sandboxAthenaTarget } from './targets.ts';
import { checkAnswer, tally, type AnswerCheck } from './validate-answers.ts';

let sandbox: TestSandbox;
const athenaAnswers: RecordedAnswer[] = [];
const signwellAnswers: RecordedAnswer[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
});

afterAll(async () => {
  await sandbox.close();
});

const failures = (checks: readonly AnswerCheck[]): string[] => checks.flatMap((check) => check.problems.map((problem) => `${check.call}: ${problem}`));

describe('the sandbox answers as the providers document', () => {
  it('athenahealth: every call of the athena adapter (REST /v1 and FHIR) matches its documented schema', async () => {
    const recorder = recordingFetch();
    const record = new AthenaHealthRecord({ ...sandboxAthenaTarget.config(sandbox.url), fetch: recorder.fetch, retries: 0 });
    const target = sandboxAthenaTarget.target(record, sandbox.sandbox);
    for (const check of athenaChecks) await check.run(target);
    athenaAnswers.push(...recorder.answers);
    const checks = recorder.answers.map((answer) => checkAnswer(answer, '29391'));
    expect(failures(checks)).toEqual([]);
    // Every documented endpoint was called (a new adapter call needs a schema; an unused schema a check).
    const called = new Set(checks.map((check) => check.call.replace(/ \d{3}$/, '')));
    expect(athenaEndpoints.map((endpoint) => endpoint.name).filter((name) => !called.has(name))).toEqual([]);
    expect(checks.some((check) => check.provider === 'fhir')).toBe(true);
  });

  it('SignWell: every call of the SignWell adapter matches its API reference, a completed PDF included', async () => {
    const recorder = recordingFetch();
    const signing = new SignwellSigning({ baseUrl: `${sandbox.url}${SIGNWELL_API_PREFIX}`, apiKey: SIGNWELL_API_KEY, testMode: true, fetch: recorder.fetch, retries: 0 });
    const target: SignwellCheckTarget = { signing, callbackUrl: 'https://example.com/api/signwell/webhook' };
    for (const check of signwellChecks) await check.run(target);
    // Signed on the sandbox's signing page, the completed PDF downloads.
    const { pdfBase64, fields } = await checkDocument();
    const created = await signing.createEmbeddedDocument({ name: 'Signed', pdfBase64, fields, signer: { name: 'Verify Check', email: 'verify.check@example.com' }, metadata: {} });
    await submitSigningPage(created.embeddedSigningUrl, { fullName: 'Verify Check' });
    expect((await signing.completedPdf(created.documentId)).subarray(0, 5).toString()).toBe('%PDF-');
    signwellAnswers.push(...recorder.answers);
    const checks = recorder.answers.map((answer) => checkAnswer(answer, '29391'));
    expect(failures(checks)).toEqual([]);
    expect(checks.every((check) => check.provider === 'signwell')).toBe(true);
  });

  it('FHIR: the sandbox\'s OperationOutcome errors are valid R4 resources (no extra top-level field)', async () => {
    const token = await backendToken(sandbox.url);
    const get = async (path: string): Promise<RecordedAnswer> => {
      const response = await fetch(`${sandbox.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
      return { method: 'GET', path: new URL(response.url).pathname, status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.json() };
    };
    const answers = [
      await get('/fhir/r4/Patient/a-29391.E-99999?ah-practice=Organization%2Fa-1.Practice-29391'),
      await get('/fhir/r4/RelatedPerson?email=x%40example.com'),
      await get('/fhir/r4/Patient/a-29391.E-5101?ah-practice=Organization%2Fa-1.Practice-29391'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 400, 200]);
    athenaAnswers.push(...answers);
    expect(failures(answers.map((answer) => checkAnswer(answer, '29391')))).toEqual([]);
  });

  it('is not vacuous: one undocumented field in any recorded answer fails its schema', () => {
    const withExtra = (answer: RecordedAnswer): RecordedAnswer => {
      const body = structuredClone(answer.body) as Record<string, unknown> | Record<string, unknown>[];
      const first = Array.isArray(body) ? body[0] : body;
      const list = first && Object.values(first).find(Array.isArray) as Record<string, unknown>[] | undefined;
      const target = list?.[0] && typeof list[0] === 'object' ? list[0] : first;
      if (target) target['undocumented_sandbox_field'] = 'x';
      return { ...answer, body };
    };
    const bodies = [...athenaAnswers, ...signwellAnswers].filter((answer) => answer.body !== undefined && answer.status < 300 && JSON.stringify(answer.body) !== '[]');
    const lenient = bodies.map((answer) => checkAnswer(withExtra(answer), '29391')).filter((check) => check.problems.length === 0).map((check) => check.call);
    expect(bodies.length).toBeGreaterThan(20);
    expect(lenient).toEqual([]);
  });

  it('reports the calls and fields checked per provider', () => {
    const counts = tally([...athenaAnswers, ...signwellAnswers].map((answer) => checkAnswer(answer, '29391')));
    const lines = Object.entries(counts).map(([provider, entry]) => `${provider}: ${entry.calls} answers (${entry.distinct.size} distinct calls), ${entry.fields} fields`);
    console.log(`provider schemas checked:\n${lines.join('\n')}`);
    expect(counts.athena.calls).toBeGreaterThan(15);
    expect(counts.fhir.calls).toBeGreaterThan(0);
    expect(counts.signwell.calls).toBeGreaterThan(6);
  });
});
