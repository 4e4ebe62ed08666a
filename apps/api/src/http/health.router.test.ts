import { describe, expect, it } from '@jest/globals';
import { sharedPing } from './health.router.ts';

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
