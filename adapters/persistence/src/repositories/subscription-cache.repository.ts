import type { Knex } from 'knex';
import type { MembershipStatus, SubscriptionCache } from '@portal/core';

interface Row {
  status: MembershipStatus;
  cachedAt: Date;
}

/** subscription_cache: one row per key, replaced in one statement (concurrent visits keep one row). */
export class PostgresSubscriptionCache implements SubscriptionCache {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async read(key: string) {
    const row = (await this.#knex('subscription_cache').where({ cacheKey: key }).whereNotNull('status').first('status', 'cachedAt')) as Row | undefined;
    return row ? { status: row.status, cachedAt: row.cachedAt } : null;
  }

  async write(entry: Parameters<SubscriptionCache['write']>[0]): Promise<void> {
    const { status } = entry;
    await this.#knex('subscription_cache')
      .insert({
        cacheKey: entry.key,
        patientId: entry.patientId,
        status: JSON.stringify(status),
        tier1Subscriptions: JSON.stringify([...status.subscriptions.tier1PatientMatches, ...status.subscriptions.tier1Others]),
        tier2Subscriptions: JSON.stringify(status.subscriptions.tier2Matches),
        customerIds: [...entry.customerIds],
        cachedAt: entry.cachedAt,
      })
      .onConflict('cacheKey')
      .merge(['patientId', 'status', 'tier1Subscriptions', 'tier2Subscriptions', 'customerIds', 'cachedAt']);
  }

  async forgetCustomer(customerId: string): Promise<number> {
    return this.#knex('subscription_cache').whereRaw('? = ANY("customerIds")', [customerId]).delete();
  }
}
