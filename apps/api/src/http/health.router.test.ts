import { describe, expect, it } from '@jest/globals';
import Koa from 'koa';
import request from 'supertest';
import { healthRouter, sharedPing, sharedReadiness } from './health.router.ts';

const database = (answers: boolean[]) => {
  let calls = 0;
  const waiting: Array<(up: boolean) => void> = [];
  return {
    calls: () => calls,
    release: () => waiting.splice(0).forEach((resolve) => resolve(answers[Math.min(calls, answers.length) - 1]!)),
    health: { ping: () => new Promise<boolean>((resolve) => { calls += 1; waiting.push(resolve); }) },
  };
};

describe('sharedPing (GET /api/health)', () => {
  it('sends one ping for the requests that arrive while it is out, and reuses its answer for a second', async () => {
    let clock = 0;
    const db = database([true, false]);
    const ping = sharedPing(db.health, () => clock);
    const together = [ping(), ping(), ping()];
    db.release();
    expect(await Promise.all(together)).toEqual([true, true, true]);
    clock = 999;
    expect(await ping()).toBe(true);
    expect(db.calls()).toBe(1);
    clock = 1_000;
    const later = ping();
    db.release();
    expect(await later).toBe(false);
    expect(db.calls()).toBe(2);
  });

  it('a ping that fails counts as down', async () => {
    const ping = sharedPing({ ping: () => Promise.reject(new Error('connection refused')) }, () => 0);
    await expect(ping()).resolves.toBe(false);
  });
});

describe('GET /api/ready (readiness)', () => {
  const up = { ping: () => Promise.resolve(true) };
  const down = { ping: () => Promise.resolve(false) };
  const queue = (depth: number, oldestDueAgeSeconds: number | null) => ({ jobQueue: () => Promise.resolve({ depth, oldestDueAgeSeconds }) });
  const queueDown = { jobQueue: () => Promise.reject(new Error('relation "graphile_worker.jobs" does not exist')) };
  const app = (health: { ping(timeoutMs: number): Promise<boolean> }, probe: Parameters<typeof healthRouter>[2]) => {
    const koa = new Koa();
    const router = healthRouter(health, '1.2.3', probe);
    koa.use(router.routes());
    return koa.callback();
  };

  it('200 with the queue depth and the oldest job age when the database and the job queue answer', async () => {
    const response = await request(app(up, queue(3, 12.6))).get('/api/ready');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ready', database: 'ok', jobQueue: 'ok', queue: { depth: 3, oldestJobAgeSeconds: 13 }, version: '1.2.3' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('503 naming the job queue when graphile-worker does not answer', async () => {
    const response = await request(app(up, queueDown)).get('/api/ready');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: 'not_ready', database: 'ok', jobQueue: 'down', down: ['jobQueue'], version: '1.2.3' });
  });

  it('503 naming both when the database does not answer, while /api/health stays its own check', async () => {
    const callback = app(down, queueDown);
    const ready = await request(callback).get('/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'not_ready', database: 'down', jobQueue: 'down', down: ['database', 'jobQueue'] });
    const health = await request(callback).get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'degraded', database: 'down', version: '1.2.3' });
  });

  it('reads the database once for the probes that arrive within a second', async () => {
    let clock = 0;
    let pings = 0;
    let counts = 0;
    const readiness = sharedReadiness(
      { ping: () => Promise.resolve(++pings > 0) },
      { jobQueue: () => Promise.resolve({ depth: ++counts, oldestDueAgeSeconds: null }) },
      () => clock,
    );
    const first = await Promise.all([readiness(), readiness()]);
    clock = 999;
    await readiness();
    expect({ pings, counts }).toEqual({ pings: 1, counts: 1 });
    expect(first[0]).toEqual({ ready: true, database: 'ok', jobQueue: 'ok', queue: { depth: 1, oldestJobAgeSeconds: 0 } });
    clock = 1_000;
    await readiness();
    expect({ pings, counts }).toEqual({ pings: 2, counts: 2 });
  });
});
