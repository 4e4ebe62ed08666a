/**
 * Settings of the athenahealth adapters. One object configures the HTTP client, the health
 * record and the patient login; `athenaConfigFromEnv` reads it from the environment and falls
 * back to the provider sandbox when no athena host is configured.
 */
import { envText } from '@portal/http-support';
import type { Clock } from '@portal/core';

/** What the client reports about each HTTP attempt (no PHI: the path is the template). */
export interface AthenaRequestEvent {
  readonly method: string;
  /** Path template such as `/v1/{practiceid}/patients/{patientid}`. */
  readonly path: string;
  readonly requestId: string;
  /** 1 for the first try. */
  readonly attempt: number;
  readonly status: number | null;
  readonly failure: 'timeout' | 'network' | null;
  readonly durationMs: number;
}

export interface AthenaConfig {
  /** Host without a trailing path, e.g. `https://api.preview.platform.athenahealth.com`. */
  readonly baseUrl: string;
  readonly practiceId: string;
  /** Backend (2-legged) client. */
  readonly clientId: string;
  readonly clientSecret: string;
  /** SMART patient app (public client, no secret). */
  readonly patientClientId: string;
  /** Per attempt, default 8000. */
  readonly timeoutMs?: number;
  /** Extra attempts for GETs and token requests on 5xx/429/network errors/timeouts, default 2. */
  readonly retries?: number;
  /** First backoff step in ms (doubles per retry, with jitter), default 250. */
  readonly retryBaseDelayMs?: number;
  /** Scope of the backend token, default `athena/service/Athenanet.MDP.*`. */
  readonly backendScope?: string;
  readonly fetch?: typeof globalThis.fetch;
  /** For the token cache and id_token expiry; the system clock by default. */
  readonly clock?: Clock;
  /** Waits between retries; setTimeout by default. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1); Math.random by default. */
  readonly random?: () => number;
  /** Called after every HTTP attempt, for logs and metrics. */
  readonly onRequest?: (event: AthenaRequestEvent) => void;
}

export interface AthenaEnvConfig {
  readonly baseUrl: string;
  readonly practiceId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly patientClientId: string;
  /** True when ATHENA_BASE_URL is unset and the adapters talk to the local provider sandbox. */
  readonly sandbox: boolean;
}

export const SANDBOX_CLIENT_ID = 'portal-sandbox-client';
export const SANDBOX_CLIENT_SECRET = 'portal-sandbox-secret';
export const SANDBOX_PATIENT_CLIENT_ID = 'portal-patient-app';
export const DEFAULT_PRACTICE_ID = '29391';

/**
 * ATHENA_BASE_URL, ATHENA_PRACTICE_ID (default 29391), ATHENA_CLIENT_ID, ATHENA_CLIENT_SECRET,
 * ATHENA_PATIENT_CLIENT_ID. Without ATHENA_BASE_URL: the sandbox on 127.0.0.1:${SANDBOX_PORT ?? 4010}
 * with its fixed credentials. With it, the three credentials are required.
 */
export function athenaConfigFromEnv(env: Readonly<Record<string, string | undefined>>): AthenaEnvConfig {
  const practiceId = envText(env['ATHENA_PRACTICE_ID']) ?? DEFAULT_PRACTICE_ID;
  const baseUrl = envText(env['ATHENA_BASE_URL']);
  if (baseUrl === undefined) {
    const port = envText(env['SANDBOX_PORT']) ?? '4010';
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      practiceId,
      clientId: SANDBOX_CLIENT_ID,
      clientSecret: SANDBOX_CLIENT_SECRET,
      patientClientId: SANDBOX_PATIENT_CLIENT_ID,
      sandbox: true,
    };
  }
  const missing = ['ATHENA_CLIENT_ID', 'ATHENA_CLIENT_SECRET', 'ATHENA_PATIENT_CLIENT_ID'].filter(
    (name) => envText(env[name]) === undefined,
  );
  if (missing.length > 0) throw new Error(`ATHENA_BASE_URL is set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not`);
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    practiceId,
    clientId: env['ATHENA_CLIENT_ID'] as string,
    clientSecret: env['ATHENA_CLIENT_SECRET'] as string,
    patientClientId: env['ATHENA_PATIENT_CLIENT_ID'] as string,
    sandbox: false,
  };
}
