/**
 * A request id for every request, and one structured log line when an API request ends: its id,
 * method, the route's pattern ('/api/enrollments/:id', never the ids in the path), status and
 * duration. No query, no body. Those fields are safe by construction, so the line skips the
 * logger's redaction pass (SAFE_FIELDS); a path no route matched is logged as it came, through
 * the redaction like any other line.
 */
import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { SAFE_FIELDS, type Logger } from '@portal/composition';
import { routeLabel } from '../metrics/http-metrics.ts';

const REQUEST_ID = /^[\w-]{8,64}$/;
/** An incoming id shaped like an SSN is not echoed or logged: the line skips redaction. */
const SSN_SHAPE = /\d{3}-\d{2}-\d{4}/;

export const requestContext = (logger: Logger) => async (ctx: Context, next: Next): Promise<void> => {
  const incoming = ctx.get('X-Request-Id');
  // The proxy's id (nginx's $request_id, 32 hex digits) is kept, so its line and ours match.
  const requestId = REQUEST_ID.test(incoming) && !SSN_SHAPE.test(incoming) ? incoming : randomUUID();
  ctx.state.requestId = requestId;
  ctx.set('X-Request-Id', requestId);
  const started = performance.now();
  try {
    await next();
  } finally {
    if (ctx.path.startsWith('/api/')) {
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const route = routeLabel(ctx as Context & { _matchedRoute?: unknown });
      if (route !== 'unmatched') {
        logger.info({ [SAFE_FIELDS]: true, requestId, method: ctx.method, route, status: ctx.status, durationMs }, 'request');
      } else {
        logger.info({ requestId, method: ctx.method, route: 'unmatched', path: ctx.path, status: ctx.status, durationMs }, 'request');
      }
    }
  }
};
