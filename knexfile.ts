/**
 * knex configuration for tools that want one (the app itself migrates at start through
 * @portal/persistence). DATABASE_URL when set; otherwise the embedded server's default URL,
 * which `npm start` brings up.
 */
import type { Knex } from 'knex';
import { embeddedUrl, migrationSource } from '@portal/persistence';

export const EMBEDDED_DATABASE_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
export const EMBEDDED_DATA_DIR = process.env.EMBEDDED_PG_DIR ?? '.data/postgres';

const config: Knex.Config = {
  client: 'pg',
  connection: process.env.DATABASE_URL ?? embeddedUrl(EMBEDDED_DATABASE_PORT),
  migrations: { migrationSource },
};

export default config;
