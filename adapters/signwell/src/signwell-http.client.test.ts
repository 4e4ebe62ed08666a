import { describe, expect, it } from '@jest/globals';
import * as t from 'io-ts';
import { SigningRejectedError, SigningUnavailableError } from '@portal/core';
import { SignwellDecodeError, SignwellHttpClient } from './signwell-http.client.ts';
import type { SignwellConfig, SignwellRequestEvent } from './signwell.config.ts';
import { FakeFetch, json } from './testing/fake-fetch.ts';

const Doc = t.type({ id: t.string });
const sleeps: number[] = [];

const client = (fake: FakeFetch, overrides: Partial<SignwellConfig> = {}) =>
  new SignwellHttpClient({
    baseUrl: 'https://signwell.test/api/v1/',
    apiKey: 'key-1',
    testMode: true,
    fetch: fake.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...overrides,
  });

const get = { method: 'GET', path: '/documents/{id}', params: { id: 'doc 1' } } as const;

describe('SignwellHttpClient', () => {
  it('sends X-Api-Key, Accept and JSON bodies to the base URL; fills and encodes the path', async () => {
    const fake = new FakeFetch().on('POST', /^\/api\/v1\/documents$/, json({ id: 'd1' }, 201)).on('GET', /documents/, json({ id: 'd1' }));
    const http = client(fake);
    await expect(http.json({ method: 'POST', path: '/documents', body: { name: 'A' } }, Doc)).resolves.toEqual({ id: 'd1' });
    await http.json({ ...get, query: { a: '1', b: undefined } }, Doc);
    const [post, read] = fake.requests;
    expect(post?.headers.get('x-api-key')).toBe('key-1');
    expect(post?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(post?.body ?? '')).toEqual({ name: 'A' });
    expect(read?.url.toString()).toBe('https://signwell.test/api/v1/documents/doc%201?a=1');
    expect(read?.headers.get('accept')).toBe('application/json');
    expect(read?.body).toBeNull();
  });

  it('retries reads on 5xx, 429 and network errors with growing, capped backoff (Retry-After honoured)', async () => {
    sleeps.length = 0;
    const fake = new FakeFetch().on('GET', /documents/, json({}, 503), json({}, 429, { 'Retry-After': '3' }), 'network-error', json({ id: 'd1' }));
    await expect(client(fake, { retries: 3 }).json(get, Doc)).resolves.toEqual({ id: 'd1' });
    expect(fake.requests).toHaveLength(4);
    expect(sleeps).toEqual([188, 3000, 750]);
  });

  it('gives up after the retries with SigningUnavailableError naming the template, not the id', async () => {
    const events: SignwellRequestEvent[] = [];
    const fake = new FakeFetch().on('GET', /documents/, json({}, 502));
    const error = await client(fake, { onRequest: (event) => events.push(event) }).json(get, Doc).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigningUnavailableError);
    expect((error as Error).message).toBe('signwell GET /documents/{id} answered 502 after 3 attempts');
    expect(events.map((event) => [event.path, event.attempt, event.status])).toEqual([
      ['/documents/{id}', 1, 502],
      ['/documents/{id}', 2, 502],
      ['/documents/{id}', 3, 502],
    ]);
  });

  it('never retries a POST (a second document would be created)', async () => {
    const fake = new FakeFetch().on('POST', /documents/, json({}, 503));
    await expect(client(fake).json({ method: 'POST', path: '/documents', body: {} }, Doc)).rejects.toThrow('signwell POST /documents answered 503');
    expect(fake.requests).toHaveLength(1);
  });

  it('times out each attempt, also when fetch ignores the abort', async () => {
    const fake = new FakeFetch().on('GET', /documents/, 'hang', 'hang-deaf');
    const started = Date.now();
    const error = await client(fake, { timeoutMs: 30, retries: 1 }).json(get, Doc).catch((e: unknown) => e);
    expect((error as Error).message).toBe('signwell GET /documents/{id} timed out after 30 ms after 2 attempts');
    expect(fake.requests[0]?.signal?.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('turns 401 into unavailability (the key is wrong: an operator must act)', async () => {
    const fake = new FakeFetch().on('GET', /documents/, json({ message: 'Missing or invalid authorization key' }, 401));
    await expect(client(fake).json(get, Doc)).rejects.toThrow(new SigningUnavailableError('signwell GET /documents/{id} answered 401: the API key was refused'));
    expect(fake.requests).toHaveLength(1);
  });

  it("turns other 4xx into SigningRejectedError with the 422's field names and none of its messages", async () => {
    const fake = new FakeFetch().on('POST', /documents/, json({ errors: { recipients: { recipient_1: { email: ['format is invalid.'] } }, files: ['x'] } }, 422));
    const error = (await client(fake).json({ method: 'POST', path: '/documents', body: {} }, Doc).catch((e: unknown) => e)) as SigningRejectedError;
    expect(error).toBeInstanceOf(SigningRejectedError);
    expect(error.status).toBe(422);
    expect(error.fields).toEqual(['recipients', 'files']);
    expect(error.message).toBe('signwell POST /documents answered 422 (fields: recipients, files)');
  });

  it('lets the caller turn a failure into a value', async () => {
    const fake = new FakeFetch().on('GET', /documents/, json({ message: 'Not found' }, 404));
    await expect(client(fake).json(get, Doc, (failure) => (failure.status === 404 ? { value: null } : undefined))).resolves.toBeNull();
  });

  it('refuses a 2xx it cannot read: not JSON, or the wrong shape (naming fields, not values)', async () => {
    const notJson = new FakeFetch().on('GET', /documents/, new Response('<html>', { status: 200 }));
    const notJsonError = (await client(notJson).json(get, Doc).catch((e: unknown) => e)) as SigningUnavailableError;
    expect(notJsonError.message).toBe('signwell GET /documents/{id} answered 200 with a body that is not JSON');
    expect(notJsonError.cause).toBeInstanceOf(SignwellDecodeError);
    const wrong = new FakeFetch().on('GET', /documents/, json({ id: 42, email: 'pat@example.com' }));
    const wrongError = (await client(wrong).json(get, Doc).catch((e: unknown) => e)) as Error;
    expect(wrongError.message).toBe('signwell GET /documents/{id} answered with an unexpected shape at id');
    expect(wrongError.message).not.toContain('pat@example.com');
  });

  it('downloads bytes with their content type; empty() accepts 204', async () => {
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
    const fake = new FakeFetch()
      .on('GET', /completed_pdf/, new Response(pdf, { status: 200, headers: { 'Content-Type': 'application/pdf' } }))
      .on('DELETE', /documents/, new Response(null, { status: 204 }));
    const http = client(fake);
    const download = await http.download({ method: 'GET', path: '/documents/{id}/completed_pdf', params: { id: 'd' } }, 'application/pdf');
    expect(download).toEqual({ bytes: pdf, contentType: 'application/pdf' });
    expect(fake.requests[0]?.headers.get('accept')).toBe('application/pdf');
    await expect(http.empty({ method: 'DELETE', path: '/documents/{id}', params: { id: 'd' } })).resolves.toBeUndefined();
  });
});
