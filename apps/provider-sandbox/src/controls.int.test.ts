/** The /_sandbox test controls, and the state the sandbox keeps in PostgreSQL across restarts. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '../../../tools/src/testing/test-database.ts';
import { PATIENT_IDS } from './seed/patients.ts';
import { startSandbox } from './index.ts';
import { backendToken, call, startTestSandbox, type TestSandbox } from './testing.ts';

const P = '/v1/29391';

describe('faults', () => {
  let sandbox: TestSandbox;
  let token: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ faultHoldMs: 2_000 });
    token = await backendToken(sandbox.url);
  });

  afterAll(async () => {
    await sandbox.close();
  });

  const setFault = (fault: Record<string, unknown>) =>
    fetch(`${sandbox.url}/_sandbox/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fault) });

  it('errorRate 1 answers 503 Service Unavailable on the matching route only', async () => {
    const response = await setFault({ route: 'GET ^/v1/29391/providers$', errorRate: 1 });
    expect(response.status).toBe(201);
    const failed = await call(sandbox.url, token, 'GET', `${P}/providers`);
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ error: 'Service Unavailable' });
    expect((await call(sandbox.url, token, 'GET', `${P}/departments`)).status).toBe(200);
    expect((await call(sandbox.url, null, 'GET', '/_sandbox/faults')).body.faults).toEqual([
      { route: 'GET ^/v1/29391/providers$', latencyMs: 0, errorRate: 1, timeoutRate: 0 },
    ]);
    const cleared = await fetch(`${sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect((await call(sandbox.url, token, 'GET', `${P}/providers`)).status).toBe(200);
  });

  it('latencyMs delays the answer', async () => {
    await setFault({ route: 'GET /departments', latencyMs: 400 });
    const started = performance.now();
    const response = await call(sandbox.url, token, 'GET', `${P}/departments`);
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(380);
    await fetch(`${sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
  });

  it('timeoutRate 1 holds the request without answering, then drops it', async () => {
    await setFault({ route: '* ^/oauth2/v1/token$', timeoutRate: 1 });
    const started = performance.now();
    const outcome = await fetch(`${sandbox.url}/oauth2/v1/token`, { method: 'POST', signal: AbortSignal.timeout(500) }).then(
      (response) => `answered ${response.status}`,
      (error: Error) => error.name,
    );
    expect(outcome).toBe('TimeoutError');
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    const dropped = await fetch(`${sandbox.url}/oauth2/v1/token`, { method: 'POST' }).then(
      (response) => `answered ${response.status}`,
      () => 'dropped',
    );
    expect(dropped).toBe('dropped');
    await fetch(`${sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
  });

  it('a timeout holds a write before it runs; with timeoutAfterWrite the write is applied and only the answer is lost', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');
    const path = `${P}/patients/${PATIENT_IDS.paul}/documents/admin`;
    const fileOnce = (note: string) =>
      fetch(`${sandbox.url}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: new URLSearchParams({ departmentid: '2', documentsubclass: 'ADMIN_CONSENT', attachmentcontents: pdf, internalnote: note }),
        signal: AbortSignal.timeout(500),
      }).then(
        (response) => `answered ${response.status}`,
        (error: Error) => error.name,
      );
    const notes = async (): Promise<string[]> =>
      (await call(sandbox.url, null, 'GET', `/_sandbox/documents?patientid=${PATIENT_IDS.paul}`)).body.documents.map((d: { internalnote?: string }) => d.internalnote);

    await setFault({ route: 'POST /documents/admin$', timeoutRate: 1 });
    expect(await fileOnce('held before')).toBe('TimeoutError');
    expect(await notes()).not.toContain('held before');

    const set = await setFault({ route: 'POST /documents/admin$', timeoutRate: 1, timeoutAfterWrite: true });
    expect((await set.json()).fault).toEqual({ route: 'POST /documents/admin$', latencyMs: 0, errorRate: 0, timeoutRate: 1, timeoutAfterWrite: true });
    expect(await fileOnce('written, then held')).toBe('TimeoutError');
    expect(await notes()).toContain('written, then held');

    // A registration too: the patient exists though the caller never heard so.
    await setFault({ route: 'POST ^/v1/29391/patients$', timeoutRate: 1, timeoutAfterWrite: 'true' });
    const registration = await fetch(`${sandbox.url}${P}/patients`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: new URLSearchParams({ firstname: 'Tim', lastname: 'Eout', dob: '01/02/1990', departmentid: '1', zip: '02865' }),
      signal: AbortSignal.timeout(500),
    }).then(
      (response) => `answered ${response.status}`,
      (error: Error) => error.name,
    );
    expect(registration).toBe('TimeoutError');
    await fetch(`${sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
    expect((await call(sandbox.url, token, 'GET', `${P}/patients?firstname=Tim&lastname=Eout`)).body.totalcount).toBe(1);
  });

  it('refuses a malformed fault', async () => {
    expect((await setFault({ route: 'nonsense' })).status).toBe(400);
    expect((await setFault({ route: 'GET /x', errorRate: 2 })).status).toBe(400);
    expect((await setFault({ route: 'GET ([', errorRate: 1 })).status).toBe(400);
    expect((await setFault({ route: 'GET /x', timeoutRate: 1, timeoutAfterWrite: 'sometimes' })).status).toBe(400);
  });

  it('never applies to /_sandbox itself', async () => {
    await setFault({ route: '* .*', errorRate: 1 });
    expect((await call(sandbox.url, null, 'GET', '/_sandbox/faults')).status).toBe(200);
    expect((await call(sandbox.url, token, 'GET', `${P}/departments`)).status).toBe(503);
    await fetch(`${sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
  });
});

describe('reset', () => {
  let sandbox: TestSandbox;
  let token: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    token = await backendToken(sandbox.url);
  });

  afterAll(async () => {
    await sandbox.close();
  });

  it('POST /_sandbox/reset restores the seed; tokens stay valid', async () => {
    const before = await call(sandbox.url, token, 'GET', `${P}/appointments/open?departmentid=1`);
    const [slot] = before.body.appointments;
    await call(sandbox.url, token, 'PUT', `${P}/appointments/${slot.appointmentid}`, { patientid: PATIENT_IDS.margaret });
    await call(sandbox.url, token, 'PUT', `${P}/patients/${PATIENT_IDS.paul}/customfields`, {
      departmentid: '2',
      customfields: JSON.stringify([{ customfieldid: '21', optionid: '2102' }]),
    });
    await call(sandbox.url, token, 'POST', `${P}/patients/${PATIENT_IDS.paul}/documents/admin`, {
      departmentid: '2',
      documentsubclass: 'ADMIN_CONSENT',
      attachmentcontents: Buffer.from('%PDF-1.4\n%%EOF').toString('base64'),
    });
    await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ route: 'GET ^/nowhere$', errorRate: 1 }),
    });

    const reset = await call(sandbox.url, null, 'POST', '/_sandbox/reset');
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ reset: true, openSlots: expect.any(Number) });

    const after = await call(sandbox.url, token, 'GET', `${P}/appointments/open?departmentid=1`);
    expect(after.body).toEqual(before.body);
    expect((await call(sandbox.url, token, 'GET', `${P}/patients/${PATIENT_IDS.margaret}/appointments`)).body.totalcount).toBe(0);
    expect((await call(sandbox.url, token, 'GET', `${P}/patients/${PATIENT_IDS.paul}/customfields`)).body).toEqual([
      { customfieldid: '21', customfieldvalue: 'Yes', optionid: '2101' },
    ]);
    expect((await call(sandbox.url, null, 'GET', '/_sandbox/documents')).body).toEqual({ documents: [], totalcount: 0 });
    expect((await call(sandbox.url, null, 'GET', '/_sandbox/faults')).body.faults).toEqual([]);
  });

  it('the reset() handle does the same', async () => {
    const [slot] = (await call(sandbox.url, token, 'GET', `${P}/appointments/open?departmentid=8`)).body.appointments;
    await call(sandbox.url, token, 'PUT', `${P}/appointments/${slot.appointmentid}`, { patientid: PATIENT_IDS.carol });
    await sandbox.sandbox.reset();
    const open = (await call(sandbox.url, token, 'GET', `${P}/appointments/open?departmentid=8`)).body.appointments;
    expect(open[0]).toEqual(slot);
  });

  it('GET /_sandbox lists the seeded people and who acts for whom', async () => {
    const { body } = await call(sandbox.url, null, 'GET', '/_sandbox');
    expect(body.patients).toHaveLength(9);
    expect(body.patients.find((p: { patientid: string }) => p.patientid === String(PATIENT_IDS.carol)).actsFor).toEqual([
      { patientid: String(PATIENT_IDS.harold), relationshiptopatient: 'Child' },
      { patientid: String(PATIENT_IDS.emma), relationshiptopatient: 'Parent' },
    ]);
  });
});

describe('POST /_sandbox/slots: a slot at a chosen time', () => {
  // Friday 13 March 2026, 16:00 in New York: the seeded practice has no slot before Monday.
  const NOW = new Date('2026-03-13T20:00:00Z');
  let sandbox: TestSandbox;
  let token: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ now: () => NOW });
    token = await backendToken(sandbox.url);
  });

  afterAll(async () => {
    await sandbox.close();
  });

  const openOn = async (date: string) =>
    (await call(sandbox.url, token, 'GET', `${P}/appointments/open?departmentid=1&startdate=${encodeURIComponent(date)}&enddate=${encodeURIComponent(date)}`)).body.appointments;

  it('opens a Sunday slot that athenahealth lists and books like any other; a reset forgets it', async () => {
    expect(await openOn('03/15/2026')).toEqual([]);
    // 10:00 on Sunday in New York (EDT since 8 March): 14:00 UTC.
    const created = await call(sandbox.url, null, 'POST', '/_sandbox/slots', { departmentid: '1', providerid: '15', appointmenttypeid: '2', start: '2026-03-15T14:00:00Z' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      appointmentid: expect.any(Number),
      date: '03/15/2026',
      starttime: '10:00',
      duration: 30,
      departmentid: 1,
      providerid: 15,
      appointmenttypeid: 2,
      appointmenttype: 'Office Visit',
      patientappointmenttypename: 'Office Visit',
      frozen: false,
    });
    expect(await openOn('03/15/2026')).toEqual([created.body]);
    // The same instant given with its New York offset is the same slot: refused.
    const again = await call(sandbox.url, null, 'POST', '/_sandbox/slots', { departmentid: '1', providerid: '15', appointmenttypeid: '2', start: '2026-03-15T10:00:00-04:00' });
    expect(again.status).toBe(409);
    const booked = await call(sandbox.url, token, 'PUT', `${P}/appointments/${created.body.appointmentid}`, { patientid: PATIENT_IDS.margaret, appointmenttypeid: '2', departmentid: '1' });
    expect(booked.status).toBe(200);
    expect(booked.body[0]).toMatchObject({ appointmentstatus: 'f', date: '03/15/2026', starttime: '10:00' });
    expect(await openOn('03/15/2026')).toEqual([]);
    await call(sandbox.url, null, 'POST', '/_sandbox/reset');
    expect((await call(sandbox.url, token, 'GET', `${P}/appointments/${created.body.appointmentid}`)).status).toBe(404);
  });

  it('refuses what athenahealth could not have: an unknown department, provider or type, a provider of another department, a time in the past or not an ISO instant', async () => {
    const slot = { departmentid: '1', providerid: '15', appointmenttypeid: '2', start: '2026-03-14T15:00:00Z' };
    const refused = async (change: Record<string, string>) => {
      const answer = await call(sandbox.url, null, 'POST', '/_sandbox/slots', { ...slot, ...change });
      return [answer.status, answer.body.error];
    };
    expect(await refused({ departmentid: '99' })).toEqual([400, 'Invalid departmentid']);
    expect(await refused({ providerid: '999' })).toEqual([400, 'Invalid providerid']);
    expect(await refused({ providerid: '8' })).toEqual([400, 'Invalid providerid']);
    expect(await refused({ appointmenttypeid: '99' })).toEqual([400, 'Invalid appointmenttypeid']);
    expect(await refused({ start: '2026-03-13T19:00:00Z' })).toEqual([400, 'Invalid start']);
    expect(await refused({ start: '03/14/2026 10:00' })).toEqual([400, 'Invalid start']);
    expect(await refused({ start: '2026-03-14T15:00:00' })).toEqual([400, 'Invalid start']);
    expect(await refused({ start: '2026-03-14T15:00:30Z' })).toEqual([400, 'Invalid start']);
  });
});

describe('state in PostgreSQL', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('survives close and start on the same database, without reseeding', async () => {
    const day1 = new Date('2026-03-10T15:00:00Z');
    const first = await startSandbox({ databaseUrl: db.url, port: 0, now: () => day1 });
    const token = await backendToken(first.url);
    const [slot] = (await call(first.url, token, 'GET', `${P}/appointments/open?departmentid=2`)).body.appointments;
    await call(first.url, token, 'PUT', `${P}/appointments/${slot.appointmentid}`, { patientid: PATIENT_IDS.jordan });
    const jordanBefore = (await call(first.url, token, 'GET', `${P}/patients/${PATIENT_IDS.jordan}`)).body[0].dob;
    await first.close();

    // Two weeks later on the sandbox clock: same data, and the schedule reaches the new horizon.
    const day15 = new Date('2026-03-24T15:00:00Z');
    const second = await startSandbox({ databaseUrl: db.url, port: 0, now: () => day15 });
    try {
      const fresh = await backendToken(second.url);
      const mine = (await call(second.url, fresh, 'GET', `${P}/patients/${PATIENT_IDS.jordan}/appointments`)).body;
      expect(mine.appointments.map((a: { appointmentid: string }) => a.appointmentid)).toEqual([String(slot.appointmentid)]);
      expect((await call(second.url, fresh, 'GET', `${P}/patients/${PATIENT_IDS.jordan}`)).body[0].dob).toBe(jordanBefore);
      const open = (await call(second.url, fresh, 'GET', `${P}/appointments/open?departmentid=2`)).body.appointments;
      const last = open.map((s: { date: string }) => s.date.replace(/(\d{2})\/(\d{2})\/(\d{4})/, '$3-$1-$2')).sort().pop();
      // Week 0 begins Monday 03/23; week 5 ends Friday 05/01.
      expect(last).toBe('2026-05-01');
    } finally {
      await second.close();
    }
  });

  it('a token issued before a restart still works after it', async () => {
    const now = () => new Date('2026-03-10T15:00:00Z');
    const first = await startSandbox({ databaseUrl: db.url, port: 0, now });
    const token = await backendToken(first.url);
    await first.close();
    const second = await startSandbox({ databaseUrl: db.url, port: 0, now });
    try {
      expect((await call(second.url, token, 'GET', `${P}/departments`)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('keeps its tables in its own schema, apart from the portal migrations', async () => {
    const tables = (await db.knex('information_schema.tables').where({ table_schema: 'provider_sandbox' }).pluck('table_name')) as string[];
    expect(tables.sort()).toEqual(
      [
        'access_tokens',
        'appointments',
        'authorization_codes',
        'custom_field_values',
        'documents',
        'meta',
        'patients',
        'pending_authorizations',
        'proxies',
        'refresh_tokens',
        'inbox_messages',
        'firebase_users',
        'firebase_verifications',
        'firebase_refresh_tokens',
        'turnstile_tokens',
        'signwell_documents',
        'signwell_recipients',
        'signwell_hooks',
        'signwell_events',
        'stripe_products',
        'stripe_prices',
        'stripe_customers',
        'stripe_payment_methods',
        'stripe_subscriptions',
        'stripe_invoices',
        'stripe_invoice_payments',
        'stripe_payment_intents',
        'stripe_setup_intents',
        'stripe_charges',
        'stripe_portal_sessions',
        'stripe_idempotency_keys',
        'stripe_events',
        'stripe_webhook_attempts',
      ].sort(),
    );
    const other = await startSandbox({ databaseUrl: db.url, port: 0, schema: 'sandbox_b' });
    try {
      const count = (await db.knex.withSchema('sandbox_b').table('patients').count({ n: '*' })) as { n: string }[];
      expect(Number(count[0]?.n)).toBe(9);
    } finally {
      await other.close();
    }
  });

  it('reports the real URL when given port 0, and refuses a port in use', async () => {
    const first = await startSandbox({ databaseUrl: db.url, port: 0 });
    try {
      expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(first.url).not.toMatch(/:0$/);
      const health = await fetch(`${first.url}/health`);
      expect(health.status).toBe(200);
      const port = Number(new URL(first.url).port);
      await expect(startSandbox({ databaseUrl: db.url, port })).rejects.toThrow(/already in use/);
    } finally {
      await first.close();
    }
  });
});
