/**
 * Provider verification: the API answers every interaction of every micro-frontend's pact
 * (contracts/pacts/portal-*-member-portal-api.json, written by the frontends' *.pact.test.ts),
 * and of the pact each remote last released (contracts/pacts/released/), so an API change that
 * breaks a remote users still have loaded fails here before it ships.
 *
 * The whole portal runs for real (API, provider sandbox, worker, PostgreSQL). Before each
 * interaction the sandbox is reset and our tables emptied, then the interaction's provider
 * state (apps/api/src/pact/states/) sets up what the screen needs through the API itself and
 * answers the values the request takes from it (session cookie, guest token, ids). Requests get
 * the Origin a browser page of the portal sends.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Verifier } from '@pact-foundation/pact';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';
import { EXAMPLE_GUEST_TOKEN, EXAMPLE_SESSION_COOKIE, EXAMPLE_STAFF_TOKEN } from '../../../../tools/src/testing/frontend-pact.ts';
import { PROVIDER_STATES } from './states/index.ts';
import type { StateValues } from './states/types.ts';

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

const statesIn = (file: string): string[] => {
  const pact = JSON.parse(readFileSync(file, 'utf8')) as { interactions: Array<{ providerStates?: Array<{ name: string }> }> };
  return [...new Set(pact.interactions.flatMap((interaction) => (interaction.providerStates ?? []).map((state) => state.name)))];
};

describe('the API keeps every micro-frontend pact', () => {
  it('has pact files to verify', () => {
    expect(pactFiles().length).toBeGreaterThan(0);
  });

  it('knows every provider state the pacts name', () => {
    const unknown = pactFiles().flatMap((file) => statesIn(file).filter((state) => !(state in PROVIDER_STATES)).map((state) => `${path.basename(file)}: '${state}'`));
    expect(unknown).toEqual([]);
  });

  it.each(pactFiles().map((file) => [path.relative(PACTS, file), file]))('verifies %s', async (_name, file) => {
    const failures: string[] = [];
    // The credentials of the current state: the request filter puts the state's real ones in
    // place of the consumer's examples (Pact's documented way for credentials), whether or not
    // the verifier already applied the header's provider-state generator.
    let values: StateValues = {};
    const credentials = (headers: Record<string, string | string[] | undefined>): void => {
      if (headers['cookie'] === EXAMPLE_SESSION_COOKIE && values['sessionCookie']) headers['cookie'] = values['sessionCookie'];
      if (headers['x-verification-token'] === EXAMPLE_GUEST_TOKEN && values['guestToken']) headers['x-verification-token'] = values['guestToken'];
      if (headers['authorization'] === `Bearer ${EXAMPLE_STAFF_TOKEN}` && values['staffToken']) headers['authorization'] = `Bearer ${values['staffToken']}`;
    };
    const stateHandlers = Object.fromEntries(
      statesIn(file).map((name) => [
        name,
        async (params?: unknown) => {
          try {
            await resetPortal();
            values = await PROVIDER_STATES[name]!(portal, (params ?? {}) as Record<string, unknown>);
            return values;
          } catch (error) {
            failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
            throw error;
          }
        },
      ]),
    );
    await new Verifier({
      provider: 'member-portal-api',
      providerBaseUrl: portal.url,
      pactUrls: [file],
      stateHandlers,
      requestFilter: (request, _response, next) => {
        request.headers['origin'] = portal.url;
        credentials(request.headers as Record<string, string | string[] | undefined>);
        next();
      },
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
  }, 300_000);
});
