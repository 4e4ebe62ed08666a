/** A request id for every request, and one structured log line when it ends (no query, no body). */
import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '@portal/composition';

export const requestContext = (logger: Logger) => async (ctx: Context, next: Next): Promise<void> => {
  const incoming = ctx.get('X-Request-Id');
  const requestId = /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  ctx.state.requestId = requestId;
  ctx.set('X-Request-Id', requestId);
  const started = process.hrtime.bigint();
  try {
    await next();
  } finally {
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    if (ctx.path.startsWith('/api/')) {
      logger.info({ requestId, method: ctx.method, route: ctx.path, status: ctx.status, durationMs: Math.round(durationMs * 10) / 10 }, 'request');
    }
  }
};
