/**
 * The staff portal beyond the spec (issue 14; decision 0029), each route with the staff bearer
 * (401 otherwise) and each action one `staff_audit_trail` row and one `audit_logs` row:
 *
 * - GET /api/staff/report?from=YYYY-MM-DD&to=YYYY-MM-DD: the practice report (counts only).
 */
import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import { practiceReport, type StaffAuditTrail, type StaffReportRecords, type StaffSignIn } from '@portal/core';
import type { RequestAudit } from './audit.ts';
import { HttpError } from './errors.ts';
import { requireStaff } from './staff.router.ts';

export interface StaffExtrasRouterDeps {
  readonly staff: StaffSignIn;
  readonly trail: StaffAuditTrail;
  readonly audit: RequestAudit;
  readonly records: StaffReportRecords;
  readonly now: () => Date;
}

const validation = (field: string, message: string) => new HttpError(400, { error: 'Validation failed', message, errors: [{ field, message }] });

const queryText = (value: unknown, field: string): string => {
  if (typeof value !== 'string' || value === '') throw validation(field, `${field} is required (YYYY-MM-DD)`);
  if (value.length > 10) throw validation(field, `${field} must be a date (YYYY-MM-DD)`);
  return value;
};

export const staffExtrasRouter = (deps: StaffExtrasRouterDeps): Router => {
  const { staff, trail, audit, now } = deps;
  const router = new Router();

  router.get('/api/staff/report', async (ctx) => {
    const session = await requireStaff(ctx, staff, now());
    const from = queryText(ctx.query.from, 'from');
    const to = queryText(ctx.query.to, 'to');
    const report = await practiceReport({ records: deps.records }, { from, to }, now());
    if (E.isLeft(report)) throw validation('from', report.left.message);
    await trail.record({ staffEmail: session.email, action: 'practice_report', athenaPatientId: '', metadata: { from, to } });
    await audit(ctx, { eventType: 'staff_report', action: 'practice_report', userId: session.email, statusCode: 200, hipaaRelevant: false, metadata: { from, to } });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = report.right;
  });

  return router;
};
