/**
 * Chart filing of signed documents (docs/decisions/0010-chart-filing-worker.md): a submission
 * keeps where its PDF comes from (SignWell's document id) and where it is filed (the athena
 * department), so it can be filed again from the row alone; the staff list reads by status.
 * The job queue itself is graphile-worker's own schema (`migrateJobQueue`), not a knex table.
 */
import type { Knex } from 'knex';

export const up = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('document_submissions', (table) => {
    table.text('signwellDocumentId');
    table.text('departmentId');
    table.index(['status', 'updatedAt']);
  });
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.schema.alterTable('document_submissions', (table) => {
    table.dropIndex(['status', 'updatedAt']);
    table.dropColumn('signwellDocumentId');
    table.dropColumn('departmentId');
  });
};
