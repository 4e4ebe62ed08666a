/**
 * Provider verification: the running sandbox answers every interaction of the SignWell adapter's
 * consumer contract, contracts/pacts/member-portal-api-signwell.json (written by
 * adapters/signwell/src/signwell.pact.test.ts: run that test first to regenerate it).
 *
 * The contract uses SignWell's paths (`/api/v1/...`); the sandbox serves them under
 * `/signwell/api/v1`, so the request filter prefixes `/signwell`. Provider states are set up the
 * way the portal and a signer would: the SignWell API to create documents and hooks, and the
 * signing page's form to sign.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { VerifierOptions } from '@pact-foundation/pact';
import { createTestDatabase, type TestDatabase } from '../../../tools/src/testing/test-database.ts';
import { startSandbox, type RunningSandbox } from './index.ts';
import { type StateParams, type StateValues, providerStatesIn, stateRecorder, stateText, verifySandboxAgainst } from './pact-verification.ts';
import { embeddedDocumentBody, signwellCall, submitSigningPage } from './testing.ts';

// No usage metrics from the Pact core: this test runs offline.
process.env['PACT_DO_NOT_TRACK'] = 'true';

const PACT_FILE = fileURLToPath(new URL('../../../contracts/pacts/member-portal-api-signwell.json', import.meta.url));

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;
type RequestFilter = NonNullable<VerifierOptions['requestFilter']>;
type Params = StateParams;

let db: TestDatabase | undefined;
let sandbox: RunningSandbox | undefined;

const running = (): RunningSandbox => {
  if (sandbox === undefined) throw new Error('the sandbox is not running');
  return sandbox;
};

const text = stateText;

const record = (params: Params | undefined, name: string): Record<string, string> => {
  const value = params?.[name];
  if (typeof value !== 'object' || value === null || !Object.values(value).every((item) => typeof item === 'string')) {
    throw new Error(`provider state parameter '${name}' must be an object of strings`);
  }
  return value as Record<string, string>;
};

/** Creates a document for one embedded signer, as the adapter does; returns its id and signing URL. */
const createDocument = async (params: Params | undefined): Promise<{ id: string; signingUrl: string }> => {
  const response = await signwellCall(
    running().url,
    'POST',
    '/documents',
    embeddedDocumentBody({
      name: text(params, 'name'),
      recipients: [{ id: '1', name: text(params, 'signerName'), email: text(params, 'signerEmail') }],
      metadata: record(params, 'metadata'),
    }),
  );
  if (response.status !== 201) throw new Error(`create document: ${response.status} ${JSON.stringify(response.body)}`);
  const body = response.body as { id: string; recipients: { embedded_signing_url: string }[] };
  return { id: body.id, signingUrl: body.recipients[0]?.embedded_signing_url as string };
};

// ---- provider states -----------------------------------------------------------------------

const { state, failures: stateFailures } = stateRecorder();

const stateHandlers: StateHandlers = {
  'the API key is valid': state('key', async (params) => {
    const response = await signwellCall(running().url, 'GET', '/hooks', undefined, text(params, 'apiKey'));
    if (response.status !== 200) throw new Error(`the sandbox refuses the key: ${response.status}`);
    return {};
  }),

  'a document signed by its recipient exists': state('signed', async (params) => {
    const document = await createDocument(params);
    const answer = await submitSigningPage(document.signingUrl, { fullName: text(params, 'signerName') });
    if (answer.status !== 200) throw new Error(`signing: ${answer.status}`);
    return { documentId: document.id };
  }),

  'a document awaiting signature exists': state('pending', async (params) => ({ documentId: (await createDocument(params)).id })),

  'no document has id 00000000-0000-4000-8000-000000000000': state('unknown', async (params) => {
    const response = await signwellCall(running().url, 'GET', `/documents/${text(params, 'documentId')}`);
    if (response.status !== 404) throw new Error(`document ${text(params, 'documentId')} exists`);
    return {};
  }),

  'a webhook is registered': state('hook', async (params) => {
    await running().reset();
    const response = await signwellCall(running().url, 'POST', '/hooks', { callback_url: text(params, 'callbackUrl') });
    if (response.status !== 201) throw new Error(`register hook: ${response.status}`);
    return { webhookId: (response.body as { id: string }).id };
  }),
};

/** SignWell's paths live under /signwell in the sandbox. */
const requestFilter: RequestFilter = (req, _res, next) => {
  if (req.url?.startsWith('/api/v1/')) req.url = `/signwell${req.url}`;
  next();
};

// ---- the test --------------------------------------------------------------------------------

beforeAll(async () => {
  db = await createTestDatabase();
  sandbox = await startSandbox({ databaseUrl: db.url, port: 0, smtpPort: 0 });
}, 30_000);

afterAll(async () => {
  await sandbox?.close();
  await db?.drop();
});

describe('the provider sandbox against the SignWell consumer contract', () => {
  it('has a state handler for every provider state in the contract', () => {
    expect(existsSync(PACT_FILE)).toBe(true);
    expect(providerStatesIn(PACT_FILE).filter((name) => !(name in stateHandlers))).toEqual([]);
  });

  it('satisfies every interaction', async () => {
    await verifySandboxAgainst({ provider: 'signwell', url: running().url, pactFile: PACT_FILE, stateHandlers, requestFilter });
    expect(stateFailures).toEqual([]);
  }, 60_000);
});
