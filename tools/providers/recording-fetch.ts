/**
 * A fetch that keeps every answer a provider gives to an adapter: method, path (without the
 * query), status, content type and the parsed JSON body. The schema suite and the go-live check
 * validate what it kept.
 */
export interface RecordedAnswer {
  readonly method: string;
  /** The URL's path, e.g. `/v1/29391/patients/5101`. */
  readonly path: string;
  readonly status: number;
  readonly contentType: string;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  readonly body: unknown;
}

export interface RecordingFetch {
  readonly fetch: typeof globalThis.fetch;
  readonly answers: RecordedAnswer[];
}

export const recordingFetch = (inner: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init)): RecordingFetch => {
  const answers: RecordedAnswer[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await inner(input, init);
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const contentType = response.headers.get('content-type') ?? '';
    let body: unknown;
    if (/json/i.test(contentType)) {
      const text = await response.clone().text();
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    answers.push({ method, path: url.pathname, status: response.status, contentType, body });
    return response;
  };
  return { fetch, answers };
};
