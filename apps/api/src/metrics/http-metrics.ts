/**
 * The API's HTTP metrics (decision 0038): request count and latency per route, labelled with the
 * router's matched pattern ('/api/enrollments/:id'), never the raw path (ids, tokens), and the
 * status class. Requests no route matched are 'unmatched' under /api/ and 'static' elsewhere (the
 * frontends), so a scan of random paths cannot grow the label set.
 */
import type { Context, Middleware } from 'koa';
import client from 'prom-client';
import type { MetricsRegistry } from '@portal/composition';

/** Seconds; the API's own answers are ms, provider-backed ones up to the providers' timeouts. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route label: the matched route's pattern, else 'unmatched' (API) or 'static' (frontends). */
export const routeLabel = (ctx: Pick<Context, 'path'> & { readonly _matchedRoute?: unknown }): string => {
  const matched = ctx._matchedRoute;
  if (matched !== undefined && matched !== null && String(matched) !== '') return String(matched);
  return ctx.path === '/api' || ctx.path.startsWith('/api/') ? 'unmatched' : 'static';
};

export const statusClass = (status: number): string => (status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other');

export interface HttpMetrics {
  /** Koa middleware: put it first, so the time and status are the ones the client got. */
  readonly middleware: Middleware;
}

/**
 * `portal_http_requests_total{method, route, status_class}` and
 * `portal_http_request_duration_seconds{method, route, status_class}`.
 */
export const httpMetrics = (registry: MetricsRegistry): HttpMetrics => {
  const requests = new client.Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered by the API, by route pattern and status class',
    labelNames: ['method', 'route', 'status_class'],
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route pattern',
    labelNames: ['method', 'route', 'status_class'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  // One pair of label-bound children per label set, found by one string key: prom-client otherwise
  // hashes the label object on every observation (issue 15's profile). The set is bounded: methods
  // are a fixed list, routes the registered patterns plus 'unmatched' and 'static'.
  const children = new Map<string, { readonly count: client.Counter.Internal; readonly time: client.Histogram.Internal<string> }>();
  const childrenFor = (method: string, route: string, statusClassLabel: string) => {
    const key = `${method} ${route} ${statusClassLabel}`;
    let found = children.get(key);
    if (found === undefined) {
      const labels = { method, route, status_class: statusClassLabel };
      found = { count: requests.labels(labels), time: duration.labels(labels) };
      children.set(key, found);
    }
    return found;
  };
  return {
    middleware: async (ctx, next) => {
      const started = performance.now();
      let status: number | null = null;
      try {
        await next();
        status = ctx.status;
      } catch (error) {
        // Nothing should get past the error middleware; if something does, Koa answers 500.
        status = 500;
        throw error;
      } finally {
        const child = childrenFor(METHODS.has(ctx.method) ? ctx.method : 'OTHER', routeLabel(ctx as Context & { _matchedRoute?: unknown }), statusClass(status ?? 500));
        child.count.inc();
        child.time.observe((performance.now() - started) / 1000);
      }
    },
  };
};
