/** Writes an audit_logs row for a request, with who, from where and what; never PHI. */
import type { Context } from 'koa';
import type { AuditEntry, AuditLog } from '@portal/core';

export type RequestAudit = (ctx: Context, entry: Pick<AuditEntry, 'eventType' | 'action'> & Partial<AuditEntry>) => Promise<void>;

export const requestAudit =
  (auditLog: AuditLog): RequestAudit =>
  async (ctx, entry) => {
    const session = ctx.state.session as { id: string; person: { patientId: string | null }; actingPatientId: string } | undefined;
    await auditLog.record({
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
    });
  };
