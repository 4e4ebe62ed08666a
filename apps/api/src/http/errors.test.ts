import { describe, expect, it } from '@jest/globals';
import Koa from 'koa';
import request from 'supertest';
import { capturingLogger } from '../testing.ts';
import { EnrollmentForm } from '@portal/contracts';
import { HttpError, ValidationError, decodeOrThrow, errorMiddleware } from './errors.ts';

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
});
