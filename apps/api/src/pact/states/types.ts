/**
 * Provider states for the micro-frontends' pacts: each sets up, through the running portal's own
 * HTTP API, its repositories and the provider sandbox's controls (never a mock of our code), what
 * a screen needs, and answers the values the pact's requests take from it (`sessionCookie`,
 * `guestToken`, `staffToken`, ids).
 */
import type { TestPortal } from '../../../../../tools/src/testing/portal.ts';

export type StateValues = Record<string, string>;
export type ProviderState = (portal: TestPortal, params: Readonly<Record<string, unknown>>) => Promise<StateValues>;
export type ProviderStates = Readonly<Record<string, ProviderState>>;
