/**
 * Every change to a patient session (revoked, linked patients rechecked, data saved, activity
 * marked) and every deletion is announced on the `portal_session_changed` channel with the
 * session's id (a hash of the cookie token, not usable as one), so the API instances can drop the
 * row from their short in-process session cache at once (docs/decisions/0033). A trigger rather
 * than the repository: any writer, a DBA's UPDATE included, invalidates.
 */
import type { Knex } from 'knex';

export const SESSION_CHANGES_CHANNEL = 'portal_session_changed';

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE FUNCTION portal_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('${SESSION_CHANGES_CHANNEL}', OLD.id);
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER auth_sessions_changed AFTER UPDATE OR DELETE ON auth_sessions
    FOR EACH ROW EXECUTE FUNCTION portal_session_changed()`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('DROP TRIGGER IF EXISTS auth_sessions_changed ON auth_sessions');
  await knex.raw('DROP FUNCTION IF EXISTS portal_session_changed()');
};
