/**
 * patient_languages (issue 26, decision 0057): the language each patient chose in the portal, kept
 * with the patient once known so what is sent later without a request (reminders, waitlist
 * offers) goes in it. One row per patient; a later choice replaces the earlier one. Columns keep
 * the schema's camelCase like the other tables. The locale is checked here as well as in core: a
 * row never holds a language the portal does not speak.
 */
import type { Knex } from 'knex';

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.createTable('patient_languages', (table) => {
    table.text('athenaPatientId').primary();
    table.text('locale').notNullable();
    table.timestamp('updatedAt', { useTz: true }).notNullable();
  });
  await knex.raw(`ALTER TABLE patient_languages ADD CONSTRAINT patient_languages_locale_known CHECK (locale IN ('en-US', 'es-US'))`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.dropTable('patient_languages');
};
