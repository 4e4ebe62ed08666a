/**
 * Security finding 6: the audit log must not be rewritable by the application.
 *
 * - Two roles, created when missing (roles belong to the whole server, not to one database:
 *   several databases of one server migrate this at once in the tests, so a role another
 *   database just created is not an error). `portal_app` is what the API and the worker connect
 *   as (NOLOGIN here; the embedded server and a DBA give it, or a login role in it, a password).
 *   `portal_maintenance` (NOLOGIN) is the one role that may correct or prune the audit tables,
 *   reached only by an explicit `SET ROLE portal_maintenance`.
 * - The app role gets SELECT/INSERT/UPDATE/DELETE on every table of the schema and USAGE on its
 *   sequences, except `audit_logs` and `staff_audit_trail` (INSERT and SELECT only) and knex's
 *   own bookkeeping (SELECT only: it may see that the schema is current, never mark a migration
 *   done). Default privileges give it the same on the tables and sequences later migrations
 *   create in the schema. graphile-worker's schema is granted by `migrateJobQueue` (job-queue.ts),
 *   which runs after these migrations.
 * - Triggers refuse UPDATE, DELETE (per row) and TRUNCATE (per statement) on both audit tables
 *   for every role but `portal_maintenance`, the owner and superusers included, so a rewrite
 *   needs a deliberate, visible step.
 *
 * `down` removes the triggers and the grants; it never drops the roles (other databases of the
 * server may use them).
 */
import type { Knex } from 'knex';

export const APP_ROLE = 'portal_app';
export const MAINTENANCE_ROLE = 'portal_maintenance';
export const AUDIT_TABLES = ['audit_logs', 'staff_audit_trail'] as const;
const KNEX_TABLES = ['knex_migrations', 'knex_migrations_lock'];

/** The schema the migrations create their tables in, quoted. */
const currentSchema = async (knex: Knex): Promise<string> => {
  const { rows } = (await knex.raw('SELECT current_schema() AS schema')) as { rows: Array<{ schema: string }> };
  return `"${rows[0]!.schema.replaceAll('"', '""')}"`;
};

/** SQL creating a NOLOGIN role unless it exists; safe when other databases of the server run it at once. */
export const createRoleIfMissing = (role: string) => `
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = '${role}') THEN
    BEGIN
      CREATE ROLE ${role} NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL; -- another database of this server created it a moment ago
    END;
  END IF;
END
$$`;

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(createRoleIfMissing(APP_ROLE));
  await knex.raw(createRoleIfMissing(MAINTENANCE_ROLE));

  const inSchema = await currentSchema(knex);
  const audit = AUDIT_TABLES.map((table) => `${inSchema}."${table}"`).join(', ');
  const bookkeeping = KNEX_TABLES.map((table) => `${inSchema}."${table}"`).join(', ');

  await knex.raw(`GRANT USAGE ON SCHEMA ${inSchema} TO ${APP_ROLE}, ${MAINTENANCE_ROLE}`);
  await knex.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${inSchema} TO ${APP_ROLE}`);
  await knex.raw(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${inSchema} TO ${APP_ROLE}`);
  await knex.raw(`REVOKE UPDATE, DELETE, TRUNCATE ON ${audit} FROM ${APP_ROLE}`);
  await knex.raw(`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ${bookkeeping} FROM ${APP_ROLE}`);
  await knex.raw(`GRANT SELECT, UPDATE, DELETE, TRUNCATE ON ${audit} TO ${MAINTENANCE_ROLE}`);

  // Whatever the migrating role creates in this schema from now on: the next knex tables.
  await knex.raw(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${inSchema} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE}`);
  await knex.raw(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${inSchema} GRANT USAGE, SELECT ON SEQUENCES TO ${APP_ROLE}`);

  await knex.raw(`
CREATE OR REPLACE FUNCTION ${inSchema}.refuse_audit_rewrite() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- current_user, not session_user: a superuser or DBA must SET ROLE ${MAINTENANCE_ROLE} first.
  IF current_user <> '${MAINTENANCE_ROLE}' THEN
    RAISE EXCEPTION '% is append-only: % refused for role %', TG_TABLE_NAME, TG_OP, current_user
      USING ERRCODE = 'insufficient_privilege',
            HINT = 'Corrections and pruning: SET ROLE ${MAINTENANCE_ROLE} (see docs/decisions/0013-append-only-audit-log.md).';
  END IF;
  IF TG_LEVEL = 'STATEMENT' THEN
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$`);
  for (const table of AUDIT_TABLES) {
    await knex.raw(
      `CREATE TRIGGER "${table}_append_only" BEFORE UPDATE OR DELETE ON ${inSchema}."${table}" FOR EACH ROW EXECUTE FUNCTION ${inSchema}.refuse_audit_rewrite()`,
    );
    await knex.raw(
      `CREATE TRIGGER "${table}_no_truncate" BEFORE TRUNCATE ON ${inSchema}."${table}" FOR EACH STATEMENT EXECUTE FUNCTION ${inSchema}.refuse_audit_rewrite()`,
    );
  }
};

export const down = async (knex: Knex): Promise<void> => {
  const inSchema = await currentSchema(knex);
  for (const table of AUDIT_TABLES) {
    await knex.raw(`DROP TRIGGER IF EXISTS "${table}_no_truncate" ON ${inSchema}."${table}"`);
    await knex.raw(`DROP TRIGGER IF EXISTS "${table}_append_only" ON ${inSchema}."${table}"`);
  }
  await knex.raw(`DROP FUNCTION IF EXISTS ${inSchema}.refuse_audit_rewrite()`);
  await knex.raw(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${inSchema} REVOKE ALL ON TABLES FROM ${APP_ROLE}`);
  await knex.raw(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${inSchema} REVOKE ALL ON SEQUENCES FROM ${APP_ROLE}`);
  await knex.raw(`REVOKE ALL ON ALL TABLES IN SCHEMA ${inSchema} FROM ${APP_ROLE}, ${MAINTENANCE_ROLE}`);
  await knex.raw(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA ${inSchema} FROM ${APP_ROLE}`);
  await knex.raw(`REVOKE USAGE ON SCHEMA ${inSchema} FROM ${APP_ROLE}, ${MAINTENANCE_ROLE}`);
};
