import type { Knex } from 'knex';
import type { HealthRecordProvider, ProviderCache } from '@portal/core';
import { ProviderCacheModel } from '../models/index.ts';

/** One row per department key in provider_cache, replaced on every write. */
export class KnexProviderCache implements ProviderCache {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async read(departmentId: string) {
    const row = await ProviderCacheModel.query(this.#knex).where({ departmentId }).orderBy('cachedAt', 'desc').first();
    return row ? { providers: row.providers as HealthRecordProvider[], cachedAt: row.cachedAt } : null;
  }

  async write(departmentId: string, providers: readonly HealthRecordProvider[], at: Date): Promise<void> {
    await this.#knex.transaction(async (trx) => {
      await ProviderCacheModel.query(trx).where({ departmentId }).delete();
      await ProviderCacheModel.query(trx).insert({ departmentId, providers: JSON.stringify(providers), cachedAt: at });
    });
  }
}
