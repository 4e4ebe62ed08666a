/**
 * Helpers for tests that drive the sandbox over HTTP: a sandbox on its own database and free
 * ports, a backend token, form posts, the SMART sign-in steps a browser would take, the
 * Firebase emulator's phone sign-in over REST, SignWell: its API, the signing page's form,
 * and a local receiver for its webhooks, and Stripe: calls as stripe-node makes them, a webhook
 * receiver that keeps raw bodies, and the signature check.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '../../../tools/src/testing/test-database.ts';
import { sandboxLogRecorder } from '../../../tools/src/testing/log-files.ts';
import { s256 } from './oauth/crypto.ts';
import { BACKEND_CLIENT_ID, BACKEND_CLIENT_SECRET, PATIENT_APP_CLIENT_ID } from './seed/practice.ts';
import { SIGNWELL_API_KEY, SIGNWELL_API_PREFIX } from './seed/providers.ts';
import { STRIPE_API_VERSION, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from './stripe/constants.ts';
import { encodeForm } from './stripe/form.ts';
import { startSandbox, type RunningSandbox, type StartSandboxOptions } from './index.ts';

export interface TestSandbox {
  readonly url: string;
  /** smtp://127.0.0.1:<free port> */
  readonly smtpUrl: string;
  readonly db: TestDatabase;
  readonly sandbox: RunningSandbox;
  readonly logs: string[];
  /** Stops the sandbox and drops its database. */
  close(): Promise<void>;
}

export const startTestSandbox = async (
  options: Omit<StartSandboxOptions, 'databaseUrl' | 'port' | 'smtpPort'> = {},
): Promise<TestSandbox> => {
  const db = await createTestDatabase();
  const logs: string[] = [];
  const record = sandboxLogRecorder();
  const sandbox = await startSandbox({
    log: (line) => {
      logs.push(line);
      record?.(line);
    },
    ...options,
    databaseUrl: db.url,
    port: 0,
    smtpPort: 0,
  });
  return {
    url: sandbox.url,
    smtpUrl: sandbox.smtpUrl,
    db,
    sandbox,
    logs,
    close: async () => {
      await sandbox.close();
      await db.drop();
    },
  };
};

export const form = (fields: Record<string, string | number | boolean>): URLSearchParams =>
  new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)]));

export const backendToken = async (url: string): Promise<string> => {
  const response = await fetch(`${url}/oauth2/v1/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${BACKEND_CLIENT_ID}:${BACKEND_CLIENT_SECRET}`).toString('base64')}` },
    body: form({ grant_type: 'client_credentials', scope: 'athena/service/Athenanet.MDP.*' }),
  });
  if (response.status !== 200) throw new Error(`backend token: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
};

export interface JsonResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: any;
}

/** A call with a bearer token; `body` is sent form-encoded. */
export const call = async (
  url: string,
  token: string | null,
  method: string,
  path: string,
  body?: Record<string, string | number | boolean>,
  headers: Record<string, string> = {},
): Promise<JsonResponse> => {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...(token === null ? {} : { Authorization: `Bearer ${token}` }), ...headers },
    ...(body === undefined ? {} : { body: form(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
};

export const CALLBACK = 'http://localhost:3000/api/auth/callback';
export const VERIFIER = 'sandbox-test-verifier-0123456789-abcdefghijklmnopqrstuvwxyz';

export interface AuthorizeParams {
  readonly redirect_uri?: string;
  readonly aud?: string | null;
  readonly state?: string | null;
  readonly code_challenge_method?: string;
  readonly scope?: string;
  readonly nonce?: string;
  readonly client_id?: string;
  readonly verifier?: string;
  /** Sent as is instead of S256(verifier), for a client that holds its verifier elsewhere. */
  readonly code_challenge?: string;
}

export const authorizeUrl = (url: string, params: AuthorizeParams = {}): string => {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: params.client_id ?? PATIENT_APP_CLIENT_ID,
    redirect_uri: params.redirect_uri ?? CALLBACK,
    scope: params.scope ?? 'openid fhirUser offline_access launch/patient patient/Patient.read',
    nonce: params.nonce ?? 'nonce-123',
    code_challenge: params.code_challenge ?? s256(params.verifier ?? VERIFIER),
    code_challenge_method: params.code_challenge_method ?? 'S256',
  });
  if (params.state !== null) query.set('state', params.state ?? 'state-abc');
  if (params.aud !== null) query.set('aud', params.aud ?? `${url}/fhir/r4`);
  return `${url}/oauth2/v1/authorize?${query.toString()}`;
};

/** The pending request id carried by the page's hidden field. */
export const requestIdIn = (html: string): string => {
  const match = /name="request" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no request id in the page');
  return match[1] as string;
};

export const post = (url: string, path: string, fields: Record<string, string | number>): Promise<Response> =>
  fetch(`${url}${path}`, { method: 'POST', body: form(fields), redirect: 'manual' });

/** Signs in as `patientid` (and, for a proxy, picks `forPatientid`); returns the callback URL. */
export const signIn = async (
  url: string,
  patientid: number,
  forPatientid: number = patientid,
  params: AuthorizeParams = {},
): Promise<URL> => {
  const page = await fetch(authorizeUrl(url, params), { redirect: 'manual' });
  if (page.status !== 200) throw new Error(`authorize: ${page.status} ${page.headers.get("location")}`);
  const request = requestIdIn(await page.text());
  let response = await post(url, '/oauth2/v1/authorize/signin', { request, patientid });
  if (response.status === 303) {
    const choose = await fetch(new URL(response.headers.get('location') as string, url), { redirect: 'manual' });
    const chooseRequest = requestIdIn(await choose.text());
    response = await post(url, '/oauth2/v1/authorize/choose', { request: chooseRequest, patientid: forPatientid });
  }
  if (response.status !== 302) throw new Error(`sign-in: ${response.status}`);
  return new URL(response.headers.get('location') as string);
};

export const exchangeCode = (url: string, code: string, overrides: Record<string, string> = {}): Promise<JsonResponse> =>
  call(url, null, 'POST', '/oauth2/v1/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: CALLBACK,
    client_id: PATIENT_APP_CLIENT_ID,
    code_verifier: VERIFIER,
    ...overrides,
  });

export const decodeJwtPayload = (jwt: string): Record<string, unknown> => {
  const [, payload] = jwt.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
};

export interface InboxEntry {
  readonly id: string;
  readonly channel: 'email' | 'sms';
  readonly from: string | null;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly code: string | null;
  readonly receivedAt: string;
}

/** GET /inbox/api/messages[?to=], newest first. */
export const inboxMessages = async (url: string, to?: string): Promise<InboxEntry[]> => {
  const response = await fetch(`${url}/inbox/api/messages${to === undefined ? '' : `?to=${encodeURIComponent(to)}`}`);
  if (response.status !== 200) throw new Error(`inbox: ${response.status}`);
  return (await response.json()) as InboxEntry[];
};

/** A JSON POST to the Firebase stand-in, as the JS SDK makes it (`?key=` on the URL). */
export const firebaseCall = (url: string, path: string, body: unknown, key = 'sandbox-firebase-api-key'): Promise<JsonResponse> =>
  fetch(`${url}${path}${path.includes('?') ? '&' : '?'}key=${encodeURIComponent(key)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (response) => {
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
  });

export const SEND_CODE = '/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode';
export const SIGN_IN_WITH_PHONE = '/identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber';

/** The whole phone sign-in over REST: send a code, read it from the inbox, confirm it. */
export const firebasePhoneSignIn = async (url: string, phoneNumber: string): Promise<JsonResponse> => {
  const sent = await firebaseCall(url, SEND_CODE, { phoneNumber, recaptchaToken: 'ignored' });
  if (sent.status !== 200) throw new Error(`sendVerificationCode: ${sent.status} ${JSON.stringify(sent.body)}`);
  const [latest] = await inboxMessages(url, phoneNumber);
  if (latest?.code == null) throw new Error('no SMS code in the inbox');
  return firebaseCall(url, SIGN_IN_WITH_PHONE, { sessionInfo: sent.body.sessionInfo, code: latest.code });
};

// ---- SignWell ------------------------------------------------------------------------------------

/** A JSON call to the SignWell API of the sandbox (`path` after /signwell/api/v1). */
export const signwellCall = async (url: string, method: string, path: string, body?: unknown, apiKey: string = SIGNWELL_API_KEY): Promise<JsonResponse> => {
  const response = await fetch(`${url}${SIGNWELL_API_PREFIX}${path}`, {
    method,
    headers: { 'X-Api-Key': apiKey, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
};

/** A one-page PDF whose text the signing page shows as the preview. */
export const samplePdfBase64 = (text = 'Membership Agreement. The member agrees to the terms of membership.'): string => {
  const content = `BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1').toString('base64');
};

/** The create body the portal's adapter sends: one embedded signer "1" and SignWell's signature page. */
export const embeddedDocumentBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  test_mode: true,
  embedded_signing: true,
  name: 'Membership Agreement',
  files: [{ name: 'membership-agreement.pdf', file_base64: samplePdfBase64() }],
  recipients: [{ id: '1', name: 'Margaret Sullivan', email: 'margaret.sullivan@example.com' }],
  with_signature_page: true,
  metadata: { enrollmentId: 'enr-123', kind: 'membership_agreement' },
  ...overrides,
});

export interface SigningSubmission {
  /** Default 'sign'. */
  readonly action?: 'sign' | 'decline';
  /** The typed signature (default 'Margaret Sullivan'); '' to leave it empty. */
  readonly fullName?: string;
  /** Tick both agreement boxes (default true). */
  readonly agree?: boolean;
  readonly declineReason?: string;
}

/**
 * What a person does on the signing page: open `signingUrl` (the recipient's embedded_signing_url)
 * and submit its form. Returns the answer to the post (its HTML in `html`).
 */
export const submitSigningPage = async (signingUrl: string, submission: SigningSubmission = {}): Promise<{ status: number; html: string; headers: Headers }> => {
  const page = await fetch(signingUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`signing page: ${page.status}`);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  if (action === undefined || token === undefined) throw new Error('no signing form on the page');
  const unescape = (value: string): string => value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  const fields: Record<string, string> = {
    token: unescape(token),
    action: submission.action ?? 'sign',
    full_name: submission.fullName ?? 'Margaret Sullivan',
  };
  if (submission.agree ?? true) {
    fields['agree_terms'] = 'yes';
    fields['agree_esign'] = 'yes';
  }
  if (submission.declineReason !== undefined) fields['decline_reason'] = submission.declineReason;
  const target = new URL(unescape(action), signingUrl);
  const response = await fetch(target, { method: 'POST', body: form(fields), redirect: 'manual' });
  return { status: response.status, html: await response.text(), headers: response.headers };
};

export interface ReceivedWebhook {
  readonly body: any;
  readonly headers: http.IncomingHttpHeaders;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedWebhook[];
  /** Status codes to answer with, in turn (then 200). */
  answers: number[];
  /** Resolves when `count` deliveries have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A local HTTP server that records what is POSTed to it, for webhook tests. */
export const startWebhookReceiver = async (): Promise<WebhookReceiver> => {
  const received: ReceivedWebhook[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const receiver = { answers: [] as number[] };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = receiver.answers.shift() ?? 200;
      if (status >= 200 && status < 300) {
        const text = Buffer.concat(chunks).toString('utf8');
        received.push({ body: text === '' ? null : JSON.parse(text), headers: request.headers });
        for (const waiter of [...waiting]) if (received.length >= waiter.count) waiter.resolve();
      }
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/webhooks/signwell`,
    received,
    waitFor: (count: number, timeoutMs = 10_000) =>
      new Promise<ReceivedWebhook[]>((resolve, reject) => {
        if (received.length >= count) return resolve(received);
        const timer = setTimeout(() => reject(new Error(`expected ${count} webhook deliveries, got ${received.length}`)), timeoutMs);
        waiting.push({ count, resolve: () => { clearTimeout(timer); resolve(received); } });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
};

// ---- Stripe --------------------------------------------------------------------------------------

export interface StripeCallOptions {
  /** Default the secret key; `null` sends none. */
  readonly key?: string | null;
  readonly idempotencyKey?: string;
  readonly stripeVersion?: string;
}

/**
 * A call to the Stripe stand-in as stripe-node makes it: `Authorization: Bearer`, `Stripe-Version`,
 * the params form-encoded with bracket nesting (in the query for GET and DELETE).
 */
export const stripeCall = async (
  url: string,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
  options: StripeCallOptions = {},
): Promise<JsonResponse> => {
  const key = options.key === undefined ? STRIPE_SECRET_KEY : options.key;
  const encoded = encodeForm(params);
  const inQuery = method === 'GET' || method === 'DELETE';
  const response = await fetch(`${url}${path}${inQuery && encoded !== '' ? `${path.includes('?') ? '&' : '?'}${encoded}` : ''}`, {
    method,
    headers: {
      ...(key === null ? {} : { Authorization: `Bearer ${key}` }),
      'Stripe-Version': options.stripeVersion ?? STRIPE_API_VERSION,
      ...(inQuery ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
      ...(options.idempotencyKey === undefined ? {} : { 'Idempotency-Key': options.idempotencyKey }),
    },
    ...(inQuery ? {} : { body: encoded }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
};

/** Checks a Stripe-Signature header as stripe-node's `constructEvent` does (HMAC over "t.body", 300 s tolerance). */
export const verifyStripeSignature = (rawBody: string, header: string, secret: string = STRIPE_WEBHOOK_SECRET, nowSeconds = Math.floor(Date.now() / 1000)): boolean => {
  const parts = header.split(',').map((part) => part.split('='));
  const t = Number(parts.find(([name]) => name === 't')?.[1]);
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (!Number.isFinite(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`, 'utf8').digest('hex');
  return signatures.some((signature) => signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected)));
};

export interface StripeReceivedEvent {
  readonly raw: string;
  readonly event: any;
  readonly signature: string;
}

export interface StripeWebhookReceiver {
  readonly url: string;
  readonly received: StripeReceivedEvent[];
  /** Status codes to answer with, in turn (then 200). */
  answers: number[];
  /** Resolves once an event of `type` has arrived (for the object `match` names, or that `match` accepts). */
  waitForEvent(type: string, match?: string | ((event: any) => boolean), timeoutMs?: number): Promise<StripeReceivedEvent>;
  close(): Promise<void>;
}

/** A local endpoint for Stripe's webhooks that keeps the raw bodies (to check their signatures). */
export const startStripeWebhookReceiver = async (): Promise<StripeWebhookReceiver> => {
  const received: StripeReceivedEvent[] = [];
  const receiver = { answers: [] as number[] };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = receiver.answers.shift() ?? 200;
      if (status >= 200 && status < 300) {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ raw, event: JSON.parse(raw), signature: String(request.headers['stripe-signature'] ?? '') });
      }
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const find = (type: string, match?: string | ((event: any) => boolean)): StripeReceivedEvent | undefined =>
    received.find(
      (entry) =>
        entry.event.type === type &&
        (match === undefined || (typeof match === 'string' ? entry.event.data.object.id === match : match(entry.event))),
    );
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/api/stripe/webhook`,
    received,
    waitForEvent: async (type: string, match?: string | ((event: any) => boolean), timeoutMs = 10_000): Promise<StripeReceivedEvent> => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = find(type, match);
        if (hit !== undefined) return hit;
        if (Date.now() > deadline) throw new Error(`no matching ${type} event; got ${received.map((entry) => entry.event.type).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
};
