/**
 * A fetch for the adapter's unit tests, given to the SDK as `Stripe.createFetchHttpClient(fake.fetch)`:
 * answers from a script per route and records every request (with its form body decoded).
 */

export interface RecordedRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  /** The raw form-encoded body ('' for none). */
  readonly body: string;
  /** The body's pairs in order, brackets kept as Stripe spells them (`items[0][price]`). */
  readonly form: URLSearchParams;
}

/** A Response, a thrown network error, a request that never answers, or a function of the request. */
export type Scripted = Response | 'network-error' | 'hang' | ((request: RecordedRequest) => Response | Promise<Response>);

interface Route {
  readonly method: string;
  readonly path: RegExp;
  readonly answers: readonly Scripted[];
  used: number;
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Request-Id': 'req_test', ...headers } });

/** Stripe's error body. */
export const stripeError = (status: number, error: Record<string, unknown>, headers: Record<string, string> = {}): Response => json({ error }, status, headers);

export class FakeFetch {
  readonly requests: RecordedRequest[] = [];
  readonly #routes: Route[] = [];

  /** Answers `method path` with the answers in turn; the last one repeats. */
  on(method: string, path: RegExp, ...answers: Scripted[]): this {
    if (answers.length === 0) throw new Error('FakeFetch.on: give at least one answer');
    this.#routes.push({ method, path, answers, used: 0 });
    return this;
  }

  /** The requests to `method` + a path matching `path`. */
  to(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && path.test(request.url.pathname));
  }

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? init.body : '';
    const request: RecordedRequest = { method, url, headers: new Headers(init?.headers), body, form: new URLSearchParams(body) };
    this.requests.push(request);
    const route = this.#routes.find((candidate) => candidate.method === method && candidate.path.test(url.pathname));
    if (route === undefined) return stripeError(404, { type: 'invalid_request_error', message: `no script for ${method} ${url.pathname}` });
    const answer = route.answers[Math.min(route.used, route.answers.length - 1)] as Scripted;
    route.used += 1;
    if (answer === 'network-error') throw new TypeError('fetch failed');
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new Error('aborted')));
      });
    }
    if (typeof answer === 'function') return answer(request);
    return answer.clone();
  };
}
