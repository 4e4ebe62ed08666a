/**
 * Settings of the SignWell adapter. `signwellConfigFromEnv` reads them from the environment and
 * falls back to the provider sandbox (which speaks SignWell's wire under /signwell/api/v1) when
 * no SignWell key is configured.
 */
import { envText, envFlag, envMilliseconds, providerSandboxUrl } from '@portal/http-support';

/** What the client reports about each HTTP attempt (no PHI: the path is the template). */
export interface SignwellRequestEvent {
  readonly method: string;
  /** Path template such as `/documents/{id}`. */
  readonly path: string;
  /** 1 for the first try. */
  readonly attempt: number;
  readonly status: number | null;
  readonly failure: 'timeout' | 'network' | null;
  readonly durationMs: number;
}

export interface SignwellConfig {
  /** API root including `/api/v1`, e.g. `https://www.signwell.com/api/v1`. */
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Sent as `test_mode` on every document: not legally binding and not billed. */
  readonly testMode: boolean;
  /** Per attempt for JSON calls, default 10 000. */
  readonly timeoutMs?: number;
  /** Per attempt for the completed PDF, default 30 000. */
  readonly downloadTimeoutMs?: number;
  /** Extra attempts for reads (GET, DELETE) on 5xx/429/network errors/timeouts, default 2. */
  readonly retries?: number;
  /** First backoff step in ms (doubles per retry, with jitter), default 250. */
  readonly retryBaseDelayMs?: number;
  readonly fetch?: typeof globalThis.fetch;
  /** Waits between retries; setTimeout by default. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1); Math.random by default. */
  readonly random?: () => number;
  /** Called after every HTTP attempt, for logs and metrics. */
  readonly onRequest?: (event: SignwellRequestEvent) => void;
}

export interface SignwellEnvConfig {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly testMode: boolean;
  /** The browser script for embedded signing (`SignWellEmbed`), for `/api/config`. */
  readonly embeddedScriptUrl: string;
  /** SIGNWELL_WEBHOOK_ID: the id of our webhook, the key of its event hashes; null when unset. */
  readonly webhookId: string | null;
  readonly timeoutMs: number | undefined;
  /** True when SIGNWELL_API_KEY is unset and the adapter talks to the local provider sandbox. */
  readonly sandbox: boolean;
}

export const SIGNWELL_BASE_URL = 'https://www.signwell.com/api/v1';
export const SIGNWELL_EMBEDDED_SCRIPT_URL = 'https://static.signwell.com/assets/embedded.js';
/** The provider sandbox accepts this key only. */
export const SANDBOX_SIGNWELL_API_KEY = 'sandbox-signwell-key';

/**
 * SIGNWELL_API_KEY, SIGNWELL_BASE_URL (default SignWell's), SIGNWELL_TEST_MODE (`true`/`false`;
 * default false with a real key), SIGNWELL_WEBHOOK_ID, SIGNWELL_TIMEOUT_MS. Without
 * SIGNWELL_API_KEY: the sandbox at `${PROVIDER_SANDBOX_URL}/signwell/api/v1` (PROVIDER_SANDBOX_URL
 * defaults to http://127.0.0.1:${SANDBOX_PORT ?? 4010}) with its fixed key, in test mode.
 */
export function signwellConfigFromEnv(env: Readonly<Record<string, string | undefined>>): SignwellEnvConfig {
  const apiKey = envText(env['SIGNWELL_API_KEY']);
  const baseUrl = envText(env['SIGNWELL_BASE_URL']);
  const webhookId = envText(env['SIGNWELL_WEBHOOK_ID']) ?? null;
  const timeoutMs = envMilliseconds(env['SIGNWELL_TIMEOUT_MS'], 'SIGNWELL_TIMEOUT_MS');
  const testMode = envFlag(env['SIGNWELL_TEST_MODE'], 'SIGNWELL_TEST_MODE');
  if (apiKey === undefined) {
    if (baseUrl !== undefined) throw new Error('SIGNWELL_BASE_URL is set but SIGNWELL_API_KEY is not');
    const sandbox = providerSandboxUrl(env);
    return {
      baseUrl: `${sandbox}/signwell/api/v1`,
      apiKey: SANDBOX_SIGNWELL_API_KEY,
      testMode: testMode ?? true,
      embeddedScriptUrl: `${sandbox}/signwell/assets/embedded.js`,
      webhookId,
      timeoutMs,
      sandbox: true,
    };
  }
  return {
    baseUrl: (baseUrl ?? SIGNWELL_BASE_URL).replace(/\/+$/, ''),
    apiKey,
    testMode: testMode ?? false,
    embeddedScriptUrl: envText(env['SIGNWELL_EMBEDDED_SCRIPT_URL']) ?? SIGNWELL_EMBEDDED_SCRIPT_URL,
    webhookId,
    timeoutMs,
    sandbox: false,
  };
}
