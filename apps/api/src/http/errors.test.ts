import { describe, expect, it } from '@jest/globals';
import Koa from 'koa';
import request from 'supertest';
import { capturingLogger } from '@portal/composition/testing.ts';
import Router from '@koa/router';
import { EnrollmentForm, INVALID_PAYMENT_METHOD_MESSAGE } from '@portal/contracts';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  HttpError,
  PAYMENT_DETAILS_REFUSED_MESSAGE,
  ValidationError,
  databaseUnavailableReason,
  decodeOrThrow,
  errorMiddleware,
} from './errors.ts';

const appThrowing = (error: unknown, onDatabaseUnavailable?: (reason: string) => void) => {
  const logs = capturingLogger();
  const app = new Koa();
  app.silent = true;
  app.use(errorMiddleware(logs.logger, onDatabaseUnavailable ? { onDatabaseUnavailable } : {}));
  app.use(() => {
    throw error;
  });
  return { server: app.callback(), logs };
};

describe('the error middleware', () => {
  it('turns an unknown error into a 500 that reveals nothing of the internals', async () => {
    const { server, logs } = appThrowing(new Error('relation "enrollments" for ada@example.com failed at db.internal:5432'));
    const response = await request(server).get('/api/anything');
    expect(response.status).toBe(500);
    expect(Object.keys(response.body).sort()).toEqual(['error', 'requestId']);
    expect(response.body.error).toBe('Internal Server Error');
    expect(JSON.stringify(response.body)).not.toContain('enrollments');
    expect(logs.lines().join('\n')).not.toContain('ada@example.com');
    expect(logs.lines()).toHaveLength(1);
  });

  it('turns a decode failure into a 400 with each field and its message', async () => {
    const { server } = appThrowing(new ValidationError({ errors: [{ field: 'zipCode', message: 'Invalid ZIP code format' }] }));
    const response = await request(server).post('/api/enrollments');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'Validation failed',
      message: 'Invalid ZIP code format',
      errors: [{ field: 'zipCode', message: 'Invalid ZIP code format' }],
    });
  });

  it('passes a known error through with its status and body', async () => {
    const { server } = appThrowing(new HttpError(409, { error: 'Existing Active Subscription', message: 'Already subscribed' }));
    const response = await request(server).post('/api/enrollments/x/create-subscription');
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'Existing Active Subscription', message: 'Already subscribed' });
  });

  it('decodes a body with a contracts codec and reports the spec message for the failing field', async () => {
    const app = new Koa();
    app.silent = true;
    app.use(errorMiddleware(capturingLogger().logger));
    app.use((ctx) => {
      ctx.body = decodeOrThrow(EnrollmentForm, { zipCode: '123' });
    });
    const response = await request(app.callback()).post('/api/enrollments');
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([{ field: 'zipCode', message: 'Invalid ZIP code format' }, { field: 'firstName', message: 'First name is required' }]));
  });

  it("answers the router's bodiless 405 and 501 as JSON", async () => {
    const app = new Koa();
    app.silent = true;
    app.use(errorMiddleware(capturingLogger().logger));
    const router = new Router();
    router.get('/api/thing', (ctx) => {
      ctx.body = { ok: true };
    });
    app.use(router.routes());
    app.use(router.allowedMethods());
    const wrong = await request(app.callback()).delete('/api/thing');
    expect({ status: wrong.status, type: wrong.type, body: wrong.body }).toEqual({ status: 405, type: 'application/json', body: { error: 'Method Not Allowed' } });
    expect(wrong.headers.allow).toContain('GET');
    const unknown = await request(app.callback()).propfind('/api/thing');
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 501, body: { error: 'Not Implemented' } });
  });

  it("turns Stripe's refusal of our input into a 400 naming the field, never a 500", async () => {
    const refused = (param: string | undefined) =>
      Object.assign(new Error('stripe POST /v1/invoices/{id}/pay answered 404 (invalid_request_error, resource_missing)', { cause: { param } }), {
        name: 'CardsRejectedError',
        status: 404,
        code: 'resource_missing',
      });
    const { server, logs } = appThrowing(refused('payment_method'));
    const response = await request(server).post('/api/stripe/pay-invoice');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'Validation failed',
      message: INVALID_PAYMENT_METHOD_MESSAGE,
      errors: [{ field: 'paymentMethodId', message: INVALID_PAYMENT_METHOD_MESSAGE }],
    });
    expect(JSON.stringify(response.body)).not.toMatch(/stripe|resource_missing/);
    expect(logs.lines().join('\n')).toContain('payment service refused the request');
    const other = await request(appThrowing(refused(undefined)).server).post('/api/enrollments/x/payment');
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ error: 'Payment details not accepted', message: PAYMENT_DETAILS_REFUSED_MESSAGE });
  });
});

/** Errors as node-postgres, knex and Node raise them when PostgreSQL cannot serve. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: 'connect', address: '127.0.0.1', port: 5432 });
const knexTimeout = () => Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a .transacting(trx) call?'), { name: 'KnexTimeoutError' });

describe('PostgreSQL unable to serve', () => {
  const cases: ReadonlyArray<readonly [string, unknown, string]> = [
    ['connection refused', socketError('ECONNREFUSED'), 'connection'],
    ['refused on every address (AggregateError)', Object.assign(new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]), { code: 'ECONNREFUSED' }), 'connection'],
    ['terminated by an administrator (57P01)', pgError('57P01', 'terminating connection due to administrator command'), 'shutdown'],
    ['starting up (57P03)', pgError('57P03', 'the database system is starting up'), 'shutdown'],
    ['connection failure (08006)', pgError('08006', 'connection failure'), 'connection'],
    ['too many connections (53300)', pgError('53300', 'sorry, too many clients already'), 'connection'],
    ['disk full (53100)', pgError('53100', 'could not extend file: No space left on device'), 'disk_full'],
    ['a standby after failover (25006)', pgError('25006', 'cannot execute INSERT in a read-only transaction'), 'read_only'],
    ['connection terminated unexpectedly', new Error('Connection terminated unexpectedly'), 'connection'],
    // knex puts the query before node-postgres' message (found by the cluster's PostgreSQL restart test).
    ['terminated, behind the SQL knex prefixes', new Error('select "id" from "auth_sessions" where "id" = $1 - Connection terminated unexpectedly'), 'connection'],
    ['connect timeout', new Error('timeout exceeded when trying to connect'), 'connection'],
    ['knex pool timeout', knexTimeout(), 'timeout'],
    ['wrapped by a repository', new Error('could not save', { cause: pgError('57P01', 'terminating connection due to administrator command') }), 'shutdown'],
    // Objection's db-errors wrapper, as a query through a model meets a database over its connection limit.
    ['wrapped by Objection (DBError.nativeError)', Object.assign(new Error('too many connections for database "portal"'), { name: 'DBError', nativeError: pgError('53300', 'too many connections for database "portal"') }), 'connection'],
  ];

  it.each(cases)('%s: 503 with Retry-After and a clear JSON body, never 500', async (_, error, reason) => {
    const heard: string[] = [];
    const { server, logs } = appThrowing(error, (r) => heard.push(r));
    const response = await request(server).post('/api/enrollments');
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.type).toBe('application/json');
    expect(response.body).toEqual({ error: 'Service Unavailable', message: DATABASE_UNAVAILABLE_MESSAGE, requestId: expect.any(String) });
    expect(heard).toEqual([reason]);
    expect(logs.lines().join('\n')).toContain('database unavailable');
    expect(logs.lines().join('\n')).not.toContain('unhandled error');
  });

  it('leaves other errors alone: a query error, a provider fetch refused, a mail timeout are not the database', () => {
    expect(databaseUnavailableReason(pgError('23505', 'duplicate key value violates unique constraint'))).toBeNull();
    expect(databaseUnavailableReason(pgError('42P01', 'relation "x" does not exist'))).toBeNull();
    expect(databaseUnavailableReason(new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') }))).toBeNull();
    // nodemailer names its own codes and sets no syscall.
    expect(databaseUnavailableReason(Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' }))).toBeNull();
    expect(databaseUnavailableReason(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET', syscall: 'connect' }))).toBeNull();
    expect(databaseUnavailableReason(new Error('boom'))).toBeNull();
    expect(databaseUnavailableReason(new Error('the user wrote: Connection terminated'))).toBeNull();
    expect(databaseUnavailableReason(undefined)).toBeNull();
  });

  it('a provider outage keeps its own 503 body even when its cause is a refused connection', async () => {
    const down = Object.assign(new Error('athena GET /v1/{practiceid}/patients failed', { cause: socketError('ECONNREFUSED') }), { name: 'HealthRecordUnavailableError' });
    const response = await request(appThrowing(down).server).get('/api/auth/session');
    expect(response.status).toBe(503);
    expect(response.body.error).toBe('Health record unavailable');
  });
});
