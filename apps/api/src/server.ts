/**
 * Starts the API on a database URL: migrate, build the container, listen. Returns a handle that
 * closes the HTTP server, the mailer's SMTP connections and the database pool.
 */
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { migrateJobQueue, migrateToLatest, serverSecret, type Database, type SessionChangeFeed } from '@portal/persistence';
import { readConfig, type AppConfig, createLogger, type Logger, metricsPortFor, startMetricsServer, type OperationsSource } from '@portal/composition';
import type { Mailer } from '@portal/core';
import { closeMailer } from '@portal/mail';
import { API_METRICS_PORT, createApiMetrics } from './metrics/api-metrics.ts';
import { buildContainer } from './di/container.ts';
import { verificationModule } from './di/verification.container-module.ts';
import { TOKENS } from './di/tokens.ts';
import { createApp, registeredRoutes, type ApiRoute } from './http/app.ts';

export interface RunningApi {
  readonly url: string;
  readonly config: AppConfig;
  /** The routes the API registers (method and path pattern). */
  readonly routes: ReadonlyArray<ApiRoute>;
  /** Where Prometheus scrapes this API (`http://127.0.0.1:9464/metrics`); null when metrics are off. */
  readonly metricsUrl: string | null;
  close(): Promise<void>;
}

export interface StartApiOptions {
  readonly databaseUrl: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly logger?: Logger;
  /** Override the port (0 picks a free one, for tests). */
  readonly port?: number;
  /** Override METRICS_PORT (0 picks a free one; null: no metrics port). */
  readonly metricsPort?: number | null;
}

export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
}

/**
 * Requests Node's HTTP parser refuses before Koa sees them (a control character in a header,
 * headers over 16 KB, a malformed request line) get a JSON error like every other, not Node's
 * bare status line.
 */
export const answerClientError = (error: NodeJS.ErrnoException, socket: Duplex): void => {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, text] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout']
        : [400, 'Bad Request'];
  const body = JSON.stringify({ error: text });
  socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
};

export const startApi = async (options: StartApiOptions): Promise<RunningApi> => {
  const env = options.env ?? process.env;
  const requested = readConfig(env, options.databaseUrl);
  const port = options.port ?? requested.port;
  // Listen first, so that with port 0 the real port is known before the origin-dependent
  // settings (redirect URI, cookie security) are read.
  const server = http.createServer();
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError(`Port ${port} is already in use: is another \`npm start\` running? Stop it or set PORT.`)
          : error,
      ),
    );
    server.listen(port, requested.host, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  const config = readConfig(env, options.databaseUrl, actualPort);
  const logger = options.logger ?? createLogger(config.logLevel);
  const metrics = createApiMetrics();
  const container = buildContainer(config, logger, env, [metrics.containerModule]);
  const knex = container.get<Database>(TOKENS.Knex);
  try {
    await migrateToLatest(knex);
    // graphile-worker's schema: the API queues jobs (graphile_worker.add_job) in its transactions.
    await migrateJobQueue(knex, options.databaseUrl);
  } catch (error) {
    server.close();
    await knex.destroy();
    throw error;
  }
  const sessionChanges = container.get<SessionChangeFeed>(TOKENS.SessionChanges);
  await sessionChanges.start();
  const secret = await serverSecret(knex, config.verificationSecret);
  container.load(verificationModule(config, secret));
  const app = createApp(container, { metrics });
  server.on('request', app.callback());
  server.on('clientError', answerClientError);
  metrics.observeOperations(container.get<OperationsSource>(TOKENS.OperationsProbe), logger);
  const metricsPort = options.metricsPort !== undefined ? options.metricsPort : metricsPortFor(config.metricsPort, API_METRICS_PORT, env);
  const metricsServer =
    metricsPort === null
      ? null
      : await startMetricsServer(metrics.registry, { host: config.metricsHost, port: metricsPort, logger }).catch(async (error: unknown) => {
          server.close();
          await knex.destroy();
          throw error;
        });
  const url = `http://${['0.0.0.0', '127.0.0.1'].includes(config.host) ? 'localhost' : config.host}:${actualPort}`;
  return {
    url,
    config,
    routes: registeredRoutes(app),
    metricsUrl: metricsServer?.url ?? null,
    close: async () => {
      await metricsServer?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await sessionChanges.close();
      // The SMTP pool's idle connections (busy ones close when their email is done).
      closeMailer(container.get<Mailer>(TOKENS.Mailer));
      await knex.destroy();
    },
  };
};
