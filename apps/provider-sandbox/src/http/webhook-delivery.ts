/**
 * What every webhook sender of the sandbox (SignWell, Stripe) needs besides its own payloads:
 * POSTs with a time limit, retries on timers, and a lifecycle — `idle()` for tests, `clear()` on a
 * reset (pending retries forgotten, in-flight ones finish but must not log), `stop()` on close
 * (everything cancelled). A delivery checks `alive(born)` before each step.
 */
export interface DeliveryOutcome {
  /** The HTTP status, or null when there was no answer. */
  readonly status: number | null;
  /** Why there was no answer ('no answer within N ms', a network error). */
  readonly error: string | null;
  readonly delivered: boolean;
}

export interface DeliveryRuntime {
  /** The current generation: a delivery started in an older one stops at its next step. */
  generation(): number;
  alive(born: number): boolean;
  isStopped(): boolean;
  /** Keeps `work` in the in-flight set until it settles (for `idle`). */
  track(work: Promise<void>): void;
  post(url: string, headers: Record<string, string>, body: string): Promise<DeliveryOutcome>;
  /** Runs `work` after `delayMs`, tracked, unless cleared or stopped first. */
  retry(delayMs: number, work: () => Promise<void>): void;
  idle(): Promise<void>;
  clear(): void;
  stop(): void;
}

export const createDeliveryRuntime = (timeoutMs: number, send: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init)): DeliveryRuntime => {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const controllers = new Set<AbortController>();
  const inFlight = new Set<Promise<void>>();
  let generation = 0;
  let stopped = false;
  let waiters: (() => void)[] = [];

  const settleIfIdle = (): void => {
    if (inFlight.size > 0 || timers.size > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };

  const track = (work: Promise<void>): void => {
    const tracked = work.catch(() => undefined).finally(() => {
      inFlight.delete(tracked);
      settleIfIdle();
    });
    inFlight.add(tracked);
  };

  const cancelTimers = (): void => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };

  return {
    generation: () => generation,
    alive: (born) => !stopped && born === generation,
    isStopped: () => stopped,
    track,
    post: async (url, headers, body) => {
      const controller = new AbortController();
      controllers.add(controller);
      const timer = setTimeout(() => controller.abort(new Error('timeout')), timeoutMs);
      let status: number | null = null;
      let error: string | null = null;
      try {
        const response = await send(url, { method: 'POST', headers, body, signal: controller.signal, redirect: 'manual' });
        status = response.status;
        await response.arrayBuffer().catch(() => undefined);
      } catch (failure) {
        error = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : failure instanceof Error ? failure.message : String(failure);
      } finally {
        clearTimeout(timer);
        controllers.delete(controller);
      }
      return { status, error, delivered: status !== null && status >= 200 && status < 300 };
    },
    retry: (delayMs, work) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        track(work());
      }, delayMs);
      timers.add(timer);
    },
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settleIfIdle();
      }),
    clear: () => {
      generation += 1;
      cancelTimers();
      settleIfIdle();
    },
    stop: () => {
      stopped = true;
      generation += 1;
      cancelTimers();
      for (const controller of controllers) controller.abort(new Error('sandbox closing'));
      settleIfIdle();
    },
  };
};
