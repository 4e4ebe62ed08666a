/**
 * Staff visibility of chart filing: GET /api/staff/document-submissions?status=failed — the
 * signed documents the worker could not file into the chart after its last retry, newest first,
 * for staff to file by hand. Staff bearer session; every read is audited (it names patients).
 */
import Router from '@koa/router';
import type { DocumentFiling, DocumentSubmission, StaffSignIn } from '@portal/core';
import type { RequestAudit } from './audit.ts';
import { DocumentSubmissionsQuery } from '@portal/contracts';
import { decodeOrThrow } from './errors.ts';
import { requireStaff } from './staff.router.ts';

const submissionJson = (submission: DocumentSubmission) => ({
  id: submission.id,
  enrollmentId: submission.enrollmentId,
  patientId: submission.patientId,
  documentType: submission.documentType,
  status: submission.status,
  uploadAttempts: submission.uploadAttempts,
  lastAttemptError: submission.lastAttemptError,
  createdAt: submission.createdAt.toISOString(),
  updatedAt: submission.updatedAt.toISOString(),
});

export const documentSubmissionsRouter = (deps: { staff: StaffSignIn; filing: DocumentFiling; audit: RequestAudit; now: () => Date }): Router => {
  const { staff, filing, audit, now } = deps;
  const router = new Router();

  router.get('/api/staff/document-submissions', async (ctx) => {
    const session = await requireStaff(ctx, staff, now());
    const { status, limit } = decodeOrThrow(DocumentSubmissionsQuery, ctx.query);
    const submissions = await filing.failed(limit);
    ctx.body = submissions.map(submissionJson);
    await audit(ctx, {
      eventType: 'staff_document_submissions',
      action: 'list',
      userId: session.email,
      hipaaRelevant: true,
      metadata: { status, count: submissions.length },
    });
  });

  return router;
};
