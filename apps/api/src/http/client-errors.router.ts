/**
 * POST /api/client-errors: a frontend reports an API answer it could not decode with its
 * contract codec (a remote built against another version of the API). The report holds names
 * only (method, the path with ids replaced, field names), is logged as a warning for whoever
 * releases the remotes, and is limited per IP so it cannot flood the log.
 */
import Router from '@koa/router';
import { ATTEMPT_LIMITS, type AttemptLimiter } from '@portal/core';
import { ClientErrorReport } from '@portal/contracts';
import type { Logger } from '@portal/composition';
import { HttpError, decodeOrThrow } from './errors.ts';
import { consumeAttempts } from './limits.ts';

const MAX_FIELDS = 20;

export const clientErrorsRouter = (deps: { logger: Logger; limits: AttemptLimiter }): Router => {
  const router = new Router();
  router.post('/api/client-errors', async (ctx) => {
    const report = decodeOrThrow(ClientErrorReport, ctx.request.body);
    if (report.fields.length > MAX_FIELDS) throw new HttpError(400, { error: 'Validation failed', message: `At most ${MAX_FIELDS} field names` });
    await consumeAttempts(deps.limits, ctx.ip, ATTEMPT_LIMITS.clientErrorReportsPerIp);
    deps.logger.warn({ event: 'client_contract_mismatch', method: report.method, path: report.path, fields: report.fields, requestId: String(ctx.state.requestId ?? '') }, 'a frontend could not decode an API answer');
    ctx.status = 202;
    ctx.body = { recorded: true };
  });
  return router;
};
