/** A fetch for the adapter's unit tests: answers from a script per route and records every request. */

export interface RecordedRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  readonly body: string | null;
  readonly signal: AbortSignal | null;
}

/** A Response, a thrown network error, or a request that never answers ('hang' honours abort, 'hang-deaf' ignores it). */
export type Scripted = Response | 'network-error' | 'hang' | 'hang-deaf' | ((request: RecordedRequest) => Response | Promise<Response>);

interface Route {
  readonly method: string;
  readonly path: RegExp;
  readonly answers: readonly Scripted[];
  used: number;
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

export class FakeFetch {
  readonly requests: RecordedRequest[] = [];
  readonly #routes: Route[] = [];

  /** Answers `method path` with the answers in turn; the last one repeats. */
  on(method: string, path: RegExp, ...answers: Scripted[]): this {
    if (answers.length === 0) throw new Error('FakeFetch.on: give at least one answer');
    this.#routes.push({ method, path, answers, used: 0 });
    return this;
  }

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    const request: RecordedRequest = {
      method,
      url,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
      signal: init?.signal ?? null,
    };
    this.requests.push(request);
    const route = this.#routes.find((candidate) => candidate.method === method && candidate.path.test(url.pathname));
    if (route === undefined) return json({ message: `no script for ${method} ${url.pathname}` }, 599);
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
