/**
 * The API and the worker connected as the application role `portal_app`, as `npm start` runs
 * them (docs/decisions/0013-append-only-audit-log.md): a sign-in and a read write their audit
 * rows, and the worker takes and finishes a job in graphile-worker's schema, which it does not own.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { APP_ROLE } from '@portal/persistence';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { RECONCILE_PAYMENTS } from '@portal/worker';
import { signIn } from '../../../../tools/src/testing/sign-in.ts';
import { startTestPortal, type TestPortal } from '../../../../tools/src/testing/portal.ts';

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal({ appRole: true });
}, 60_000);
afterAll(async () => {
  await portal?.close();
});

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('the portal connected as the application role', () => {
  it('signs a patient in and writes the audit rows of the sign-in and the read', async () => {
    const { portal: browser, landedAt } = await signIn({ apiUrl: portal.url, personId: PATIENT_IDS.margaret });
    expect(landedAt).toBe('/dashboard');
    const session = await browser.fetch(`${portal.url}/api/auth/session`);
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ isAuthenticated: true, patientId: String(PATIENT_IDS.margaret) });

    const actions = await portal.db.knex('audit_logs').where({ userId: String(PATIENT_IDS.margaret) }).pluck('action');
    expect(actions).toEqual(expect.arrayContaining(['sign_in', 'read_session']));
    // The rows came over the API's own connections, which are portal_app's.
    const users = await portal.db.knex('pg_stat_activity').where({ datname: portal.db.knex.raw('current_database()') }).distinct().pluck('usename');
    expect(users).toContain(APP_ROLE);
  });

  it("runs the worker's jobs from graphile-worker's schema", async () => {
    await portal.db.knex.raw('select graphile_worker.add_job(?, job_key := ?)', [RECONCILE_PAYMENTS, 'app-role-probe']);
    const left = await waitFor(
      async () => Number((await portal.db.knex.raw("select count(*)::int as n from graphile_worker.jobs where key = 'app-role-probe'")).rows[0].n),
      (count) => count === 0,
    );
    expect(left).toBe(0);
    expect(portal.logs().join('\n')).not.toMatch(/permission denied|row-level security/);
  }, 30_000);
});
