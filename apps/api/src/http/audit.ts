/** Writes an audit_logs row for a request, with who, from where and what; never PHI. */
import type { Context } from 'koa';
import type { AuditEntry, AuditLog } from '@portal/core';

export type RequestAudit = (ctx: Context, entry: Pick<AuditEntry, 'eventType' | 'action'> & Partial<AuditEntry>) => Promise<void>;

/**
 * What PostgreSQL cannot store: NUL (in text and in jsonb) and lone surrogate halves (jsonb
 * refuses their escapes). Request-derived values (a path id, a header) are cleaned of them
 * before they reach an audit row, so a hostile value never turns a refusal into a 500.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** The same test without the global flag's state: most strings are clean and are returned as they are. */
const HAS_UNSTORABLE = new RegExp(UNSTORABLE.source);

export const storable = <T>(value: T): T => {
  if (typeof value === 'string') return (HAS_UNSTORABLE.test(value) ? value.replace(UNSTORABLE, '\ufffd') : value) as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [storable(key), storable(entry)])) as T;
  }
  return value;
};

export const requestAudit =
  (auditLog: AuditLog): RequestAudit =>
  async (ctx, entry) => {
    const session = ctx.state.session as { id: string; person: { patientId: string | null }; actingPatientId: string } | undefined;
    await auditLog.record(storable({
      userId: session?.person.patientId ?? null,
      // A prefix of the hash identifies the session in the trail without being usable as a credential.
      sessionId: session ? session.id.slice(0, 16) : null,
      ipAddress: ctx.ip,
      userAgent: ctx.get('User-Agent').slice(0, 300) || null,
      endpoint: ctx.path,
      method: ctx.method,
      statusCode: ctx.status,
      hipaaRelevant: true,
      ...entry,
      metadata: { actingPatientId: session?.actingPatientId ?? null, ...entry.metadata },
    }));
  };
