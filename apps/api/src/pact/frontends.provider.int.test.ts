/**
 * Provider verification: the API answers every interaction of every micro-frontend's pact
 * (contracts/pacts/portal-*-member-portal-api.json, written by the frontends' *.pact.test.ts),
 * and of the pact each remote last released (contracts/pacts/released/), so an API change that
 * breaks a remote users still have loaded fails here before it ships.
 *
 * The whole portal runs for real (API, provider sandbox, worker, PostgreSQL). Before each
 * interaction the sandbox is reset and our tables emptied, then the interaction's provider
 * state (apps/api/src/pact/states/) sets up what the screen needs through the API itself and
 * answers the values the request takes from it (session cookie, guest token, ids: Pact's
 * provider-state generators put them into paths, headers and bodies). Requests get the Origin a
 * browser page of the portal sends.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Verifier } from '@pact-foundation/pact';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';
import { providerStatesIn, stateRecorder } from '../../../provider-sandbox/src/pact-verification.ts';
import { PROVIDER_STATES } from './states/index.ts';

process.env['PACT_DO_NOT_TRACK'] = 'true';

const PACTS = fileURLToPath(new URL('../../../../contracts/pacts/', import.meta.url));
const RELEASED = path.join(PACTS, 'released');

/** The current pacts of the frontends, then the released ones kept beside them. */
const pactFiles = (): string[] => [
  ...readdirSync(PACTS)
    .filter((name) => /^portal-[a-z]+-member-portal-api\.json$/.test(name))
    .map((name) => path.join(PACTS, name)),
  ...(existsSync(RELEASED) ? readdirSync(RELEASED).filter((name) => /^portal-[a-z]+@[\w.-]+\.json$/.test(name)).map((name) => path.join(RELEASED, name)) : []),
];

interface PactFile {
  readonly consumer: { readonly name: string };
  readonly interactions: ReadonlyArray<{ readonly description: string; readonly providerStates?: unknown; readonly request: unknown; readonly response: unknown; readonly type?: string }>;
}
const readPact = (file: string): PactFile => JSON.parse(readFileSync(file, 'utf8')) as PactFile;
const interactionKey = (interaction: PactFile['interactions'][number]): string =>
  JSON.stringify([interaction.type ?? null, interaction.description, interaction.providerStates ?? null, interaction.request, interaction.response]);

/**
 * What a pact file asks beyond the consumer's current pact: a released pact's interactions that
 * the current one holds word for word are verified with it already (the same request, state and
 * expected answer give the same verdict), so only the others are verified again. A current pact is
 * verified whole. Answers the file to verify (a reduced copy) and how many interactions it holds.
 */
const toVerify = (file: string): { readonly file: string; readonly count: number } => {
  const pact = readPact(file);
  if (path.dirname(file) !== RELEASED) return { file, count: pact.interactions.length };
  const current = path.join(PACTS, `${pact.consumer.name}-member-portal-api.json`);
  const known = new Set(existsSync(current) ? readPact(current).interactions.map(interactionKey) : []);
  const left = pact.interactions.filter((interaction) => !known.has(interactionKey(interaction)));
  const reduced = path.join(mkdtempSync(path.join(tmpdir(), 'released-pact-')), path.basename(file));
  writeFileSync(reduced, JSON.stringify({ ...pact, interactions: left }));
  return { file: reduced, count: left.length };
};

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
}, 60_000);
afterAll(async () => {
  await portal?.close();
});

/** A clean practice: the sandbox reseeded, our rows gone (the schema and the signing secret stay). */
const resetPortal = async (): Promise<void> => {
  const reset = await fetch(`${portal.sandbox.url}/_sandbox/reset`, { method: 'POST' });
  if (!reset.ok) throw new Error(`sandbox reset answered ${reset.status}`);
  const tables = (await portal.db.knex('pg_tables').where({ schemaname: 'public' }).pluck('tablename')) as string[];
  // The audit trail stays (append-only, decision 0013): no state reads it.
  const kept = new Set(['app_secrets', 'audit_logs', 'staff_audit_trail']);
  const ours = tables.filter((name) => !name.startsWith('knex_') && !kept.has(name));
  await portal.db.knex.raw(`TRUNCATE ${ours.map((name) => `"${name}"`).join(', ')} CASCADE`);
};

describe('the API keeps every micro-frontend pact', () => {
  it('has pact files to verify', () => {
    expect(pactFiles().length).toBeGreaterThan(0);
  });

  it('knows every provider state the pacts name', () => {
    const unknown = pactFiles().flatMap((file) => providerStatesIn(file).filter((state) => !(state in PROVIDER_STATES)).map((state) => `${path.basename(file)}: '${state}'`));
    expect(unknown).toEqual([]);
  });

  it.each(pactFiles().map((file) => [path.relative(PACTS, file), file]))('verifies %s', async (_name, whole) => {
    const { file, count } = toVerify(whole);
    // Nothing beyond the current pact, which its own case verifies.
    if (count === 0) return expect(readPact(whole).interactions.length).toBeGreaterThan(0);
    const { state, failures } = stateRecorder();
    const stateHandlers = Object.fromEntries(
      providerStatesIn(file).map((name) => [
        name,
        state(name, async (params) => {
          await resetPortal();
          return PROVIDER_STATES[name]!(portal, params ?? {});
        }),
      ]),
    );
    await new Verifier({
      provider: 'member-portal-api',
      providerBaseUrl: portal.url,
      pactUrls: [file],
      stateHandlers,
      requestFilter: (request, _response, next) => {
        request.headers['origin'] = portal.url;
        next();
      },
      // Also the limit on a provider state's setup (pact-core's default is 30 s): a state that
      // signs and files two enrollments takes longer than that on a busy two-core machine.
      timeout: 120_000,
      logLevel: 'warn',
      publishVerificationResult: false,
      providerVersion: 'local',
    })
      .verifyProvider()
      .catch((error: unknown) => {
        // A failed state explains the interaction's failure better than the mismatch does.
        expect(failures).toEqual([]);
        throw error;
      });
    expect(failures).toEqual([]);
  }, 600_000);
});
