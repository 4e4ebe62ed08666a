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
}

interface CompiledFault extends Fault {
  readonly timeoutAfterWrite: boolean;
  readonly method: string;
  readonly pattern: RegExp;
}

export interface FaultRegistry {
  /** Adds a fault, replacing one with the same route. */
  set(input: unknown): Fault;
  list(): readonly Fault[];
  clear(): void;
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

const compile = (input: unknown): CompiledFault => {
  if (typeof input !== 'object' || input === null) throw badRequest('Send {route, latencyMs?, errorRate?, timeoutRate?, timeoutAfterWrite?}.');
  const body = input as Record<string, unknown>;
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
  };
};

/** true/false, as JSON or form text; absent is false. */
const booleanOption = (value: unknown, name: string): boolean => {
  if (value === undefined || value === null || value === '' || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw badRequest(`${name} must be true or false.`);
};

const publicFault = ({ route, latencyMs, errorRate, timeoutRate, timeoutAfterWrite }: CompiledFault): Fault => ({
  route,
  latencyMs,
  errorRate,
  timeoutRate,
  ...(timeoutAfterWrite ? { timeoutAfterWrite } : {}),
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export const createFaultRegistry = (holdMs: number, random: () => number = Math.random): FaultRegistry => {
  const faults = new Map<string, CompiledFault>();
  const held = new Set<() => void>();

  const matching = (method: string, path: string): CompiledFault | undefined => {
    for (const fault of faults.values()) {
      if ((fault.method === '*' || fault.method === method) && fault.pattern.test(path)) return fault;
    }
    return undefined;
  };

  return {
    set: (input) => {
      const fault = compile(input);
      faults.set(fault.route, fault);
      return publicFault(fault);
    },
    list: () => [...faults.values()].map(publicFault),
    clear: () => faults.clear(),
    releaseAll: () => {
      for (const release of [...held]) release();
    },
    middleware: () => async (ctx, next) => {
      if (ctx.path.startsWith('/_sandbox')) return next();
      const fault = matching(ctx.method, ctx.path);
      if (fault === undefined) return next();
      if (fault.latencyMs > 0) await sleep(fault.latencyMs);
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
