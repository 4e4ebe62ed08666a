/**
 * A fresh database per test file inside the run's PostgreSQL, migrated to the latest schema, so
 * test files run in parallel without seeing each other's rows.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { APP_ROLE, LOCAL_APP_LOGIN_SQL, createKnex, localAppUrl, migrateToLatest } from '@portal/persistence';
import { recordDatabase } from './log-files.ts';

export interface TestDatabase {
  readonly url: string;
  readonly knex: Knex;
  drop(): Promise<void>;
}

const serverUrl = (): URL => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run integration tests through jest (global setup starts PostgreSQL).');
  return new URL(url);
};

export const createTestDatabase = async (): Promise<TestDatabase> => {
  const admin = serverUrl();
  const name = `test_${randomBytes(6).toString('hex')}`;
  const adminKnex = createKnex({ url: admin.toString(), poolMax: 1 });
  await adminKnex.raw(`CREATE DATABASE "${name}"`);
  await adminKnex.destroy();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  const knex = createKnex({ url: url.toString(), poolMax: 5 });
  await migrateToLatest(knex);
  return {
    url: url.toString(),
    knex,
    drop: async () => {
      // The LOGS suite: stored error texts and what the sandbox issued, before they are gone.
      await recordDatabase(knex);
      await knex.destroy();
      const dropper = createKnex({ url: admin.toString(), poolMax: 1 });
      await dropper.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.destroy();
    },
  };
};

/**
 * The URL of a test database as the application role `portal_app` (docs/decisions/0013), with
 * the local password. The embedded test server gives the role that login when it starts; on a
 * DATABASE_URL server it is given here the first time. The role belongs to the whole server and
 * is shared by every test database: never drop it in a test.
 */
export const appRoleUrl = async (db: TestDatabase): Promise<string> => {
  const { rows } = (await db.knex.raw('SELECT rolcanlogin FROM pg_catalog.pg_roles WHERE rolname = ?', [APP_ROLE])) as { rows: Array<{ rolcanlogin: boolean }> };
  if (!rows[0]?.rolcanlogin) {
    // Another test file may alter the role at the same moment ('tuple concurrently updated'): once more.
    await db.knex.raw(LOCAL_APP_LOGIN_SQL).catch(() => db.knex.raw(LOCAL_APP_LOGIN_SQL));
  }
  return localAppUrl(db.url);
};
