import type { Knex } from 'knex';
import type { HealthRecordProvider, ProviderCache } from '@portal/core';
import { ProviderCacheModel } from '../models/index.ts';

/** One row per department key in provider_cache, replaced on every write. */
export class PostgresProviderCache implements ProviderCache {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async read(departmentId: string) {
    // A hot read: one fixed statement, without the query builder or Objection's model layer (decision 0039).
    const { rows } = (await this.#knex.raw('SELECT * FROM provider_cache WHERE "departmentId" = ? ORDER BY "cachedAt" DESC LIMIT 1', [departmentId])) as { rows: ProviderCacheModel[] };
    const row = rows[0];
    return row ? { providers: row.providers as HealthRecordProvider[], cachedAt: row.cachedAt } : null;
  }

  async write(departmentId: string, providers: readonly HealthRecordProvider[], at: Date): Promise<void> {
    await this.#knex.transaction(async (trx) => {
      await ProviderCacheModel.query(trx).where({ departmentId }).delete();
      await ProviderCacheModel.query(trx).insert({ departmentId, providers: JSON.stringify(providers), cachedAt: at });
    });
  }
}
