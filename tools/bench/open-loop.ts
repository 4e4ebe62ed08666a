/**
 * Latency at a fixed request rate, the way wrk2 measures it (decision 0042): request i is due at
 * start + i / rate whatever happened to the ones before it (an open loop), and its latency runs
 * from when it was due to when its answer ended, so a stall counts for every request it delayed.
 *
 * autocannon's own rate option cannot give this figure: each connection sends its whole share of
 * a second back to back at the start of that second (50 connections at 1,000/s is a burst of
 * 1,000 every second), and its coordinated-omission correction then adds synthetic samples at
 * 1 ms steps. Throughput figures still come from autocannon.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { percentile } from './report.ts';

export interface OpenLoopRequest {
  readonly url: string;
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface OpenLoopResult {
  /** Answers that ended within the run, per second of the run. */
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Status codes outside 2xx (answered, counted in the latencies). */
  readonly non2xx: number;
  /** Requests that failed without an answer (not counted in the latencies). */
  readonly errors: number;
  readonly statuses: Readonly<Record<number, number>>;
  /**
   * The load generator's own longest event-loop stall during the run (ms): a request due while it
   * stalled counts that stall in its latency, so a figure near it says more about the generator
   * (or the machine) than about the server.
   */
  readonly generatorStallMs: number;
}

export interface OpenLoopOptions {
  readonly rate: number;
  readonly seconds: number;
  /** Keep-alive connections at most; a request due while all are busy waits, and that wait counts. */
  readonly connections?: number;
  readonly request: (index: number) => OpenLoopRequest;
  /** Told of each answer (its status and latency from when it was due) or failure (status 0), for per-request checks. */
  readonly onAnswer?: (index: number, status: number, latencyMs: number) => void;
}

export const send = (agent: http.Agent, request: OpenLoopRequest): Promise<number> =>
  new Promise((resolve, reject) => {
    const outgoing = http.request(request.url, { agent, method: request.method ?? 'GET', headers: request.headers ?? {} }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
      response.once('error', reject);
    });
    outgoing.once('error', reject);
    outgoing.end(request.body);
  });

export const openLoop = async ({ rate, seconds, connections = 64, request, onAnswer }: OpenLoopOptions): Promise<OpenLoopResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const stalls = monitorEventLoopDelay({ resolution: 1 });
  stalls.enable();
  const start = performance.now();
  let next = 0;
  try {
    while (next < total) {
      const now = performance.now();
      // Everything due by now goes out now; its latency is measured from when it was due.
      while (next < total && start + (next * 1000) / rate <= now) {
        const due = start + (next * 1000) / rate;
        const index = next;
        inFlight.push(
          send(agent, request(index)).then(
            (status) => {
              const latency = performance.now() - due;
              latencies.push(latency);
              statuses[status] = (statuses[status] ?? 0) + 1;
              onAnswer?.(index, status, latency);
            },
            () => {
              errors += 1;
              onAnswer?.(index, 0, performance.now() - due);
            },
          ),
        );
        next += 1;
      }
      const wait = start + (next * 1000) / rate - performance.now();
      await new Promise((resolve) => (wait > 1 ? setTimeout(resolve, Math.floor(wait)) : setImmediate(resolve)));
    }
    await Promise.all(inFlight);
  } finally {
    agent.destroy();
    stalls.disable();
  }
  const elapsed = (performance.now() - start) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  const non2xx = Object.entries(statuses).reduce((sum, [status, count]) => (Number(status) >= 200 && Number(status) < 300 ? sum : sum + count), 0);
  return {
    rps: latencies.length / elapsed,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
    non2xx,
    errors,
    statuses,
    generatorStallMs: round(stalls.max / 1e6),
  };
};

/**
 * The same open loop in a fresh process of its own, for one request repeated: the generator's heap
 * and event loop carry nothing from earlier measurements (a long autocannon run before it left
 * garbage whose collection stalled an in-process loop by tens of milliseconds).
 */
export const openLoopInProcess = (options: Omit<OpenLoopOptions, 'request' | 'onAnswer'> & { readonly request: OpenLoopRequest }): Promise<OpenLoopResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(output) as OpenLoopResult) : reject(new Error(`open loop exited with ${code}`))));
  });

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] !== undefined) {
  const { request, ...options } = JSON.parse(process.argv[2]) as Omit<OpenLoopOptions, 'request' | 'onAnswer'> & { request: OpenLoopRequest };
  process.stdout.write(JSON.stringify(await openLoop({ ...options, request: () => request })));
}
