/**
 * Starts the API on a database URL: migrate, build the container, listen. Returns a handle that
 * closes the HTTP server and the database pool.
 */
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import type { Knex } from 'knex';
import { migrateToLatest } from '@portal/persistence';
import { readConfig, type AppConfig } from './config.ts';
import { buildContainer } from './di/container.ts';
import { TOKENS } from './di/tokens.ts';
import { createApp } from './http/app.ts';
import { createLogger, type Logger } from './logger.ts';

export interface RunningApi {
  readonly url: string;
  readonly config: AppConfig;
  close(): Promise<void>;
}

export interface StartApiOptions {
  readonly databaseUrl: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly logger?: Logger;
  /** Override the port (0 picks a free one, for tests). */
  readonly port?: number;
}

export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
}

export const startApi = async (options: StartApiOptions): Promise<RunningApi> => {
  const env = options.env ?? process.env;
  const base = readConfig(env, options.databaseUrl);
  const config: AppConfig = options.port === undefined ? base : { ...base, port: options.port };
  const logger = options.logger ?? createLogger(config.logLevel);
  const container = buildContainer(config, logger);
  const knex = container.get<Knex>(TOKENS.Knex);
  await migrateToLatest(knex);
  const app = createApp(container);
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError(`Port ${config.port} is already in use: is another \`npm start\` running? Stop it or set PORT.`)
          : error,
      ),
    );
    server.listen(config.port, config.host, () => resolve());
  }).catch(async (error) => {
    await knex.destroy();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host === '127.0.0.1' ? 'localhost' : config.host}:${port}`;
  return {
    url,
    config: { ...config, port },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await knex.destroy();
    },
  };
};
