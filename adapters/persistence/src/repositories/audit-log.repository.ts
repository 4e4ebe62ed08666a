/**
 * The audit trail (`audit_logs`). Rows are written by group commit (issue 15): a `record` call
 * resolves only once its row is committed, as before, so no answer leaves before its audit row;
 * but while one insert is in flight, the entries that arrive meanwhile wait and go together in the
 * next single multi-row insert. At low load each entry is inserted at once (no added delay); under
 * load, one statement carries many rows (decision 0031). If a batch is refused, its rows are
 * tried one by one, so only an entry that cannot be stored fails its own call, as before.
 *
 * Each batch commits with `synchronous_commit = off` unless told otherwise (decision 0043): the
 * row is committed and visible before the call returns, but the commit does not wait for the
 * WAL's flush to disk, which was the signed-in read's p99 at 1,000 requests/s. What a crash of
 * PostgreSQL itself can lose is the audit rows of the last moment (at most three times
 * wal_writer_delay, 600 ms by default); the data those requests read or wrote is unaffected.
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

const COLUMNS = Object.keys(toRow({ eventType: '', action: '' }))
  .map((column) => `"${column}"`)
  .join(', ');

/** The rows' commit does not wait for the WAL's flush; RETURNING shows the setting the commit sees. */
const ASYNC_COMMIT_INSERT = `INSERT INTO audit_logs (${COLUMNS})
  SELECT ${COLUMNS} FROM jsonb_populate_recordset(NULL::audit_logs, ?::jsonb)
  WHERE set_config('synchronous_commit', 'off', true) = 'off'
  RETURNING current_setting('synchronous_commit') AS "commitMode"`;

/** Rows per insert at most (PostgreSQL takes 65,535 parameters; an entry has 15). */
const MAX_BATCH = 500;

interface Waiting {
  readonly row: ReturnType<typeof toRow>;
  readonly done: (error?: unknown) => void;
}

export interface AuditLogOptions {
  /** Wait for the WAL's flush at each batch's commit (AUDIT_SYNCHRONOUS_COMMIT=on); default off. */
  readonly synchronousCommit?: boolean;
}

export class PostgresAuditLog implements AuditLog {
  readonly #knex: Knex;
  readonly #synchronousCommit: boolean;
  readonly #queue: Waiting[] = [];
  #writing = false;

  constructor(knex: Knex, options: AuditLogOptions = {}) {
    this.#knex = knex;
    this.#synchronousCommit = options.synchronousCommit ?? false;
  }

  /**
   * One insert of these rows, committed as the options say. Without the flush, the statement
   * turns synchronous_commit off for its own implicit transaction (set_config's `true`: local to
   * it), so the batch stays one round trip and the setting never outlives it on a pooled (or
   * PgBouncer-shared) connection. The rows travel as one JSON array that PostgreSQL types by the
   * table's own row type.
   */
  async #insert(rows: ReadonlyArray<ReturnType<typeof toRow>>): Promise<void> {
    if (this.#synchronousCommit) {
      await AuditLogModel.query(this.#knex).insert(rows as ReturnType<typeof toRow>[]);
      return;
    }
    await this.#knex.raw(ASYNC_COMMIT_INSERT, [JSON.stringify(rows)]);
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
          await this.#insert(batch.map((waiting) => waiting.row));
          for (const waiting of batch) waiting.done();
        } catch (error) {
          if (batch.length === 1) batch[0]!.done(error);
          else await Promise.all(batch.map((waiting) => this.#insert([waiting.row]).then(() => waiting.done(), (one: unknown) => waiting.done(one))));
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
