/**
 * For the sandbox's provider-verification tests: the provider states a consumer pact names, and
 * one verification run of the running sandbox against that pact (nothing published).
 */
import { readFileSync } from 'node:fs';
import { Verifier, type VerifierOptions } from '@pact-foundation/pact';

export type StateParams = Readonly<Record<string, unknown>>;
export type StateValues = Record<string, string>;

/** A provider state's required text parameter. */
export const stateText = (params: StateParams | undefined, name: string): string => {
  const value = params?.[name];
  if (typeof value !== 'string' || value === '') throw new Error(`provider state parameter '${name}' is missing`);
  return value;
};

/**
 * Provider-state handlers that remember their failures: Pact only logs a failing handler, so the
 * test asserts `failures` is empty after verifying.
 */
export const stateRecorder = () => {
  const failures: string[] = [];
  const state =
    (name: string, setup: (params: StateParams | undefined) => Promise<StateValues>) =>
    async (params?: unknown): Promise<StateValues> => {
      try {
        return await setup(params as StateParams | undefined);
      } catch (error) {
        failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
    };
  return { state, failures };
};

/** Every provider state named by the pact's interactions. */
export const providerStatesIn = (pactFile: string): string[] => {
  const pact = JSON.parse(readFileSync(pactFile, 'utf8')) as { interactions: { providerStates?: { name: string }[] }[] };
  return [...new Set(pact.interactions.flatMap((interaction) => (interaction.providerStates ?? []).map((state) => state.name)))];
};

export const verifySandboxAgainst = async (options: {
  readonly provider: string;
  readonly url: string;
  readonly pactFile: string;
  readonly stateHandlers: NonNullable<VerifierOptions['stateHandlers']>;
  readonly requestFilter: NonNullable<VerifierOptions['requestFilter']>;
}): Promise<void> => {
  await new Verifier({
    provider: options.provider,
    providerBaseUrl: options.url,
    pactUrls: [options.pactFile],
    stateHandlers: options.stateHandlers,
    requestFilter: options.requestFilter,
    // Also the limit on a provider state's setup (pact-core's default is 30 s): a state that
    // signs and files two enrollments takes longer than that on a busy two-core machine.
    timeout: 120_000,
    logLevel: 'warn',
    // Nothing is published (no broker); pact-core still asks for a version next to the flag.
    publishVerificationResult: false,
    providerVersion: 'local',
  }).verifyProvider();
};
