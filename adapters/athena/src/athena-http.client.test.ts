import { describe, it, expect } from '@jest/globals';
import * as t from 'io-ts';
import { HealthRecordUnavailableError } from '@portal/core';
import { FixedClock } from '@portal/core/testing/index.ts';
import type { AthenaConfig, AthenaRequestEvent } from './athena.config.ts';
import { AthenaDecodeError, AthenaRejectedError } from './athena.errors.ts';
import { AthenaHttpClient, describeDecodeErrors } from './athena-http.client.ts';
import type { AthenaRequest } from './athena-http.client.ts';
import { ScriptedFetch, json } from './testing/scripted-fetch.ts';

const Patients = t.array(t.type({ patientid: t.string }));
const getPatient: AthenaRequest = { method: 'GET', path: '/v1/{practiceid}/patients/{patientid}', params: { patientid: '1001' } };
const bookSlot: AthenaRequest = {
  method: 'PUT',
  path: '/v1/{practiceid}/appointments/{appointmentid}',
  params: { appointmentid: '5001' },
  form: { patientid: '1001' },
};
const PATIENT_PATH = /^\/v1\/29391\/patients\/1001$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function setup(overrides: Partial<AthenaConfig> = {}) {
  const fake = new ScriptedFetch().withTokens();
  const clock = new FixedClock('2026-03-02T15:00:00Z');
  const sleeps: number[] = [];
  const events: AthenaRequestEvent[] = [];
  const client = new AthenaHttpClient({
    baseUrl: 'https://athena.test/',
    practiceId: '29391',
    clientId: 'backend-client',
    clientSecret: 's3cret',
    patientClientId: 'patient-app',
    fetch: fake.fetch,
    clock,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    onRequest: (event) => events.push(event),
    ...overrides,
  });
  return { fake, clock, sleeps, events, client };
}

describe('AthenaHttpClient backend token', () => {
  it('gets a client_credentials token with HTTP Basic and a form body, and sends it as a bearer', async () => {
    const { fake, client } = setup();
    fake.on('GET', PATIENT_PATH, json([{ patientid: '1001' }]));

    await expect(client.send(getPatient, Patients)).resolves.toEqual([{ patientid: '1001' }]);

    const [tokenRequest] = fake.to('POST', /token/);
    expect(tokenRequest?.url.href).toBe('https://athena.test/oauth2/v1/token');
    expect(tokenRequest?.headers.get('authorization')).toBe(`Basic ${Buffer.from('backend-client:s3cret').toString('base64')}`);
    expect(tokenRequest?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(tokenRequest?.form ?? [])).toEqual({
      grant_type: 'client_credentials',
      scope: 'athena/service/Athenanet.MDP.*',
    });
    expect(fake.to('GET', PATIENT_PATH)[0]?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('reuses the token until one minute before it expires (expires_in given as a string)', async () => {
    const { fake, clock, client } = setup();
    fake.on('GET', PATIENT_PATH, json([{ patientid: '1001' }]));

    await client.send(getPatient, Patients);
    clock.advance(58 * 60_000);
    await client.send(getPatient, Patients);
    expect(fake.to('POST', /token/)).toHaveLength(1);

    clock.advance(60_000); // 59 minutes after issue: inside the last minute
    await client.send(getPatient, Patients);
    expect(fake.to('POST', /token/)).toHaveLength(2);
    expect(fake.to('GET', PATIENT_PATH).map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('accepts expires_in as a number too', async () => {
    const fake = new ScriptedFetch().withTokens(120);
    const { clock, client } = setup({ fetch: fake.fetch });
    await client.backendToken();
    clock.advance(59_000);
    await client.backendToken();
    clock.advance(2_000);
    await client.backendToken();
    expect(fake.to('POST', /token/)).toHaveLength(2);
  });

  it('asks for one token however many requests wait for it (single flight)', async () => {
    const { fake, client } = setup();
    fake.on('GET', PATIENT_PATH, json([{ patientid: '1001' }]));

    await Promise.all([client.send(getPatient, Patients), client.send(getPatient, Patients), client.send(getPatient, Patients)]);

    expect(fake.to('POST', /token/)).toHaveLength(1);
    expect(fake.to('GET', PATIENT_PATH)).toHaveLength(3);
  });

  it('after a 401 retries once with a fresh token', async () => {
    const { fake, client } = setup();
    fake.on('GET', PATIENT_PATH, json({ error: 'Developer Inactive' }, 401), json([{ patientid: '1001' }]));

    await expect(client.send(getPatient, Patients)).resolves.toEqual([{ patientid: '1001' }]);
    expect(fake.to('GET', PATIENT_PATH).map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('gives up when the fresh token is refused too, without retrying further', async () => {
    const { fake, client } = setup();
    fake.on('PUT', /appointments/, json({ error: 'Developer Inactive' }, 401));

    await expect(client.send(bookSlot, t.unknown)).rejects.toThrow(
      new HealthRecordUnavailableError('athena PUT /v1/{practiceid}/appointments/{appointmentid} answered 401'),
    );
    expect(fake.to('PUT', /appointments/)).toHaveLength(2);
  });

  it('reports refused backend credentials as unavailable', async () => {
    const fake = new ScriptedFetch().on('POST', /token/, json({ error: 'invalid_client' }, 401));
    const { client } = setup({ fetch: fake.fetch });

    await expect(client.send(getPatient, Patients)).rejects.toThrow(/^athena POST \/oauth2\/v1\/token answered 401$/);
  });

  it('retries the token request like a GET', async () => {
    const fake = new ScriptedFetch().on('POST', /token/, json({}, 503), json({ access_token: 'late', expires_in: '3600' }));
    const { client } = setup({ fetch: fake.fetch });

    await expect(client.backendToken()).resolves.toBe('late');
  });
});

describe('AthenaHttpClient retries', () => {
  it('retries a GET on 5xx with exponential backoff and jitter', async () => {
    const { fake, sleeps, client } = setup();
    fake.on('GET', PATIENT_PATH, json({}, 503), json({}, 502), json([{ patientid: '1001' }]));

    await expect(client.send(getPatient, Patients)).resolves.toEqual([{ patientid: '1001' }]);
    // base 250 ms doubling; with random() = 0.5 each wait is 3/4 of its step
    expect(sleeps).toEqual([188, 375]);
  });

  it('spreads waits between half and all of each step', async () => {
    const low = setup({ random: () => 0, retries: 3 });
    low.fake.on('GET', PATIENT_PATH, json({}, 500));
    await expect(low.client.send(getPatient, Patients)).rejects.toThrow(HealthRecordUnavailableError);
    expect(low.sleeps).toEqual([125, 250, 500]);

    const high = setup({ random: () => 0.999_999, retries: 7 });
    high.fake.on('GET', PATIENT_PATH, json({}, 500));
    await expect(high.client.send(getPatient, Patients)).rejects.toThrow(HealthRecordUnavailableError);
    expect(high.sleeps).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
  });

  it('gives up after the configured retries with a message that names no patient', async () => {
    const { fake, client } = setup();
    fake.on('GET', PATIENT_PATH, json({}, 500));

    const failure = client.send(getPatient, Patients);
    await expect(failure).rejects.toThrow(
      new HealthRecordUnavailableError('athena GET /v1/{practiceid}/patients/{patientid} answered 500 after 3 attempts'),
    );
    await expect(failure).rejects.not.toThrow(/1001/);
    expect(fake.to('GET', PATIENT_PATH)).toHaveLength(3);
  });

  it('honours Retry-After on 429, within the cap', async () => {
    const { fake, sleeps, client } = setup();
    fake.on('GET', PATIENT_PATH, json({}, 429, { 'Retry-After': '2' }), json({}, 429, { 'Retry-After': '60' }), json([]));

    await client.send(getPatient, Patients);
    expect(sleeps).toEqual([2000, 4000]);
  });

  it('retries a GET after network errors', async () => {
    const { fake, client } = setup({ retries: 1 });
    fake.on('GET', PATIENT_PATH, 'network-error', json([{ patientid: '1001' }]));

    await expect(client.send(getPatient, Patients)).resolves.toHaveLength(1);

    const down = setup({ retries: 1 });
    down.fake.on('GET', PATIENT_PATH, 'network-error');
    await expect(down.client.send(getPatient, Patients)).rejects.toThrow(
      'athena GET /v1/{practiceid}/patients/{patientid} failed (network error) after 2 attempts',
    );
  });

  it('never retries a PUT or POST', async () => {
    const { fake, sleeps, client } = setup();
    fake.on('PUT', /appointments/, json({}, 503));
    fake.on('POST', /documents/, 'network-error');

    await expect(client.send(bookSlot, t.unknown)).rejects.toThrow(
      new HealthRecordUnavailableError('athena PUT /v1/{practiceid}/appointments/{appointmentid} answered 503'),
    );
    await expect(
      client.send({ method: 'POST', path: '/v1/{practiceid}/patients/{patientid}/documents/admin', params: { patientid: '1' } }, t.unknown),
    ).rejects.toThrow(HealthRecordUnavailableError);
    expect(fake.to('PUT', /appointments/)).toHaveLength(1);
    expect(fake.to('POST', /documents/)).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('does not retry other 4xx answers', async () => {
    const { fake, client } = setup();
    fake.on('PUT', /appointments/, json({ error: 'The appointment is already booked', detailedmessage: 'Margaret' }, 409));

    const failure = await client.send(bookSlot, t.unknown).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AthenaRejectedError);
    expect(failure).toMatchObject({ status: 409, athenaError: 'The appointment is already booked' });
    expect((failure as Error).message).toBe('athena PUT /v1/{practiceid}/appointments/{appointmentid} answered 409');
    expect(fake.to('PUT', /appointments/)).toHaveLength(1);
  });

  it('lets the caller turn a 404 into a value', async () => {
    const { fake, client } = setup();
    fake.on('GET', PATIENT_PATH, json({ error: 'Patient not found' }, 404));

    await expect(client.send(getPatient, Patients, (failure) => (failure.status === 404 ? { value: null } : undefined))).resolves.toBeNull();
    expect(fake.to('GET', PATIENT_PATH)).toHaveLength(1);
  });
});

describe('AthenaHttpClient timeouts', () => {
  it('aborts an attempt that takes longer than timeoutMs, retries, then reports unavailable', async () => {
    const { fake, client } = setup({ timeoutMs: 20, retries: 1 });
    fake.on('GET', PATIENT_PATH, 'hang');

    await expect(client.send(getPatient, Patients)).rejects.toThrow(
      'athena GET /v1/{practiceid}/patients/{patientid} timed out after 20 ms after 2 attempts',
    );
    const attempts = fake.to('GET', PATIENT_PATH);
    expect(attempts).toHaveLength(2);
    expect(attempts.every((request) => request.signal?.aborted === true)).toBe(true);
  });

  it('times out even when fetch ignores the abort signal', async () => {
    const { fake, client } = setup({ timeoutMs: 20, retries: 0 });
    fake.on('GET', PATIENT_PATH, 'hang-deaf');

    await expect(client.send(getPatient, Patients)).rejects.toThrow('timed out after 20 ms');
  });

  it('recovers when a retry answers in time', async () => {
    const { fake, client } = setup({ timeoutMs: 20 });
    fake.on('GET', PATIENT_PATH, 'hang', json([{ patientid: '1001' }]));

    await expect(client.send(getPatient, Patients)).resolves.toEqual([{ patientid: '1001' }]);
  });
});

describe('AthenaHttpClient decoding', () => {
  it('refuses an answer that does not match the codec, naming fields but not values, without retrying', async () => {
    const { fake, client } = setup();
    fake.on('GET', PATIENT_PATH, json([{ patientid: 1001, firstname: 'Margaret' }]));
    const Strict = t.array(t.type({ patientid: t.string, dob: t.string }));

    const failure = await client.send(getPatient, Strict).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HealthRecordUnavailableError);
    expect((failure as Error).cause).toBeInstanceOf(AthenaDecodeError);
    expect((failure as Error).message).toBe(
      'athena GET /v1/{practiceid}/patients/{patientid} answered with an unexpected shape at 0.patientid, 0.dob',
    );
    expect((failure as Error).message).not.toMatch(/Margaret|1001/);
    expect(fake.to('GET', PATIENT_PATH)).toHaveLength(1);
  });

  it('refuses a 2xx answer that is not JSON', async () => {
    const { fake, client } = setup();
    fake.on('GET', PATIENT_PATH, new Response('<html>maintenance</html>', { status: 200 }));

    await expect(client.send(getPatient, Patients)).rejects.toThrow('answered 200 with a body that is not JSON');
  });

  it('describes nested decode failures through unions and intersections', () => {
    const Codec = t.type({ list: t.array(t.intersection([t.type({ a: t.string }), t.partial({ b: t.union([t.string, t.null]) })])) });
    const result = Codec.decode({ list: [{ a: 1, b: 2 }] });
    expect(result._tag).toBe('Left');
    if (result._tag === 'Left') expect(describeDecodeErrors(result.left)).toBe('list.0.a, list.0.b');
  });
});

describe('AthenaHttpClient requests', () => {
  it('sends a fresh X-Request-Id UUID and Accept on every attempt', async () => {
    const { fake, client } = setup();
    fake.on('GET', PATIENT_PATH, json({}, 500), json([]));

    await client.send(getPatient, Patients);
    const ids = fake.requests.map((request) => request.headers.get('x-request-id'));
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);
    expect(fake.to('GET', PATIENT_PATH)[0]?.headers.get('accept')).toBe('application/json');
  });

  it('fills the path template, encodes values, and leaves out undefined query and form fields', async () => {
    const { fake, client } = setup();
    fake.on('PUT', /.*/, json({}));

    await client.send(
      {
        method: 'PUT',
        path: '/v1/{practiceid}/patients/{patientid}/customfields',
        params: { patientid: '10/01' },
        query: { a: 'x y', b: undefined },
        form: { departmentid: '1', note: 'a&b=c', skip: undefined },
      },
      t.unknown,
    );
    const [request] = fake.to('PUT', /.*/);
    expect(request?.url.pathname).toBe('/v1/29391/patients/10%2F01/customfields');
    expect(request?.url.search).toBe('?a=x+y');
    expect(request?.body).toBe('departmentid=1&note=a%26b%3Dc');
  });

  it('reports every attempt without PHI', async () => {
    const { fake, events, client } = setup();
    fake.on('GET', PATIENT_PATH, json({}, 503), json([]));

    await client.send(getPatient, Patients);
    expect(events.map(({ method, path, attempt, status, failure }) => ({ method, path, attempt, status, failure }))).toEqual([
      { method: 'POST', path: '/oauth2/v1/token', attempt: 1, status: 200, failure: null },
      { method: 'GET', path: '/v1/{practiceid}/patients/{patientid}', attempt: 1, status: 503, failure: null },
      { method: 'GET', path: '/v1/{practiceid}/patients/{patientid}', attempt: 2, status: 200, failure: null },
    ]);
  });
});
