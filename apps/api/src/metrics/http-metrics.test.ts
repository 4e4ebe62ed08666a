import { describe, expect, it } from '@jest/globals';
import Router from '@koa/router';
import Koa from 'koa';
import request from 'supertest';
import { createMetricsRegistry } from '@portal/composition';
import { httpMetrics, routeLabel, statusClass } from './http-metrics.ts';

type Sample = { readonly labels: Record<string, string | number>; readonly value: number; readonly metricName?: string };
const samples = async (registry: ReturnType<typeof createMetricsRegistry>, name: string): Promise<Sample[]> => (await registry.getSingleMetric(name)!.get()).values as Sample[];

const appWithMetrics = () => {
  const registry = createMetricsRegistry();
  const app = new Koa();
  app.use(httpMetrics(registry).middleware);
  const router = new Router({ prefix: '/api' });
  router.get('/enrollments/:id', (ctx) => {
    ctx.body = { id: ctx.params['id'] };
  });
  router.post('/enrollments/:id/payment', (ctx) => {
    ctx.status = 402;
    ctx.body = { error: 'Payment failed' };
  });
  app.use(router.routes());
  app.use(router.allowedMethods());
  return { registry, server: app.callback() };
};

describe('the HTTP metrics', () => {
  it('label a request with the route pattern the router matched, never the path with its ids', async () => {
    const { registry, server } = appWithMetrics();
    await request(server).get('/api/enrollments/0b5c8a4e-1111-4a2b-9c3d-123456789abc');
    await request(server).get('/api/enrollments/another-id');
    await request(server).post('/api/enrollments/abc/payment');
    await request(server).get('/api/unknown/12345');
    await request(server).get('/assets/app.js');
    const counter = await samples(registry, 'portal_http_requests_total');
    const flat = counter.map(({ labels, value }): Record<string, string | number> => ({ ...labels, value }));
    expect(flat.sort((a, b) => String(a['route']).localeCompare(String(b['route'])))).toEqual([
      { method: 'GET', route: '/api/enrollments/:id', status_class: '2xx', value: 2 },
      { method: 'POST', route: '/api/enrollments/:id/payment', status_class: '4xx', value: 1 },
      { method: 'GET', route: 'static', status_class: '4xx', value: 1 },
      { method: 'GET', route: 'unmatched', status_class: '4xx', value: 1 },
    ]);
    const text = await registry.metrics();
    expect(text).not.toContain('0b5c8a4e');
    expect(text).not.toContain('another-id');
    expect(text).not.toContain('12345');
  });

  it('observe each request in the latency histogram under the same labels', async () => {
    const { registry, server } = appWithMetrics();
    await request(server).get('/api/enrollments/1');
    await request(server).get('/api/enrollments/2');
    const histogram = await samples(registry, 'portal_http_request_duration_seconds');
    const labels = { method: 'GET', route: '/api/enrollments/:id', status_class: '2xx' };
    const count = histogram.find((entry) => entry.metricName === 'portal_http_request_duration_seconds_count' && entry.labels['route'] === labels.route);
    expect(count?.value).toBe(2);
    const infinite = histogram.find((entry) => entry.metricName === 'portal_http_request_duration_seconds_bucket' && entry.labels['le'] === '+Inf');
    expect(infinite?.labels).toMatchObject(labels);
    expect(infinite?.value).toBe(2);
    const sum = histogram.find((entry) => entry.metricName === 'portal_http_request_duration_seconds_sum');
    expect(sum?.value).toBeGreaterThan(0);
  });

  it('count a request that throws past everything as a 5xx', async () => {
    const registry = createMetricsRegistry();
    const app = new Koa();
    app.silent = true;
    app.use(httpMetrics(registry).middleware);
    app.use(() => {
      throw new Error('boom');
    });
    await request(app.callback()).get('/api/x');
    const counter = await samples(registry, 'portal_http_requests_total');
    expect(counter).toEqual([expect.objectContaining({ labels: { method: 'GET', route: 'unmatched', status_class: '5xx' }, value: 1 })]);
  });

  it('name routes and status classes', () => {
    expect(routeLabel({ path: '/api/x/1', _matchedRoute: '/api/x/:id' })).toBe('/api/x/:id');
    expect(routeLabel({ path: '/api/x/1' })).toBe('unmatched');
    expect(routeLabel({ path: '/dashboard' })).toBe('static');
    expect([200, 302, 404, 503].map(statusClass)).toEqual(['2xx', '3xx', '4xx', '5xx']);
  });
});
