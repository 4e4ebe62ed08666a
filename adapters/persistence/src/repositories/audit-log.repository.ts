/**
 * The audit trail (`audit_logs`). Rows are written by group commit (issue 15): a `record` call
 * resolves only once its row is committed, as before, so no answer leaves before its audit row;
 * but while one insert is in flight, the entries that arrive meanwhile wait and go together in the
 * next single multi-row insert. At low load each entry is inserted at once (no added delay); under
 * load, one statement carries many rows (decision 0031). If a batch is refused, its rows are
 * tried one by one, so only an entry that cannot be stored fails its own call, as before.
 */
import type { Knex } from 'knex';
import type { AuditEntry, AuditLog, StoredAuditEntry } from '@portal/core';
import { AuditLogModel } from '../models/index.ts';

/** The row of an entry. */
const toRow = (entry: AuditEntry) => ({
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

/** Rows per insert at most (PostgreSQL takes 65,535 parameters; an entry has 15). */
const MAX_BATCH = 500;

interface Waiting {
  readonly row: ReturnType<typeof toRow>;
  readonly done: (error?: unknown) => void;
}

export class AuditLogRepository implements AuditLog {
  readonly #knex: Knex;
  readonly #queue: Waiting[] = [];
  #writing = false;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  record(entry: AuditEntry): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ row: toRow(entry), done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.#writing) void this.#drain();
    });
  }

  /** Inserts what is queued, batch after batch, until the queue is empty. */
  async #drain(): Promise<void> {
    this.#writing = true;
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, MAX_BATCH);
        try {
          await AuditLogModel.query(this.#knex).insert(batch.map((waiting) => waiting.row));
          for (const waiting of batch) waiting.done();
        } catch (error) {
          if (batch.length === 1) batch[0]!.done(error);
          else await Promise.all(batch.map((waiting) => AuditLogModel.query(this.#knex).insert(waiting.row).then(() => waiting.done(), (one: unknown) => waiting.done(one))));
        }
      }
    } finally {
      this.#writing = false;
    }
  }

  async recent(filter: { readonly eventType?: string; readonly limit: number }): Promise<readonly StoredAuditEntry[]> {
    const query = AuditLogModel.query(this.#knex).orderBy('id', 'desc').limit(filter.limit);
    if (filter.eventType) query.where('eventType', filter.eventType);
    const rows = (await query) as unknown as Array<StoredAuditEntry & { id: string | number }>;
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  }
}
