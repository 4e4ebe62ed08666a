/**
 * An embedded PostgreSQL of a benchmark's own (a fresh folder under .data/bench-postgres/),
 * migrated, with a knex and a raw `pg` pool of the same size on it; everything is stopped and the
 * folder removed when `measure` is done (booking, orm).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import pg from 'pg';
import { createKnex, migrateToLatest, startEmbeddedPostgres } from '@portal/persistence';
import { freePort } from '../src/free-port.ts';
import { ROOT } from './report.ts';

export const withBenchDatabase = async <T>(name: string, poolSize: number, measure: (db: { knex: Knex; pool: pg.Pool }) => Promise<T>): Promise<T> => {
  const dataDir = path.join(ROOT, '.data/bench-postgres', `${name}-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`Starting an embedded PostgreSQL for the ${name} benchmark…`);
  const postgres = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'postgres' });
  const knex = createKnex({ url: postgres.url, poolMax: poolSize });
  const pool = new pg.Pool({ connectionString: postgres.url, max: poolSize });
  // An idle client cut off when the server stops must not end the process.
  pool.on('error', () => {});
  try {
    await migrateToLatest(knex);
    return await measure({ knex, pool });
  } finally {
    await knex.destroy().catch(() => {});
    await pool.end().catch(() => {});
    await postgres.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
};
