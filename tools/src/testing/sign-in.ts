/**
 * A provider login over plain HTTP, as a browser would do it: our /api/auth/athena, the
 * sandbox's sign-in (and patient choice) pages, the callback. For integration tests; the
 * browser tests click through the same pages in Chromium.
 */

export class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(header)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  set(name: string, value: string): void {
    this.#cookies.set(name, value);
  }
}

/**
 * fetch that keeps cookies for one origin and never follows redirects; like a browser's page on
 * that origin, it sends its Origin with every write (the API refuses writes without one).
 */
export const browserLike = (jar = new CookieJar()) => {
  const call = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    const cookie = jar.header();
    if (cookie) headers.set('Cookie', cookie);
    if (!['GET', 'HEAD'].includes((init.method ?? 'GET').toUpperCase()) && !headers.has('Origin')) headers.set('Origin', new URL(url).origin);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    jar.store(response);
    return response;
  };
  return { jar, fetch: call };
};

const hiddenRequestId = (html: string): string => {
  const match = /name="request" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no pending request on the sandbox page');
  return match[1]!;
};

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

export interface SignInOptions {
  readonly apiUrl: string;
  /** Sandbox patient id of the person signing in. */
  readonly personId: number;
  /** Whose record to open, when the person may act for others (default: themselves). */
  readonly actFor?: number;
  readonly workflow?: string;
  readonly redirect?: string;
}

/**
 * Runs the whole flow and returns the portal session (its cookie jar) and where the callback
 * sent the browser. The sandbox pages are driven by their forms, not by private shortcuts.
 */
export const signIn = async (options: SignInOptions, portal = browserLike()) => {
  const start = await portal.fetch(
    `${options.apiUrl}/api/auth/athena?workflow=${options.workflow ?? 'dashboard'}&redirect=${encodeURIComponent(options.redirect ?? '/dashboard')}`,
  );
  const authorizeUrl = start.headers.get('location');
  if (start.status !== 302 || !authorizeUrl) throw new Error(`sign-in did not start: ${start.status}`);
  const provider = browserLike();
  const page = await provider.fetch(authorizeUrl);
  const requestId = hiddenRequestId(await page.text());
  const origin = new URL(authorizeUrl).origin;
  let answer = await provider.fetch(`${origin}/oauth2/v1/authorize/signin`, form({ request: requestId, patientid: String(options.personId) }));
  if (answer.status === 303) {
    const choose = await provider.fetch(new URL(answer.headers.get('location')!, origin).toString());
    const chooseId = hiddenRequestId(await choose.text());
    answer = await provider.fetch(`${origin}/oauth2/v1/authorize/choose`, form({ request: chooseId, patientid: String(options.actFor ?? options.personId) }));
  }
  const callbackUrl = answer.headers.get('location');
  if (!callbackUrl) throw new Error(`the sandbox did not redirect back: ${answer.status}`);
  const callback = await portal.fetch(callbackUrl);
  return { portal, callbackUrl, landedAt: callback.headers.get('location'), status: callback.status };
};
