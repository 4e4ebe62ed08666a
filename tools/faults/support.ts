/**
 * What the fault suite's files share (issue 16): the sandbox's fault controls, finding the process
 * that is waiting on a held provider answer, a Stripe webhook relay that can be paused, and the
 * outcome lines each fault prints (docs/faults.md is their table).
 */
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FaultProvider, HeldRequest } from '@portal/provider-sandbox';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const sandboxJson = async (sandboxUrl: string, method: string, path: string, body?: unknown): Promise<any> => {
  const response = await fetch(`${sandboxUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`sandbox ${method} ${path} answered ${response.status}: ${text}`);
  return text === '' ? null : JSON.parse(text);
};

/** `{provider, mode}` on the sandbox: down (503 / SMTP 421), slow (latencyMs, default 5 s), flaky, up. */
export const providerMode = (
  sandboxUrl: string,
  provider: FaultProvider,
  mode: 'down' | 'slow' | 'flaky' | 'up',
  extra: Record<string, unknown> = {},
): Promise<unknown> => sandboxJson(sandboxUrl, 'POST', '/_sandbox/faults', { provider, mode, ...extra });

export const setFault = (sandboxUrl: string, fault: Record<string, unknown>): Promise<unknown> => sandboxJson(sandboxUrl, 'POST', '/_sandbox/faults', fault);

export const clearFaults = (sandboxUrl: string): Promise<unknown> => sandboxJson(sandboxUrl, 'DELETE', '/_sandbox/faults');

export const heldRequests = async (sandboxUrl: string): Promise<HeldRequest[]> => (await sandboxJson(sandboxUrl, 'GET', '/_sandbox/faults/held')).held as HeldRequest[];

export const releaseHeld = (sandboxUrl: string): Promise<unknown> => sandboxJson(sandboxUrl, 'POST', '/_sandbox/faults/release', {});

/** Waits until the sandbox holds an answer (a `hold: true` fault matched and its write was applied). */
export const waitForHeld = async (sandboxUrl: string, timeoutMs = 30_000): Promise<HeldRequest> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [first] = await heldRequests(sandboxUrl);
    if (first) return first;
    if (Date.now() > deadline) throw new Error(`no request held within ${timeoutMs} ms`);
    await sleep(20);
  }
};

/** The socket inodes of TCP connections whose local port is `port` and remote port `remotePort` (IPv4 and IPv6, loopback). */
const socketInodes = (port: number, remotePort: number): Set<string> => {
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      const local = parseInt(fields[1]!.split(':')[1]!, 16);
      const remote = parseInt(fields[2]!.split(':')[1]!, 16);
      if (local === port && remote === remotePort) inodes.add(fields[9]!);
    }
  }
  return inodes;
};

/**
 * Which of `pids` owns the client end of a connection to the sandbox from `clientPort` (what the
 * sandbox saw as the caller's port): read from /proc, as `ss -p` does.
 */
export const pidOfClientPort = (pids: readonly number[], clientPort: number, sandboxPort: number): number | null => {
  const inodes = socketInodes(clientPort, sandboxPort);
  if (inodes.size === 0) return null;
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const match = /^socket:\[(\d+)\]$/.exec(target);
        if (match && inodes.has(match[1]!)) return pid;
      } catch {
        // the fd closed meanwhile
      }
    }
  }
  return null;
};

export interface WebhookRelay {
  /** Where the sandbox's Stripe should send its events. */
  readonly url: string;
  /** While paused every delivery is refused with 503, so Stripe retries it later (1 s, 5 s, 15 s). */
  pause(): void;
  resume(): void;
  /** Deliveries passed on, with the answer the portal gave. */
  readonly forwarded: Array<{ readonly at: number; readonly status: number; readonly type: string }>;
  readonly refused: number;
  close(): Promise<void>;
}

/** A stand-in for the network between Stripe and the portal: passes webhooks to `target`, or refuses them while paused. */
export const startWebhookRelay = async (target: string): Promise<WebhookRelay> => {
  let paused = false;
  let refused = 0;
  const forwarded: Array<{ at: number; status: number; type: string }> = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (paused) {
      refused += 1;
      response.writeHead(503).end();
      return;
    }
    try {
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'Content-Type': String(request.headers['content-type'] ?? 'application/json'), 'Stripe-Signature': String(request.headers['stripe-signature'] ?? '') },
        body,
      });
      await answer.arrayBuffer();
      let type = '';
      try {
        type = String((JSON.parse(body.toString('utf8')) as { type?: string }).type);
      } catch {
        // not JSON
      }
      forwarded.push({ at: Date.now(), status: answer.status, type });
      response.writeHead(answer.status).end();
    } catch {
      response.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
    },
    forwarded,
    get refused() {
      return refused;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

/** One fault's outcome, printed for docs/faults.md. */
export interface FaultOutcome {
  readonly fault: string;
  readonly lost: string;
  readonly recoveryMs: number | null;
  readonly detail?: string;
}

export const report = (outcome: FaultOutcome): void => {
  console.log(`FAULT | ${outcome.fault} | lost: ${outcome.lost} | recovery: ${outcome.recoveryMs === null ? 'n/a' : `${(outcome.recoveryMs / 1000).toFixed(2)} s`}${outcome.detail ? ` | ${outcome.detail}` : ''}`);
};

/** Polls `check` every `everyMs` until it returns a value; throws after `timeoutMs`. */
export const eventually = async <T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs: number, everyMs = 100): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
};
