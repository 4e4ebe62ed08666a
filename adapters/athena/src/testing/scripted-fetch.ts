/**
 * A fetch for tests: answers from a script per route and records every request. Reusable by
 * other packages' tests through `@portal/athena/testing/scripted-fetch.ts`.
 */

export interface RecordedRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  readonly body: string | null;
  /** The form fields when the body is form-encoded. */
  readonly form: URLSearchParams | null;
  readonly signal: AbortSignal | null;
}

/** A Response, a thrown network error, or a request that never answers ('hang' honours abort, 'hang-deaf' ignores it). */
export type Scripted = Response | 'network-error' | 'hang' | 'hang-deaf' | ((request: RecordedRequest) => Response | Promise<Response>);

interface Route {
  readonly method: string;
  readonly path: RegExp;
  readonly answers: Scripted[];
  used: number;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export class ScriptedFetch {
  readonly requests: RecordedRequest[] = [];
  readonly #routes: Route[] = [];

  /** Answers requests to `method path` with the answers in turn; the last one repeats. */
  on(method: string, path: RegExp, ...answers: Scripted[]): this {
    if (answers.length === 0) throw new Error('ScriptedFetch.on: give at least one answer');
    this.#routes.push({ method, path, answers, used: 0 });
    return this;
  }

  /** The backend token endpoint, answering with fresh tokens `token-1`, `token-2`, ... */
  withTokens(expiresIn: string | number = '3600'): this {
    let issued = 0;
    return this.on('POST', /^\/oauth2\/v1\/token$/, () => {
      issued += 1;
      return json({ access_token: `token-${issued}`, expires_in: expiresIn, token_type: 'Bearer', scope: 'athena/service/Athenanet.MDP.*' });
    });
  }

  to(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && path.test(request.url.pathname));
  }

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? init.body : null;
    const isForm = headers.get('content-type')?.startsWith('application/x-www-form-urlencoded') ?? false;
    const request: RecordedRequest = {
      method,
      url,
      headers,
      body,
      form: isForm && body !== null ? new URLSearchParams(body) : null,
      signal: init?.signal ?? null,
    };
    this.requests.push(request);
    const route = this.#routes.find((candidate) => candidate.method === method && candidate.path.test(url.pathname));
    if (route === undefined) return json({ error: `no script for ${method} ${url.pathname}` }, 599);
    const answer = route.answers[Math.min(route.used, route.answers.length - 1)] as Scripted;
    route.used += 1;
    if (answer === 'network-error') throw new TypeError('fetch failed');
    if (answer === 'hang-deaf') return new Promise<Response>(() => undefined);
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => {
        request.signal?.addEventListener('abort', () => reject(request.signal?.reason ?? new Error('aborted')));
      });
    }
    if (typeof answer === 'function') return answer(request);
    return answer.clone();
  };
}
