import type { Knex } from 'knex';
import type { HealthRecordProvider, ProviderCache } from '@portal/core';

/** One row per department key in provider_cache, replaced on every write. */
export class KnexProviderCache implements ProviderCache {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async read(departmentId: string) {
    const row = (await this.#knex('provider_cache').where({ departmentId }).orderBy('cachedAt', 'desc').first()) as
      | { providers: HealthRecordProvider[]; cachedAt: Date }
      | undefined;
    return row ? { providers: row.providers, cachedAt: row.cachedAt } : null;
  }

  async write(departmentId: string, providers: readonly HealthRecordProvider[], at: Date): Promise<void> {
    await this.#knex.transaction(async (trx) => {
      await trx('provider_cache').where({ departmentId }).delete();
      await trx('provider_cache').insert({ departmentId, providers: JSON.stringify(providers), cachedAt: at });
    });
  }
}
