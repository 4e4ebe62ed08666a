import { describe, expect, it, jest } from '@jest/globals';
import * as t from 'io-ts';
import {
  ApiContractError,
  ApiError,
  apiErrorMessage,
  createApiClient,
  queryKeyPath,
  requestHeaders,
  sessionExpiredBody,
  sessionExpiredRedirect,
  verificationTokenFrom,
} from './api.ts';
import type { SessionExpiredBody } from './api.ts';
import { apiErrorBody, apiErrorField } from './api-errors.ts';

const response = (status: number, body: string, statusText = ''): Response => new Response(body === '' ? null : body, { status, statusText });

interface Call {
  readonly url: string;
  readonly init: RequestInit;
}

/** A client over a fake fetch that records calls and answers with `answer`. */
const clientAnswering = (answer: () => Response, stored: Record<string, string> = {}) => {
  const calls: Call[] = [];
  const expired: SessionExpiredBody[] = [];
  const client = createApiClient({
    fetch: async (input, init) => {
      calls.push({ url: String(input), init: init ?? {} });
      return answer();
    },
    storage: () => ({ getItem: (key: string) => stored[key] ?? null }),
    onSessionExpired: (body) => expired.push(body),
  });
  return { client, calls, expired };
};

describe('error messages', () => {
  it('are the status, a colon and the body text, or the status text when the body is empty', () => {
    expect(apiErrorMessage(500, 'Database down', 'Internal Server Error')).toBe('500: Database down');
    expect(apiErrorMessage(404, '', 'Not Found')).toBe('404: Not Found');
  });
});

describe('verificationTokenFrom', () => {
  it('sends only a verified token', () => {
    expect(verificationTokenFrom('verified_abc')).toBe('verified_abc');
    expect(verificationTokenFrom('pending_abc')).toBeNull();
    expect(verificationTokenFrom('')).toBeNull();
    expect(verificationTokenFrom(null)).toBeNull();
  });
});

describe('requestHeaders', () => {
  it('sets the JSON content type only when a body is present', () => {
    expect(requestHeaders({ hasBody: false, verificationToken: null })).toEqual({ Accept: 'application/json' });
    expect(requestHeaders({ hasBody: true, verificationToken: null })['Content-Type']).toBe('application/json');
  });
  it('adds X-Verification-Token when there is a token', () => {
    expect(requestHeaders({ hasBody: false, verificationToken: 'verified_x' })['X-Verification-Token']).toBe('verified_x');
  });
});

describe('sessionExpiredBody', () => {
  it("recognises a 401 'Session expired' answer with a redirect", () => {
    const body = JSON.stringify({ error: 'Session expired', redirect: '/login?logout=expired', clearClientData: true });
    expect(sessionExpiredBody(401, body)).toEqual({ error: 'Session expired', redirect: '/login?logout=expired', clearClientData: true });
  });
  it('leaves other answers alone', () => {
    expect(sessionExpiredBody(401, JSON.stringify({ error: 'Unauthorized' }))).toBeNull();
    expect(sessionExpiredBody(401, JSON.stringify({ error: 'Session expired' }))).toBeNull();
    expect(sessionExpiredBody(401, 'Session expired')).toBeNull();
    expect(sessionExpiredBody(403, JSON.stringify({ error: 'Session expired', redirect: '/login' }))).toBeNull();
  });
  it('only redirects to a path on this site', () => {
    expect(sessionExpiredRedirect('/login?logout=expired')).toBe('/login?logout=expired');
    expect(sessionExpiredRedirect('https://evil.example/')).toBe('/login?logout=expired');
    expect(sessionExpiredRedirect('//evil.example/')).toBe('/login?logout=expired');
  });
});

describe('queryKeyPath', () => {
  it('joins the key parts with slashes', () => {
    expect(queryKeyPath(['/api/config'])).toBe('/api/config');
    expect(queryKeyPath(['/api/enrollments', 'abc'])).toBe('/api/enrollments/abc');
    expect(queryKeyPath(['/api/providers', 8])).toBe('/api/providers/8');
  });
  it("gives 'Invalid query key' and the key for an empty key or a lone slash", () => {
    expect(() => queryKeyPath([])).toThrow('Invalid query key: []');
    expect(() => queryKeyPath(['/'])).toThrow('Invalid query key: ["/"]');
    expect(() => queryKeyPath([''])).toThrow('Invalid query key');
    expect(() => queryKeyPath([{ id: 1 }])).toThrow('Invalid query key');
  });
});

describe('createApiClient', () => {
  it('calls the same origin with credentials, no content type without a body', async () => {
    const { client, calls } = clientAnswering(() => response(200, '{"isAuthenticated":false}'));
    await expect(client.get('/api/auth/session', { cache: 'no-store' })).resolves.toEqual({ isAuthenticated: false });
    expect(calls[0]?.url).toBe('/api/auth/session');
    expect(calls[0]?.init).toMatchObject({ method: 'GET', credentials: 'include', cache: 'no-store' });
    expect(calls[0]?.init.headers).toEqual({ Accept: 'application/json' });
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('sends a JSON body with its content type, and the verified guest token', async () => {
    const { client, calls } = clientAnswering(() => response(200, '{"id":"e1"}'), { dualVerificationToken: 'verified_abc' });
    await client.post('/api/enrollments', { firstName: 'Ann' });
    expect(calls[0]?.init.body).toBe('{"firstName":"Ann"}');
    expect(calls[0]?.init.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Verification-Token': 'verified_abc',
    });
  });

  it('posts without a body when none is given (POST /api/stripe/portal-session)', async () => {
    const { client, calls } = clientAnswering(() => response(200, '{"success":true}'));
    await client.post('/api/stripe/portal-session');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(calls[0]?.init.headers).not.toHaveProperty('Content-Type');
  });

  it('throws `${status}: ${body}` for a non-OK answer, and the status text for an empty one', async () => {
    await expect(clientAnswering(() => response(409, 'Already Enrolled')).client.get('/api/x')).rejects.toThrow('409: Already Enrolled');
    const failure = clientAnswering(() => response(503, '', 'Service Unavailable')).client.get('/api/x');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: '503: Service Unavailable', status: 503 });
  });

  it("hands a 401 'Session expired' to the session handler and never settles", async () => {
    const body = { error: 'Session expired', redirect: '/login?logout=expired', clearClientData: true };
    const { client, expired } = clientAnswering(() => response(401, JSON.stringify(body)));
    const settled = jest.fn();
    void client.get('/api/auth/status').then(settled, settled);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(expired).toEqual([body]);
    expect(settled).not.toHaveBeenCalled();
  });

  it('throws any other 401 like other errors', async () => {
    const { client, expired } = clientAnswering(() => response(401, '{"error":"Unauthorized"}'));
    await expect(client.get('/api/x')).rejects.toThrow('401: {"error":"Unauthorized"}');
    expect(expired).toEqual([]);
  });

  it('adds the headers a call asks for (a bearer token, X-Email-Session)', async () => {
    const { client, calls } = clientAnswering(() => response(200, '{"valid":true}'));
    await client.post('/api/staff/verify-session', { email: 's@example.org' }, { headers: { Authorization: 'Bearer t1' } });
    expect(calls[0]?.init.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer t1' });
  });

  it('reads the JSON body of a failed call', () => {
    const error = new ApiError(400, '{"error":"Invalid verification code. Please try again.","attemptsRemaining":2}', 'Bad Request');
    expect(apiErrorBody(error)).toEqual({ error: 'Invalid verification code. Please try again.', attemptsRemaining: 2 });
    expect(apiErrorField(error, 'error')).toBe('Invalid verification code. Please try again.');
    expect(apiErrorField(error, 'message')).toBeNull();
    expect(apiErrorBody(new ApiError(500, 'oops', ''))).toBeNull();
    expect(apiErrorBody(new ApiError(500, '[1]', ''))).toBeNull();
    expect(apiErrorBody(new Error('x'))).toBeNull();
  });

  it('refuses paths that could leave the site', async () => {
    const { client, calls } = clientAnswering(() => response(200, '{}'));
    await expect(client.get('https://evil.example/api')).rejects.toThrow('API calls go to this site only');
    await expect(client.get('//evil.example/api')).rejects.toThrow('API calls go to this site only');
    expect(calls).toEqual([]);
  });

  it('runs the default query: GET on the joined key; undefined data is an error', async () => {
    const { client, calls } = clientAnswering(() => response(200, '{"status":"declined"}'));
    const signal = new AbortController().signal;
    await expect(client.queryFn({ queryKey: ['/api/enrollments', 'e1'], signal })).resolves.toEqual({ status: 'declined' });
    expect(calls[0]?.url).toBe('/api/enrollments/e1');
    const empty = clientAnswering(() => response(204, ''));
    await expect(empty.client.queryFn({ queryKey: ['/api/empty'], signal })).rejects.toThrow('Query data is undefined for /api/empty');
    await expect(empty.client.queryFn({ queryKey: ['/'], signal })).rejects.toThrow('Invalid query key');
  });
});

describe('answers decoded with their contract codec', () => {
  const Status = t.type({ hasActiveSubscription: t.boolean, subscriptions: t.type({ tier1PatientMatches: t.array(t.type({ status: t.string })) }) });

  const clientAnswering = (answer: unknown) => {
    const calls: Array<{ url: string; body: string | undefined }> = [];
    const client = createApiClient({
      fetch: async (input, init) => {
        calls.push({ url: String(input), body: init?.body as string | undefined });
        return new Response(String(input) === '/api/client-errors' ? null : JSON.stringify(answer), { status: String(input) === '/api/client-errors' ? 204 : 200 });
      },
      storage: () => null,
    });
    return { client, calls };
  };

  it('hands over an answer that decodes', async () => {
    const { client, calls } = clientAnswering({ hasActiveSubscription: true, subscriptions: { tier1PatientMatches: [{ status: 'active' }] }, extra: 1 });
    await expect(client.get('/api/dashboard/subscription-status', { decode: Status })).resolves.toMatchObject({ hasActiveSubscription: true });
    expect(calls).toHaveLength(1);
  });

  it('throws ApiContractError for one that does not, and reports the field names only, never the values', async () => {
    const { client, calls } = clientAnswering({ hasActiveSubscription: 'Margaret Sullivan', subscriptions: { tier1PatientMatches: [{ state: 'active' }] } });
    const failure = client.get('/api/enrollments/5f0c8a52-1b7e-4a8e-9a0b-3c2d1e0f9a8b', { decode: Status });
    await expect(failure).rejects.toBeInstanceOf(ApiContractError);
    await expect(failure).rejects.toMatchObject({ fields: ['hasActiveSubscription', 'subscriptions.tier1PatientMatches.status'] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const report = calls.find((call) => call.url === '/api/client-errors');
    expect(JSON.parse(report!.body!)).toEqual({
      kind: 'contract-mismatch',
      method: 'GET',
      path: '/api/enrollments/:id',
      fields: ['hasActiveSubscription', 'subscriptions.tier1PatientMatches.status'],
    });
    expect(report!.body).not.toContain('Margaret');
  });
});
