/** createSandboxApp under supertest, on a knex the test owns (no listening server). */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '../../../tools/src/testing/test-database.ts';
import { createSandboxApp, type SandboxApp } from './app.ts';

let db: TestDatabase;
let sandbox: SandboxApp;

beforeAll(async () => {
  db = await createTestDatabase();
  sandbox = await createSandboxApp({ knex: db.knex, schema: 'sandbox_supertest' });
});

afterAll(async () => {
  await db.drop();
});

describe('createSandboxApp', () => {
  it('serves the wire API to supertest', async () => {
    const server = sandbox.app.callback();
    const token = await request(server)
      .post('/oauth2/v1/token')
      .auth('portal-sandbox-client', 'portal-sandbox-secret')
      .type('form')
      .send({ grant_type: 'client_credentials', scope: 'athena/service/Athenanet.MDP.*' });
    expect(token.status).toBe(200);
    const departments = await request(server)
      .get('/v1/29391/departments')
      .set('Authorization', `Bearer ${token.body.access_token as string}`)
      .set('X-Request-Id', 'supertest-1');
    expect(departments.status).toBe(200);
    expect(departments.headers['x-request-id']).toBe('supertest-1');
    expect(departments.body.totalcount).toBe(3);
  });

  it('answers a wrong method with a JSON 405', async () => {
    const server = sandbox.app.callback();
    const response = await request(server).delete('/oauth2/v1/token');
    expect(response.status).toBe(405);
    expect(response.body).toEqual({ error: 'Method Not Allowed', detailedmessage: expect.any(String) });
  });

  it('keeps its tables in the schema it was given', async () => {
    const count = (await db.knex.withSchema('sandbox_supertest').table('patients').count({ n: '*' })) as { n: string }[];
    expect(Number(count[0]?.n)).toBe(9);
    expect(await db.knex.schema.withSchema('provider_sandbox').hasTable('patients')).toBe(false);
  });
});
