/**
 * Security finding 6: the audit tables are append-only. As the application role (a real login
 * as `portal_app`) UPDATE, DELETE and TRUNCATE are refused by its privileges and INSERT and SELECT
 * work; as the owner (a superuser here) the triggers still refuse them; only an explicit
 * `SET ROLE portal_maintenance` may rewrite. The roles are the server's: never dropped here.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { createKnex } from '../knex.ts';
import { migrateJobQueue } from '../job-queue.ts';
import { migrateToLatest, migrationSource } from './index.ts';
import { APP_ROLE, AUDIT_TABLES, MAINTENANCE_ROLE, createRoleIfMissing } from './20261122060000_append_only_audit.ts';
import { appRoleUrl, createTestDatabase, type TestDatabase } from '../../../../tools/src/testing/test-database.ts';

let db: TestDatabase;
let app: Knex;

const ROWS: Record<(typeof AUDIT_TABLES)[number], Record<string, unknown>> = {
  audit_logs: { eventType: 'test', action: 'read_patient' },
  staff_audit_trail: { staffEmail: 'nurse@practice.example', action: 'create_subscription', athenaPatientId: '1001' },
};
const COLUMN: Record<(typeof AUDIT_TABLES)[number], string> = { audit_logs: 'action', staff_audit_trail: 'action' };

beforeAll(async () => {
  db = await createTestDatabase();
  // graphile-worker's schema, installed by the owner after the knex migrations (as migrateDatabase does).
  await migrateJobQueue(db.knex, db.url);
  app = createKnex({ url: await appRoleUrl(db), poolMax: 2 });
});
afterAll(async () => {
  await app?.destroy();
  await db.drop();
});

const insertAsOwner = async (table: (typeof AUDIT_TABLES)[number]): Promise<number> => {
  const [row] = await db.knex(table).insert(ROWS[table]).returning('id');
  return Number(row.id);
};

describe('connected as the application role', () => {
  it('is really portal_app, not a superuser', async () => {
    const { rows } = await app.raw('SELECT current_user AS who, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS super');
    expect(rows[0]).toEqual({ who: APP_ROLE, super: false });
  });

  it.each(AUDIT_TABLES)('%s: INSERT and SELECT work', async (table) => {
    const [row] = await app(table).insert(ROWS[table]).returning('*');
    expect(row.id).toBeDefined();
    expect(await app(table).where({ id: row.id }).first()).toMatchObject(ROWS[table]);
  });

  it.each(AUDIT_TABLES)('%s: UPDATE, DELETE and TRUNCATE are refused, and the row stays as written', async (table) => {
    const id = await insertAsOwner(table);
    await expect(app(table).where({ id }).update({ [COLUMN[table]]: 'rewritten' })).rejects.toThrow(/permission denied for table/);
    await expect(app(table).where({ id }).delete()).rejects.toThrow(/permission denied for table/);
    await expect(app.raw(`TRUNCATE "${table}"`)).rejects.toThrow(/permission denied for table/);
    expect(await db.knex(table).where({ id }).first()).toMatchObject(ROWS[table]);
  });

  it('cannot switch the triggers off, drop them or become the maintenance role', async () => {
    await expect(app.raw('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_append_only')).rejects.toThrow(/must be owner/);
    await expect(app.raw('DROP TRIGGER audit_logs_append_only ON audit_logs')).rejects.toThrow(/must be owner/);
    await expect(app.raw(`SET ROLE ${MAINTENANCE_ROLE}`)).rejects.toThrow(/permission denied to set role/);
    await expect(app.raw("SET session_replication_role = 'replica'")).rejects.toThrow(/permission denied/);
  });

  it('still reads and writes the other tables, uses their sequences, and queues jobs', async () => {
    const [enrollment] = await app('enrollments').insert({}).returning('id');
    await app('enrollments').where({ id: enrollment.id }).update({ status: 'signed' });
    const [cache] = await app('provider_cache').insert({ departmentId: '1' }).returning('id');
    await app('provider_cache').where({ id: cache.id }).delete();
    await app('enrollments').where({ id: enrollment.id }).delete();
    await app.raw("SELECT graphile_worker.add_job('app_role_probe', '{}'::json, job_key := 'probe')");
    const { rows } = await db.knex.raw("SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'app_role_probe'");
    expect(rows[0].n).toBe(1);
  });

  it('sees that the schema is current but may not record or run a migration', async () => {
    await expect(migrateToLatest(app)).resolves.toBeUndefined();
    await expect(app('knex_migrations').insert({ name: '29991231000000_forged', batch: 99, migration_time: new Date() })).rejects.toThrow(/permission denied/);
    await expect(app('knex_migrations_lock').update({ is_locked: 1 })).rejects.toThrow(/permission denied/);
    await expect(app.schema.createTable('scratch', (table) => table.increments('id'))).rejects.toThrow(/permission denied/);
  });
});

describe('connected as the owner', () => {
  it.each(AUDIT_TABLES)('%s: the trigger refuses UPDATE, DELETE and TRUNCATE without the maintenance role', async (table) => {
    const id = await insertAsOwner(table);
    await expect(db.knex(table).where({ id }).update({ [COLUMN[table]]: 'rewritten' })).rejects.toThrow(new RegExp(`${table} is append-only: UPDATE refused`));
    await expect(db.knex(table).where({ id }).delete()).rejects.toThrow(new RegExp(`${table} is append-only: DELETE refused`));
    await expect(db.knex.raw(`TRUNCATE "${table}"`)).rejects.toThrow(new RegExp(`${table} is append-only: TRUNCATE refused`));
    expect(await db.knex(table).where({ id }).first()).toMatchObject(ROWS[table]);
  });

  it.each(AUDIT_TABLES)('%s: after SET ROLE portal_maintenance, UPDATE, DELETE and TRUNCATE work', async (table) => {
    const id = await insertAsOwner(table);
    await db.knex.transaction(async (trx) => {
      await trx.raw(`SET LOCAL ROLE ${MAINTENANCE_ROLE}`);
      expect(await trx(table).where({ id }).update({ [COLUMN[table]]: 'corrected' })).toBe(1);
      expect((await trx(table).where({ id }).first())[COLUMN[table]]).toBe('corrected');
      expect(await trx(table).where({ id }).delete()).toBe(1);
    });
    await insertAsOwner(table);
    await db.knex.transaction(async (trx) => {
      await trx.raw(`SET LOCAL ROLE ${MAINTENANCE_ROLE}`);
      await trx.raw(`TRUNCATE "${table}"`);
    });
    expect(await db.knex(table).count<{ count: string }[]>('* as count')).toEqual([{ count: '0' }]);
  });
});

describe('the migration', () => {
  it('runs in several databases of one server at once, the roles being created once', async () => {
    const others = await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase()]);
    try {
      const { rows } = await db.knex.raw('SELECT rolname, rolcanlogin FROM pg_roles WHERE rolname = ANY(?) ORDER BY rolname', [[APP_ROLE, MAINTENANCE_ROLE]]);
      expect(rows.map((row: { rolname: string }) => row.rolname)).toEqual([APP_ROLE, MAINTENANCE_ROLE]);
      // Each database got its own grants and triggers.
      for (const other of others) {
        const triggers = await other.knex('pg_trigger').where('tgname', 'like', '%append_only').orWhere('tgname', 'like', '%no_truncate').pluck('tgname');
        expect(triggers.sort()).toEqual(['audit_logs_append_only', 'audit_logs_no_truncate', 'staff_audit_trail_append_only', 'staff_audit_trail_no_truncate']);
      }
    } finally {
      await Promise.all(others.map((other) => other.drop()));
    }
  });

  it('creates a role once when several transactions race to create it', async () => {
    // A throwaway role of this test only (the real ones already exist on this server, and are shared).
    const role = `portal_race_${Date.now().toString(36)}`;
    const racers = Array.from({ length: 4 }, () => createKnex({ url: db.url, poolMax: 1 }));
    try {
      await Promise.all(
        racers.map((knex) =>
          knex.transaction(async (trx) => {
            await trx.raw(createRoleIfMissing(role));
            await trx.raw('select pg_sleep(0.2)');
          }),
        ),
      );
      const { rows } = await db.knex.raw('SELECT count(*)::int AS n FROM pg_roles WHERE rolname = ?', [role]);
      expect(rows[0].n).toBe(1);
    } finally {
      await Promise.all(racers.map((knex) => knex.destroy()));
      await db.knex.raw(`DROP ROLE IF EXISTS ${role}`);
    }
  });

  it('gives the application role the tables a later migration creates', async () => {
    await db.knex.schema.createTable('later_table', (table) => table.increments('id'));
    try {
      const [row] = await app('later_table').insert({}).returning('id');
      expect(await app('later_table').where({ id: row.id }).delete()).toBe(1);
    } finally {
      await db.knex.schema.dropTable('later_table');
    }
  });

  it('rolls back and forward again (roles are kept: other databases use them)', async () => {
    const scratch = await createTestDatabase();
    const { knex } = scratch;
    try {
      await migrateJobQueue(knex, scratch.url);
      await knex.migrate.down({ migrationSource, name: '20261122060000_append_only_audit' });
      await knex('audit_logs').insert(ROWS.audit_logs);
      expect(await knex('audit_logs').update({ action: 'changed' })).toBe(1);
      await migrateToLatest(knex);
      await expect(knex('audit_logs').update({ action: 'again' })).rejects.toThrow(/append-only/);
      const { rows } = await knex.raw('SELECT count(*)::int AS n FROM pg_roles WHERE rolname = ANY(?)', [[APP_ROLE, MAINTENANCE_ROLE]]);
      expect(rows[0].n).toBe(2);
    } finally {
      await scratch.drop();
    }
  });
});
