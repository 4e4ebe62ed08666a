import type { Knex } from 'knex';
import type { MembershipStatus, MembershipSubjects, SubscriptionCache } from '@portal/core';

interface Row {
  status: MembershipStatus;
  cachedAt: Date;
}

const subjectsOf = (patientIds: readonly (string | null)[], customerIds: readonly string[]): string[] => [
  ...patientIds.filter((id): id is string => id !== null && id !== '').map((id) => `patient:${id}`),
  ...customerIds.map((id) => `customer:${id}`),
];

/**
 * subscription_cache: one row per key, replaced in one statement (concurrent visits keep one row),
 * and membership_changes: when each patient's or customer's membership last changed, so a status
 * read before a change is not stored after it.
 */
export class PostgresSubscriptionCache implements SubscriptionCache {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async read(key: string) {
    const row = (await this.#knex('subscription_cache').where({ cacheKey: key }).whereNotNull('status').first('status', 'cachedAt')) as Row | undefined;
    return row ? { status: row.status, cachedAt: row.cachedAt } : null;
  }

  async write(entry: Parameters<SubscriptionCache['write']>[0]): Promise<boolean> {
    const { status } = entry;
    const subjects = subjectsOf([entry.patientId, entry.personId], entry.customerIds);
    // One statement: the row is written only when no change about its subjects came at or after the read.
    const result = await this.#knex.raw(
      `INSERT INTO subscription_cache ("cacheKey", "patientId", "personId", status, "tier1Subscriptions", "tier2Subscriptions", "customerIds", "cachedAt")
       SELECT ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?::text[], ?
       WHERE NOT EXISTS (SELECT 1 FROM membership_changes WHERE subject = ANY(?::text[]) AND "changedAt" >= ?)
       ON CONFLICT ("cacheKey") DO UPDATE SET
         "patientId" = EXCLUDED."patientId", "personId" = EXCLUDED."personId", status = EXCLUDED.status,
         "tier1Subscriptions" = EXCLUDED."tier1Subscriptions", "tier2Subscriptions" = EXCLUDED."tier2Subscriptions",
         "customerIds" = EXCLUDED."customerIds", "cachedAt" = EXCLUDED."cachedAt"`,
      [
        entry.key,
        entry.patientId,
        entry.personId,
        JSON.stringify(status),
        JSON.stringify([...status.subscriptions.tier1PatientMatches, ...status.subscriptions.tier1Others]),
        JSON.stringify(status.subscriptions.tier2Matches),
        [...entry.customerIds],
        entry.cachedAt,
        subjects,
        entry.cachedAt,
      ],
    );
    return (result as { rowCount: number }).rowCount > 0;
  }

  async forget(subjects: MembershipSubjects, changedAt: Date): Promise<number> {
    const { patientIds, customerIds } = subjects;
    const changes = subjectsOf(patientIds, customerIds).map((subject) => ({ subject, changedAt }));
    if (changes.length === 0) return 0;
    // The change first, then the rows: a read that stores between the two is dropped by the second.
    await this.#knex('membership_changes')
      .insert(changes)
      .onConflict('subject')
      .merge({ changedAt: this.#knex.raw('GREATEST(membership_changes."changedAt", EXCLUDED."changedAt")') });
    return this.#knex('subscription_cache')
      .where((query) => {
        query.whereIn('patientId', patientIds).orWhereIn('personId', patientIds);
        if (customerIds.length > 0) query.orWhereRaw('"customerIds" && ?::text[]', [[...customerIds]]);
      })
      .delete();
  }
}
