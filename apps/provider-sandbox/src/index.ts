/**
 * The provider sandbox: a local athenahealth for practice 29391, wire-compatible with
 * docs/design/athena-wire.md. `startSandbox` listens; `createSandboxApp` gives the Koa app for
 * supertest.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKnex } from '@portal/persistence';
import { createSandboxApp } from './app.ts';

export { createSandboxApp, type SandboxApp, type SandboxAppOptions } from './app.ts';
export type { Fault } from './http/faults.ts';
export {
  AH_PRACTICE,
  APPOINTMENT_TYPES,
  BACKEND_CLIENT_ID,
  BACKEND_CLIENT_SECRET,
  DEPARTMENTS,
  PATIENT_APP_CLIENT_ID,
  PRACTICE_ID,
  PROVIDERS,
} from './seed/practice.ts';
export { PATIENT_IDS } from './seed/patients.ts';
export { DEFAULT_SCHEMA } from './store/schema.ts';

export interface StartSandboxOptions {
  readonly databaseUrl: string;
  /** Default SANDBOX_PORT or 4010; 0 picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** PostgreSQL schema of the sandbox's tables (default `provider_sandbox`). */
  readonly schema?: string;
  /** The sandbox clock (default: the system clock). */
  readonly now?: () => Date;
  /** Extra registered redirect URIs (default: SANDBOX_REDIRECT_URIS, comma-separated). */
  readonly redirectUris?: readonly string[];
  /** How long a `timeoutRate` fault holds a request (default 30 000 ms). */
  readonly faultHoldMs?: number;
  /** One line per request: method, path without query, status, duration. Default: silent. */
  readonly log?: (line: string) => void;
}

export interface RunningSandbox {
  /** The real base URL, e.g. http://127.0.0.1:4010 (ATHENA_BASE_URL for the adapter). */
  readonly url: string;
  close(): Promise<void>;
  /** Same as POST /_sandbox/reset. */
  reset(): Promise<void>;
}

export class SandboxPortInUseError extends Error {
  override readonly name = 'SandboxPortInUseError';
}

export const startSandbox = async ({
  databaseUrl,
  port = Number(process.env.SANDBOX_PORT ?? 4010),
  host = '127.0.0.1',
  schema = 'provider_sandbox',
  now = () => new Date(),
  redirectUris,
  faultHoldMs,
  log,
}: StartSandboxOptions): Promise<RunningSandbox> => {
  const knex = createKnex({ url: databaseUrl, poolMax: 5 });
  let sandbox;
  try {
    sandbox = await createSandboxApp({
      knex,
      schema,
      now,
      ...(redirectUris === undefined ? {} : { redirectUris }),
      ...(faultHoldMs === undefined ? {} : { faultHoldMs }),
      ...(log === undefined ? {} : { log }),
    });
  } catch (error) {
    await knex.destroy();
    throw error;
  }
  const server = http.createServer(sandbox.app.callback());
  server.keepAliveTimeout = 5_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new SandboxPortInUseError(`Port ${port} is already in use: is another provider sandbox running? Stop it or set SANDBOX_PORT.`)
            : error,
        ),
      );
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    await knex.destroy();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  let closed = false;
  return {
    url: `http://${shownHost}:${address.port}`,
    reset: () => sandbox.reset(),
    close: async () => {
      if (closed) return;
      closed = true;
      sandbox.releaseHeldRequests();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await knex.destroy();
    },
  };
};
