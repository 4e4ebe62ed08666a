/**
 * Signing on enrollments (issue 5): who signs (the patient, or the caregiver signing for them)
 * and lookups by SignWell document id. The SSN is never stored.
 */
import type { Knex } from 'knex';

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('enrollments', (table) => {
    table.text('signerName');
    table.index(['signwellDocumentId']);
    table.index(['privacyPracticesDocumentId']);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('enrollments', (table) => {
    table.dropIndex(['privacyPracticesDocumentId']);
    table.dropIndex(['signwellDocumentId']);
    table.dropColumn('signerName');
  });
};
