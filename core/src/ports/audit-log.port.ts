/**
 * The audit trail of spec §3 `audit_logs`. Every call that reads or changes health data
 * writes one entry with hipaaRelevant true. Entries never carry names, birth dates, SSNs,
 * emails, phones or codes: metadata holds ids and outcomes only.
 */
export interface AuditEntry {
  readonly eventType: string;
  readonly action: string;
  readonly userId?: string | null;
  readonly sessionId?: string | null;
  readonly ipAddress?: string | null;
  readonly userAgent?: string | null;
  readonly endpoint?: string | null;
  readonly method?: string | null;
  readonly statusCode?: number | null;
  readonly enrollmentId?: string | null;
  readonly appointmentId?: string | null;
  readonly paymentId?: string | null;
  readonly metadata?: Readonly<Record<string, unknown>> | null;
  readonly hipaaRelevant?: boolean;
  readonly severity?: 'info' | 'warning' | 'error' | 'critical';
}

export interface StoredAuditEntry extends AuditEntry {
  readonly id: string;
  readonly timestamp: Date;
  readonly source: string;
}

/** Appends to the audit trail; entries are never updated or deleted by the application. */
export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** Newest first; for staff review and tests. */
  recent(filter: { readonly eventType?: string; readonly limit: number }): Promise<readonly StoredAuditEntry[]>;
}
