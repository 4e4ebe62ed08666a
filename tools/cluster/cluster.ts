/**
 * The local cluster (issue 16): the portal on https://localhost:… behind a real nginx (Debian's
 * package) that ends TLS with a certificate made at start, two API instances and two workers as
 * separate processes, PgBouncer (Debian's package) in transaction mode between the API instances
 * and an embedded PostgreSQL, the provider sandbox in this process. Workers, migrations and the
 * sandbox connect to PostgreSQL directly (docs/decisions/0037-local-cluster-pgbouncer.md).
 *
 * `startCluster` returns URLs and handles, so tests and the fault suites can stop, kill and start
 * an API instance or a worker, and stop and start PostgreSQL. nginx and PgBouncer run as plain
 * processes with configuration files generated into a run folder (as `nobody` when this process
 * is root; PgBouncer refuses root); nothing is installed as a system service.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { APP_ROLE, migrateDatabase, runningPostmaster, startEmbeddedPostgres, type DatabaseHandle } from '@portal/persistence';
import { startSandbox, type RunningSandbox } from '@portal/provider-sandbox';
import { pointStripeWebhooks } from '../src/stripe-webhooks.ts';
import { makeCertificate } from './certificate.ts';
import { nginxConf, pgbouncerIni, pgbouncerUsers } from './config-files.ts';
import { freePort } from '../src/free-port.ts';
import { ManagedProcess, accepting, waitUntil } from './processes.ts';
import { sandboxProviderEnv } from '../src/sandbox-env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StartClusterOptions {
  /** The public https port (default: a free one). */
  readonly httpsPort?: number;
  /** The embedded PostgreSQL's data folder (default: a fresh one in the run folder, removed on close). */
  readonly dataDir?: string;
  /** Where configuration files, the certificate and logs go (default: a new folder under the OS temp folder). */
  readonly runDir?: string;
  /** The API instances' and workers' LOG_LEVEL (default info). */
  readonly logLevel?: string;
  /** The workers' LOG_LEVEL (default: logLevel). `debug` shows graphile-worker's line per completed job. */
  readonly workerLogLevel?: string;
  /** Further environment for the API instances and workers. */
  readonly env?: Readonly<Record<string, string>>;
  /** Trust the cluster's CA in this process (fetch, the sandbox's webhooks) — default true. */
  readonly trustCertificate?: boolean;
  /** PgBouncer's server connections per database and user (default 10). */
  readonly poolSize?: number;
  /** Progress lines (default: none). */
  readonly log?: (line: string) => void;
}

export interface ApiInstance {
  readonly name: string;
  /** The instance itself, without the proxy (http, loopback). */
  readonly directUrl: string;
  readonly port: number;
  /** Its Prometheus metrics (loopback, never through nginx). */
  readonly metricsUrl: string;
  readonly process: ManagedProcess;
  /** Out of nginx's rotation, in-flight requests drained, then SIGTERM. */
  stop(): Promise<void>;
  /** SIGKILL, nginx not told: what a crash looks like. */
  kill(): Promise<void>;
  /** Starts the process and puts it (back) in rotation once it answers /api/health. */
  start(): Promise<void>;
  /** The request ids of the API's own 'request' log lines (nginx's ids when it came through nginx). */
  requestIds(): Set<string>;
}

export interface WorkerProcess {
  readonly name: string;
  /** Its Prometheus metrics (loopback). */
  readonly metricsUrl: string;
  readonly process: ManagedProcess;
  stop(): Promise<void>;
  kill(): Promise<void>;
  start(): Promise<void>;
}

export interface ClusterPostgres {
  /** The owner's connection, direct (migrations, the sandbox, tests' checks). */
  readonly ownerUrl: string;
  /** The application role, direct (workers). */
  readonly appUrl: string;
  readonly port: number;
  readonly dataDir: string;
  running(): boolean;
  /** Fast shutdown (every session ends). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface AccessLogEntry {
  readonly time: string;
  readonly client: string;
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly upstream: string;
  readonly upstreamStatus: string;
  readonly requestTime: number;
}

export interface Cluster {
  /** https://localhost:<port>: the portal, through nginx. */
  readonly url: string;
  readonly caPath: string;
  readonly caPem: string;
  readonly runDir: string;
  readonly sandbox: RunningSandbox;
  readonly apis: readonly [ApiInstance, ApiInstance];
  readonly workers: readonly [WorkerProcess, WorkerProcess];
  readonly postgres: ClusterPostgres;
  /** The application role through PgBouncer (what the API instances use). */
  readonly bouncerUrl: string;
  readonly nginx: ManagedProcess;
  readonly pgbouncer: ManagedProcess;
  /** nginx's access log, one entry per request. */
  accessLog(): AccessLogEntry[];
  /** Every process's exits nobody asked for. */
  crashes(): string[];
  close(): Promise<void>;
}

/** The user nginx and PgBouncer run as: this process's own, or `nobody` when it is root. */
const serviceUser = (): { uid: number; gid: number } | undefined => {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
};

const chownTree = (dir: string, user: { uid: number; gid: number }, skip: string): void => {
  chownSync(dir, user.uid, user.gid);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (full === skip) continue;
    if (entry.isDirectory()) chownTree(full, user, skip);
    else chownSync(full, user.uid, user.gid);
  }
};

const requireBinary = (name: string, file: string): void => {
  if (!existsSync(file)) throw new Error(`${name} is not installed (${file}): apt-get install -y nginx pgbouncer`);
};

/** A GET on a fresh connection (never a pooled keep-alive one), for nginx's control port. */
const getFresh = (port: number, pathname: string): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, agent: false, headers: { Connection: 'close' }, timeout: 2_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });

/** nginx's worker processes (children of the master), from /proc. */
const childrenOf = (pid: number | null): number[] => {
  if (pid === null) return [];
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export const startCluster = async (options: StartClusterOptions = {}): Promise<Cluster> => {
  requireBinary('nginx', '/usr/sbin/nginx');
  requireBinary('PgBouncer', '/usr/sbin/pgbouncer');
  const log = options.log ?? (() => {});
  const runDir = options.runDir ?? mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
  mkdirSync(runDir, { recursive: true });
  chmodSync(runDir, 0o755);
  for (const dir of ['nginx-tmp', 'logs']) mkdirSync(path.join(runDir, dir), { recursive: true });
  const ownData = options.dataDir === undefined;
  const dataDir = path.resolve(options.dataDir ?? path.join(runDir, 'postgres'));
  const user = serviceUser();
  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    for (const step of cleanups.splice(0).reverse()) await step().catch(() => {});
  };

  try {
    // Ports: the public one, nginx's control port, two API instances, PgBouncer, PostgreSQL.
    const httpsPort = options.httpsPort ?? (await freePort());
    const [controlPort, portA, portB, bouncerPort, pgPort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
    const url = `https://localhost:${httpsPort}`;

    // The certificate, made now; this process trusts its CA (the sandbox posts Stripe's webhooks here).
    const certificate = makeCertificate(runDir);
    if (options.trustCertificate ?? true) tls.setDefaultCACertificates([...tls.getCACertificates('default'), certificate.caPem]);

    // PostgreSQL, migrated as its owner (directly: migrations need a session).
    if (runningPostmaster(dataDir) !== null) throw new Error(`The database in ${dataDir} is already in use: is another cluster running?`);
    let database: DatabaseHandle | null = await startEmbeddedPostgres({ dataDir, port: pgPort });
    log(`PostgreSQL on 127.0.0.1:${pgPort} (${dataDir})`);
    cleanups.push(async () => {
      await database?.stop();
      database = null;
    });
    // The reaper cleans up if this process dies without closing the cluster (tools/cluster/reaper.ts).
    const reaper = spawn(process.execPath, [path.join(root, 'tools/cluster/reaper.ts'), String(process.pid), runDir, dataDir, ...(options.runDir ? [] : ['remove'])], { detached: true, stdio: 'ignore' });
    reaper.unref();
    cleanups.push(async () => {
      reaper.kill('SIGKILL');
    });
    const tracked: ManagedProcess[] = [];
    const track = (proc: ManagedProcess): ManagedProcess => {
      tracked.push(proc);
      return proc;
    };
    const writePids = () =>
      writeFileSync(path.join(runDir, 'pids'), tracked.flatMap((proc) => (proc.pid === null ? [] : [String(proc.pid)])).join('\n') + '\n');

    const ownerUrl = database.url;
    const appUrl = database.appUrl;
    await migrateDatabase(ownerUrl);

    const postgres: ClusterPostgres = {
      ownerUrl,
      appUrl,
      port: pgPort,
      dataDir,
      running: () => database !== null,
      stop: async () => {
        await database?.stop();
        database = null;
      },
      start: async () => {
        if (database) return;
        database = await startEmbeddedPostgres({ dataDir, port: pgPort });
      },
    };

    // The provider sandbox (athenahealth, Stripe, SignWell, Firebase, Turnstile, mail) in this
    // process, in its own schema; it stands for systems outside the portal, so it connects directly.
    const sandbox = await startSandbox({ databaseUrl: ownerUrl, port: 0, smtpPort: 0, redirectUris: [`${url}/api/auth/callback`] });
    cleanups.push(() => sandbox.close());
    log(`Provider sandbox on ${sandbox.url}`);

    // PgBouncer, transaction mode, for the API instances.
    const appLogin = new URL(appUrl);
    writeFileSync(path.join(runDir, 'pgbouncer.ini'), pgbouncerIni({ runDir, port: bouncerPort, postgresPort: pgPort, database: 'portal', poolSize: options.poolSize ?? 10 }));
    writeFileSync(path.join(runDir, 'pgbouncer-users.txt'), pgbouncerUsers([{ name: APP_ROLE, password: decodeURIComponent(appLogin.password) }]), { mode: 0o600 });
    const bouncerLogin = new URL(appUrl);
    bouncerLogin.port = String(bouncerPort);
    const bouncerUrl = bouncerLogin.toString();

    // nginx's configuration; both instances out of rotation until each answers.
    const names = ['api-a', 'api-b'] as const;
    const ports = [portA, portB] as const;
    const inRotation = new Map<string, boolean>(names.map((name) => [name, false]));
    let generation = 1;
    const nginxConfPath = path.join(runDir, 'nginx.conf');
    const writeNginxConf = () =>
      writeFileSync(
        nginxConfPath,
        nginxConf({
          runDir,
          httpsPort,
          controlPort,
          certPath: certificate.certPath,
          keyPath: certificate.keyPath,
          generation,
          upstreams: names.map((name, index) => ({ name, port: ports[index]!, down: !inRotation.get(name) })),
        }),
      );
    writeNginxConf();
    if (user) chownTree(runDir, user, dataDir);

    const pgbouncer = track(new ManagedProcess({
      name: 'pgbouncer',
      command: '/usr/sbin/pgbouncer',
      args: [path.join(runDir, 'pgbouncer.ini')],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      cwd: runDir,
      logFile: path.join(runDir, 'logs', 'pgbouncer.out'),
      ...(user ? { user } : {}),
      onStart: () => writePids(),
    }));
    pgbouncer.start();
    cleanups.push(async () => {
      await pgbouncer.stop(5_000);
      await pgbouncer.closeLog();
    });
    await waitUntil('PgBouncer listening', () => accepting(bouncerPort), 10_000);
    log(`PgBouncer (transaction mode) on 127.0.0.1:${bouncerPort}`);

    const nginx = track(new ManagedProcess({
      name: 'nginx',
      command: '/usr/sbin/nginx',
      args: ['-p', runDir, '-c', nginxConfPath, '-e', path.join(runDir, 'nginx-error.log')],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      cwd: runDir,
      logFile: path.join(runDir, 'logs', 'nginx.out'),
      ...(user ? { user } : {}),
      onStart: () => writePids(),
    }));
    nginx.start();
    cleanups.push(async () => {
      await nginx.stop(5_000);
      await nginx.closeLog();
    });
    const generationServed = async () => {
      const answer = await getFresh(controlPort, '/generation');
      return answer.status === 200 && answer.body === String(generation);
    };
    await waitUntil('nginx answering', generationServed, 10_000);

    /** One change at a time: rewrites nginx's configuration, reloads it, waits until new workers answer and the old ones finished their requests. */
    let rotationChanges: Promise<void> = Promise.resolve();
    const setRotation = (name: string, on: boolean): Promise<void> => {
      const change = rotationChanges.then(() => changeRotation(name, on));
      rotationChanges = change.catch(() => {});
      return change;
    };
    const changeRotation = async (name: string, on: boolean): Promise<void> => {
      if (inRotation.get(name) === on) return;
      inRotation.set(name, on);
      generation += 1;
      writeNginxConf();
      if (user) chownSync(nginxConfPath, user.uid, user.gid);
      const oldWorkers = childrenOf(nginx.pid);
      nginx.signal('SIGHUP');
      await waitUntil('nginx reloaded', generationServed, 10_000, 20);
      // Old workers finish their in-flight requests, then exit: then nothing new or old reaches a drained instance.
      await waitUntil('old nginx workers finished', async () => oldWorkers.every((pid) => !alive(pid)), 30_000, 20);
    };

    // The API instances and workers: the same providers, the public origin, behind a proxy.
    const baseEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LANG: process.env.LANG ?? 'C.UTF-8',
      ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: url,
      TRUST_PROXY: 'true',
      ...sandboxProviderEnv(sandbox),
      ...options.env,
    };

    // Prometheus metrics of each process on a port of its own (loopback), never through nginx.
    const metricsPorts = [await freePort(), await freePort(), await freePort(), await freePort()];
    const apis = names.map((name, index): ApiInstance => {
      const port = ports[index]!;
      const directUrl = `http://127.0.0.1:${port}`;
      const proc = track(new ManagedProcess({
        name,
        command: process.execPath,
        args: [path.join(root, 'tools/cluster/api-entry.ts')],
        env: {
          ...baseEnv,
          PORT: String(port),
          DATABASE_URL: bouncerUrl,
          // What needs a session (the session cache's LISTEN) goes to PostgreSQL itself.
          DATABASE_DIRECT_URL: appUrl,
          METRICS_PORT: String(metricsPorts[index]),
          LOG_LEVEL: options.logLevel ?? 'info',
          CLUSTER_INSTANCE: name,
        },
        cwd: root,
        logFile: path.join(runDir, 'logs', `${name}.log`),
        onStart: () => writePids(),
      }));
      const ready = async () => {
        const line = proc.waitForLine((text) => text.includes('"cluster":"api ready"'), 60_000);
        proc.start();
        await line;
        await waitUntil(`${name} healthy`, async () => (await fetch(`${directUrl}/api/health`)).status === 200, 30_000);
      };
      return {
        name,
        port,
        directUrl,
        metricsUrl: `http://127.0.0.1:${metricsPorts[index]}/metrics`,
        process: proc,
        stop: async () => {
          await setRotation(name, false);
          await proc.stop();
        },
        kill: () => proc.kill(),
        start: async () => {
          await setRotation(name, false);
          await ready();
          await setRotation(name, true);
        },
        requestIds: () => {
          const ids = new Set<string>();
          for (const line of proc.lines()) {
            if (!line.includes('"msg":"request"')) continue;
            try {
              ids.add(String((JSON.parse(line) as { requestId?: string }).requestId));
            } catch {
              // not a JSON line
            }
          }
          return ids;
        },
      };
    }) as unknown as [ApiInstance, ApiInstance];
    cleanups.push(async () => {
      for (const api of apis) {
        await api.process.stop();
        await api.process.closeLog();
      }
    });
    await Promise.all(apis.map((api) => api.start()));
    log(`API instances ${apis.map((api) => `${api.name} ${api.directUrl}`).join(', ')} (through PgBouncer)`);

    const workers = (['worker-1', 'worker-2'] as const).map((name, index): WorkerProcess => {
      const proc = track(new ManagedProcess({
        name,
        command: process.execPath,
        args: [path.join(root, 'apps/worker/src/main.ts')],
        // Directly to PostgreSQL: graphile-worker LISTENs and holds its connections across statements.
        env: { ...baseEnv, DATABASE_URL: appUrl, LOG_LEVEL: options.workerLogLevel ?? options.logLevel ?? 'info', WORKER_CONCURRENCY: '2', METRICS_PORT: String(metricsPorts[2 + index]), CLUSTER_INSTANCE: name },
        cwd: root,
        logFile: path.join(runDir, 'logs', `${name}.log`),
        onStart: () => writePids(),
      }));
      return {
        name,
        metricsUrl: `http://127.0.0.1:${metricsPorts[2 + index]}/metrics`,
        process: proc,
        stop: () => proc.stop(),
        kill: () => proc.kill(),
        start: async () => {
          const line = proc.waitForLine((text) => text.includes('Worker running'), 60_000);
          proc.start();
          await line;
        },
      };
    }) as unknown as [WorkerProcess, WorkerProcess];
    cleanups.push(async () => {
      for (const worker of workers) {
        await worker.process.stop();
        await worker.process.closeLog();
      }
    });
    await Promise.all(workers.map((worker) => worker.start()));
    log(`Workers ${workers.map((worker) => worker.name).join(', ')} (directly on PostgreSQL)`);

    // The sandbox's Stripe sends its signed events through nginx, as Stripe would.
    await pointStripeWebhooks(sandbox.url, url);

    const accessLogPath = path.join(runDir, 'nginx-access.log');
    return {
      url,
      caPath: certificate.caPath,
      caPem: certificate.caPem,
      runDir,
      sandbox,
      apis,
      workers,
      postgres,
      bouncerUrl,
      nginx,
      pgbouncer,
      accessLog: () =>
        existsSync(accessLogPath)
          ? readFileSync(accessLogPath, 'utf8')
              .split('\n')
              .filter(Boolean)
              .map((line) => JSON.parse(line) as AccessLogEntry)
          : [],
      crashes: () => [nginx, pgbouncer, ...apis.map((api) => api.process), ...workers.map((worker) => worker.process)].flatMap((proc) => proc.unexpectedExits),
      close: async () => {
        await cleanup();
        if (!options.runDir) rmSync(runDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await cleanup();
    if (!options.runDir) rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
};
