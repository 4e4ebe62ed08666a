/**
 * Injected faults for resilience tests (sandbox-only, not athena). A fault names a route as
 * `"<METHOD> <path regex>"` (method `*` for any; the regex is searched in the path, anchor it
 * with ^ and $ to match exactly) and may add latency, answer 503 at a rate, or hold the request
 * without answering for `holdMs` (30 s) at a rate. Faults live in memory, never under /_sandbox.
 *
 * A timeout holds the request before the handler runs, so nothing is written. With
 * `timeoutAfterWrite: true` the handler runs first (the write is applied: a patient registered,
 * a document filed) and only its answer is held and dropped — what a real upstream timeout often
 * is, and why a caller must look before it tries a write again.
 *
 * Issue 16's fault suite adds two things:
 * - **A provider at once**: `{provider, mode}` instead of a route — `provider` one of
 *   `athena`, `stripe`, `signwell`, `firebase`, `turnstile` (their routes below) or `mail` (the
 *   SMTP catcher); `mode` `down` (every call 503; mail refuses the connection with 421), `slow`
 *   (`latencyMs`, default 5000, before every call), `flaky` (`errorRate`, `timeoutRate`) or `up`
 *   (the provider's fault removed).
 * - **Hold the answer until told** (`hold: true`): the handler runs (the write is applied: a card
 *   charged, a document filed), then the answer waits until `POST /_sandbox/faults/release` (or
 *   `holdMs`). `GET /_sandbox/faults/held` lists the requests being held with the caller's TCP
 *   port, so a test can find the process that is waiting and kill it at exactly that point.
 */
import type { Context, Next } from 'koa';
import { badRequest } from './errors.ts';

export interface Fault {
  readonly route: string;
  readonly latencyMs: number;
  readonly errorRate: number;
  readonly timeoutRate: number;
  /** A timeout runs the handler first and drops only its answer (listed only when true). */
  readonly timeoutAfterWrite?: boolean;
  /** The handler runs, then its answer waits until released (listed only when true). */
  readonly hold?: boolean;
  /** Set through `{provider, mode}` (listed only then). */
  readonly provider?: FaultProvider;
}

export const FAULT_PROVIDERS = ['athena', 'stripe', 'signwell', 'firebase', 'turnstile', 'mail'] as const;
export type FaultProvider = (typeof FAULT_PROVIDERS)[number];

/** The sandbox routes that stand for each provider (mail is the SMTP catcher, not a route). */
export const PROVIDER_ROUTES: Readonly<Record<Exclude<FaultProvider, 'mail'>, string>> = {
  // athenahealth: the practice API (/v1/{numeric practice id}/…), FHIR and OAuth.
  athena: '* ^/(v1/\\d+/|fhir/|oauth2/)',
  // Stripe's REST API: /v1/{resource} (a letter after /v1/, never athena's practice id).
  stripe: '* ^/v1/[a-z]',
  signwell: '* ^/signwell/api/',
  firebase: '* ^/(identitytoolkit|securetoken)\\.googleapis\\.com/',
  turnstile: '* ^/turnstile/v0/siteverify$',
};

/** What the SMTP catcher does now. */
export interface MailFault {
  readonly down: boolean;
  readonly latencyMs: number;
}

/** A request whose answer is being held. */
export interface HeldRequest {
  readonly id: number;
  readonly route: string;
  readonly method: string;
  readonly path: string;
  /** The caller's TCP port (its local port): which process is waiting. */
  readonly remotePort: number | null;
  readonly since: string;
}

interface CompiledFault extends Fault {
  readonly timeoutAfterWrite: boolean;
  readonly hold: boolean;
  readonly method: string;
  readonly pattern: RegExp;
}

export interface FaultRegistry {
  /** Adds a fault, replacing one with the same route. */
  set(input: unknown): Fault;
  list(): readonly Fault[];
  clear(): void;
  /** The SMTP catcher's fault (mail down or slow). */
  mail(): MailFault;
  /** Requests whose answers are held (`hold: true`). */
  held(): readonly HeldRequest[];
  /** Sends held answers now (all, or the one with this id); the number released. */
  release(id?: number): number;
  middleware(): (ctx: Context, next: Next) => Promise<void>;
  /** Answers every held request now (the sandbox is closing). */
  releaseAll(): void;
}

const rate = (value: unknown, name: string): number => {
  if (value === undefined || value === null || value === '') return 0;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw badRequest(`${name} must be a number from 0 to 1.`);
  return n;
};

/** `{provider, mode, …}` as the fault of that provider's routes (mode `up` is handled by the registry). */
const providerFault = (body: Record<string, unknown>): Record<string, unknown> => {
  const provider = body.provider as FaultProvider;
  const mode = body.mode;
  const route = provider === 'mail' ? 'SMTP .*' : PROVIDER_ROUTES[provider];
  if (mode === 'down') return { route, errorRate: 1, provider };
  if (mode === 'slow') return { route, latencyMs: body.latencyMs ?? 5_000, provider };
  if (mode === 'flaky') return { route, errorRate: body.errorRate, timeoutRate: body.timeoutRate, timeoutAfterWrite: body.timeoutAfterWrite, provider };
  throw badRequest("mode must be 'down', 'slow', 'flaky' or 'up'.");
};

const compile = (input: unknown): CompiledFault => {
  if (typeof input !== 'object' || input === null) throw badRequest('Send {route, latencyMs?, errorRate?, timeoutRate?, timeoutAfterWrite?, hold?} or {provider, mode}.');
  const body = (input as Record<string, unknown>).provider === undefined ? (input as Record<string, unknown>) : providerFault(input as Record<string, unknown>);
  const route = typeof body.route === 'string' ? body.route.trim() : '';
  const match = /^(\S+)\s+(\S.*)$/.exec(route);
  if (!match) throw badRequest("route must be '<METHOD> <path regex>', for example 'GET ^/v1/29391/appointments/open$'.");
  let pattern: RegExp;
  try {
    pattern = new RegExp(match[2] as string);
  } catch {
    throw badRequest('route has an invalid path regex.');
  }
  const latency = body.latencyMs === undefined || body.latencyMs === '' ? 0 : Number(body.latencyMs);
  if (!Number.isFinite(latency) || latency < 0 || latency > 120_000) throw badRequest('latencyMs must be from 0 to 120000.');
  return {
    route,
    method: (match[1] as string).toUpperCase(),
    pattern,
    latencyMs: latency,
    errorRate: rate(body.errorRate, 'errorRate'),
    timeoutRate: rate(body.timeoutRate, 'timeoutRate'),
    timeoutAfterWrite: booleanOption(body.timeoutAfterWrite, 'timeoutAfterWrite'),
    hold: booleanOption(body.hold, 'hold'),
    ...(body.provider === undefined ? {} : { provider: body.provider as FaultProvider }),
  };
};

const providerOf = (input: unknown): FaultProvider | undefined => {
  if (typeof input !== 'object' || input === null || !('provider' in input)) return undefined;
  const provider = (input as { provider: unknown }).provider;
  if (!FAULT_PROVIDERS.includes(provider as FaultProvider)) throw badRequest(`provider must be one of ${FAULT_PROVIDERS.join(', ')}.`);
  return provider as FaultProvider;
};

/** true/false, as JSON or form text; absent is false. */
const booleanOption = (value: unknown, name: string): boolean => {
  if (value === undefined || value === null || value === '' || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw badRequest(`${name} must be true or false.`);
};

const publicFault = ({ route, latencyMs, errorRate, timeoutRate, timeoutAfterWrite, hold, provider }: CompiledFault): Fault => ({
  route,
  latencyMs,
  errorRate,
  timeoutRate,
  ...(timeoutAfterWrite ? { timeoutAfterWrite } : {}),
  ...(hold ? { hold } : {}),
  ...(provider ? { provider } : {}),
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export const createFaultRegistry = (holdMs: number, random: () => number = Math.random): FaultRegistry => {
  const faults = new Map<string, CompiledFault>();
  const held = new Set<() => void>();
  const answersHeld = new Map<number, { readonly request: HeldRequest; readonly release: () => void }>();
  let nextHeldId = 1;

  const matching = (method: string, path: string): CompiledFault | undefined => {
    for (const fault of faults.values()) {
      if (fault.provider === 'mail') continue;
      if ((fault.method === '*' || fault.method === method) && fault.pattern.test(path)) return fault;
    }
    return undefined;
  };

  return {
    set: (input) => {
      const provider = providerOf(input);
      if (provider !== undefined && (input as { mode?: unknown }).mode === 'up') {
        for (const [route, fault] of faults) if (fault.provider === provider) faults.delete(route);
        return { route: provider === 'mail' ? 'SMTP .*' : PROVIDER_ROUTES[provider], latencyMs: 0, errorRate: 0, timeoutRate: 0, provider };
      }
      const fault = compile(input);
      faults.set(fault.route, fault);
      return publicFault(fault);
    },
    list: () => [...faults.values()].map(publicFault),
    clear: () => faults.clear(),
    mail: () => {
      const fault = [...faults.values()].find((candidate) => candidate.provider === 'mail');
      return { down: (fault?.errorRate ?? 0) >= 1, latencyMs: fault?.latencyMs ?? 0 };
    },
    held: () => [...answersHeld.values()].map((entry) => entry.request),
    release: (id) => {
      const entries = id === undefined ? [...answersHeld.values()] : [answersHeld.get(id)].filter((entry) => entry !== undefined);
      for (const entry of entries) entry.release();
      return entries.length;
    },
    releaseAll: () => {
      for (const release of [...held]) release();
      for (const entry of [...answersHeld.values()]) entry.release();
    },
    middleware: () => async (ctx, next) => {
      if (ctx.path.startsWith('/_sandbox')) return next();
      const fault = matching(ctx.method, ctx.path);
      if (fault === undefined) return next();
      if (fault.latencyMs > 0) await sleep(fault.latencyMs);
      if (fault.hold) {
        // The write happens; its answer waits until a test releases it (or holdMs passes).
        await next();
        await new Promise<void>((resolve) => {
          const id = nextHeldId++;
          const release = () => {
            clearTimeout(timer);
            answersHeld.delete(id);
            resolve();
          };
          const timer = setTimeout(release, holdMs);
          answersHeld.set(id, {
            request: { id, route: fault.route, method: ctx.method, path: ctx.path, remotePort: ctx.req.socket.remotePort ?? null, since: new Date().toISOString() },
            release,
          });
        });
        return;
      }
      if (fault.timeoutRate > 0 && random() < fault.timeoutRate) {
        if (fault.timeoutAfterWrite) {
          // The write happens; whatever it answers (even an error) is never sent.
          await next().catch(() => undefined);
        }
        // Hold the request, then drop the connection without a response, as a hung upstream does.
        await new Promise<void>((resolve) => {
          const release = () => {
            clearTimeout(timer);
            held.delete(release);
            resolve();
          };
          const timer = setTimeout(release, holdMs);
          held.add(release);
        });
        ctx.respond = false;
        ctx.req.socket.destroy();
        return;
      }
      if (fault.errorRate > 0 && random() < fault.errorRate) {
        ctx.status = 503;
        ctx.body = { error: 'Service Unavailable' };
        return;
      }
      return next();
    },
  };
};
