/**
 * Injected faults for resilience tests (sandbox-only, not athena). A fault names a route as
 * `"<METHOD> <path regex>"` (method `*` for any; the regex is searched in the path, anchor it
 * with ^ and $ to match exactly) and may add latency, answer 503 at a rate, or hold the request
 * without answering for `holdMs` (30 s) at a rate. Faults live in memory, never under /_sandbox.
 */
import type { Context, Next } from 'koa';
import { badRequest } from './errors.ts';

export interface Fault {
  readonly route: string;
  readonly latencyMs: number;
  readonly errorRate: number;
  readonly timeoutRate: number;
}

interface CompiledFault extends Fault {
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
  if (typeof input !== 'object' || input === null) throw badRequest('Send {route, latencyMs?, errorRate?, timeoutRate?}.');
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
  };
};

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
      return { route: fault.route, latencyMs: fault.latencyMs, errorRate: fault.errorRate, timeoutRate: fault.timeoutRate };
    },
    list: () =>
      [...faults.values()].map(({ route, latencyMs, errorRate, timeoutRate }) => ({ route, latencyMs, errorRate, timeoutRate })),
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
