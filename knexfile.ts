/**
 * knex configuration for tools that want one (the app migrates through @portal/persistence:
 * `npm run migrate`, `npm start`). Connects as the schema's owner, as `npm run migrate` does:
 * DATABASE_MIGRATION_URL, else DATABASE_URL, else the embedded server that `localEmbeddedOptions`
 * describes (EMBEDDED_PG_PORT), which must be running (`npm start`).
 */
import type { Knex } from 'knex';
import { embeddedUrl, localEmbeddedOptions, migrationSource } from '@portal/persistence';

const config: Knex.Config = {
  client: 'pg',
  connection: process.env.DATABASE_MIGRATION_URL || process.env.DATABASE_URL || embeddedUrl(localEmbeddedOptions(process.env).port),
  migrations: { migrationSource },
};

export default config;
