import type { CachedMembershipStatus, MembershipSubjects, SubscriptionCache } from '../ports/subscription-cache.port.ts';

interface Entry extends CachedMembershipStatus {
  readonly patientId: string;
  readonly personId: string | null;
  readonly customerIds: readonly string[];
}

/** subscription_cache and membership_changes in memory, with the Postgres adapter's rules (unit tests of core). */
export class InMemorySubscriptionCache implements SubscriptionCache {
  readonly rows = new Map<string, Entry>();
  readonly changes = new Map<string, Date>();

  async read(key: string) {
    return this.rows.get(key) ?? null;
  }

  async write(entry: Parameters<SubscriptionCache['write']>[0]) {
    const subjects = [`patient:${entry.patientId}`, ...(entry.personId ? [`patient:${entry.personId}`] : []), ...entry.customerIds.map((id) => `customer:${id}`)];
    if (subjects.some((subject) => (this.changes.get(subject)?.getTime() ?? -Infinity) >= entry.cachedAt.getTime())) return false;
    this.rows.set(entry.key, { status: entry.status, cachedAt: entry.cachedAt, patientId: entry.patientId, personId: entry.personId, customerIds: entry.customerIds });
    return true;
  }

  async forget(subjects: MembershipSubjects, changedAt: Date) {
    const { patientIds: patients, customerIds: customers } = subjects;
    for (const subject of [...patients.map((id) => `patient:${id}`), ...customers.map((id) => `customer:${id}`)]) {
      const before = this.changes.get(subject);
      if (!before || before < changedAt) this.changes.set(subject, changedAt);
    }
    let dropped = 0;
    for (const [key, row] of this.rows) {
      const about = patients.includes(row.patientId) || (row.personId !== null && patients.includes(row.personId)) || row.customerIds.some((id) => customers.includes(id));
      if (about && this.rows.delete(key)) dropped += 1;
    }
    return dropped;
  }
}
