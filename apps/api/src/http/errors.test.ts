import { describe, expect, it } from '@jest/globals';
import Koa from 'koa';
import request from 'supertest';
import { capturingLogger } from '@portal/composition/testing.ts';
import Router from '@koa/router';
import { EnrollmentForm, INVALID_PAYMENT_METHOD_MESSAGE } from '@portal/contracts';
import { HttpError, PAYMENT_DETAILS_REFUSED_MESSAGE, ValidationError, decodeOrThrow, errorMiddleware } from './errors.ts';

const appThrowing = (error: unknown) => {
  const logs = capturingLogger();
  const app = new Koa();
  app.silent = true;
  app.use(errorMiddleware(logs.logger));
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
