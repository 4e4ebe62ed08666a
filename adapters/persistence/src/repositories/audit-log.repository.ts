import type { Knex } from 'knex';
import type { AuditEntry, AuditLog, StoredAuditEntry } from '@portal/core';
import { AuditLogModel } from '../models/index.ts';

export class AuditLogRepository implements AuditLog {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async record(entry: AuditEntry): Promise<void> {
    await AuditLogModel.query(this.#knex).insert({
      eventType: entry.eventType,
      action: entry.action,
      userId: entry.userId ?? null,
      sessionId: entry.sessionId ?? null,
      ipAddress: entry.ipAddress ?? null,
      userAgent: entry.userAgent ?? null,
      endpoint: entry.endpoint ?? null,
      method: entry.method ?? null,
      statusCode: entry.statusCode ?? null,
      enrollmentId: entry.enrollmentId ?? null,
      appointmentId: entry.appointmentId ?? null,
      paymentId: entry.paymentId ?? null,
      metadata: entry.metadata ?? null,
      hipaaRelevant: entry.hipaaRelevant ?? false,
      severity: entry.severity ?? 'info',
    });
  }

  async recent(filter: { readonly eventType?: string; readonly limit: number }): Promise<readonly StoredAuditEntry[]> {
    const query = AuditLogModel.query(this.#knex).orderBy('id', 'desc').limit(filter.limit);
    if (filter.eventType) query.where('eventType', filter.eventType);
    const rows = (await query) as unknown as Array<StoredAuditEntry & { id: string | number }>;
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  }
}
