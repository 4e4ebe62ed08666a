/**
 * Every schema change of the portal's database, as the schema's owner: the knex migrations, then
 * graphile-worker's schema. `npm run migrate`, `npm start` and the worker's own entry point call
 * this with the owner's connection before the API and the worker connect as the application role.
 */
import { createKnex } from './knex.ts';
import { migrateJobQueue } from './job-queue.ts';
import { migrateToLatest } from './migrations/index.ts';

export const migrateDatabase = async (ownerUrl: string): Promise<void> => {
  const knex = createKnex({ url: ownerUrl, poolMax: 2 });
  try {
    await migrateToLatest(knex);
    await migrateJobQueue(knex, ownerUrl);
  } finally {
    await knex.destroy();
  }
};
