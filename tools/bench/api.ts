/**
 * `npm run bench -- api [--duration=10] [--rounds=3] [--profile]`: autocannon (-c 50) against
 * the real API (tools/bench/api-server.ts portal) and a bare Koa app answering {status:'ok'}
 * (api-server.ts bare), both started once, in processes of their own, measured one after the
 * other and alternating (bare, /api/health, signed-in GET /api/auth/session, then again), the
 * median of the rounds; then the latency at a fixed 1,000 requests/s, evenly spaced (open-loop.ts),
 * for the signed-in read and for the bare app. --profile records V8's CPU profile (as --cpu-prof does) of the API during one
 * more load of /api/health and of the signed-in read and prints where its time went (the profile lands in .tmp/bench/profiles/).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { openLoopInProcess } from './open-loop.ts';
import { median, percent, ROOT, type Figure } from './report.ts';

interface Server {
  readonly url: string;
  readonly cookie: string;
  readonly child: ChildProcess;
}

/** api-server.ts in `mode`, in a process of its own; resolves with its first JSON line. */
export const startBenchProcess = (mode: string, env: NodeJS.ProcessEnv = {}, nodeFlags: readonly string[] = []): Promise<{ child: ChildProcess; info: Record<string, unknown> }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, path.join(ROOT, 'tools/bench/api-server.ts'), mode], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`${mode} did not start within 120 s`)), 120_000);
    child.once('exit', (code) => reject(new Error(`${mode} exited with ${code}`)));
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      clearTimeout(timer);
      lines.close();
      resolve({ child, info: JSON.parse(line) as Record<string, unknown> });
    });
  });

export const startServer = async (mode: 'portal' | 'bare', nodeFlags: readonly string[] = []): Promise<Server> => {
  const { child, info } = await startBenchProcess(mode, {}, nodeFlags);
  return { url: String(info.url), cookie: String(info.cookie ?? ''), child };
};

/** Sends SIGUSR2 to api-server.ts (its CPU profiler: start, then stop and write) and waits for its JSON line holding `key`. */
export const signal = (child: ChildProcess, key: string): Promise<Record<string, unknown>> =>
  new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`no '${key}' from the server`)), 60_000);
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const value = JSON.parse(line) as Record<string, unknown>;
      if (!(key in value)) return;
      clearTimeout(timer);
      lines.close();
      resolve(value);
    });
    child.kill('SIGUSR2');
  });

export const stopServer = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    if (server.child.exitCode !== null) {
      resolve();
      return;
    }
    server.child.removeAllListeners('exit');
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });

interface Load {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

const load = async (url: string, cookie: string, seconds: number): Promise<Load> => {
  const result = await autocannon({ url, connections: 50, duration: seconds, headers: cookie ? { cookie } : {} });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts };
};

const show = (name: string, result: Load): void =>
  console.log(`    ${name.padEnd(28)} ${result.rps.toFixed(0).padStart(7)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms${result.non2xx || result.errors ? `  non-2xx ${result.non2xx} errors ${result.errors}` : ''}`);

const option = (args: readonly string[], name: string, fallback: number): number => {
  const value = args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  return value === undefined ? fallback : Number(value);
};

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly hitCount?: number;
  readonly children?: readonly number[];
}

/** Self time of a .cpuprofile grouped by package (node_modules/<name>, node:internal, the project's folders), and the top functions. */
export const summariseProfile = (file: string): string[] => {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(profile.nodes.map((node) => [node.id, node] as const));
  const selfTime = new Map<number, number>();
  for (const [index, id] of profile.samples.entries()) selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  const total = [...selfTime.values()].reduce((sum, value) => sum + value, 0);
  const groupOf = (url: string, name: string): string => {
    if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') return name;
    if (url === '') return '(native)';
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    if (pkg) return pkg;
    if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?/, 'node:').split('/').slice(0, 2).join('/');
    const local = /\/work\/[^/]+\/(.*)$/.exec(url)?.[1] ?? url;
    return local.split('/').slice(0, 3).join('/');
  };
  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, time] of selfTime) {
    const node = byId.get(id);
    if (!node) continue;
    const group = groupOf(node.callFrame.url, node.callFrame.functionName);
    groups.set(group, (groups.get(group) ?? 0) + time);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${group}`;
    functions.set(fn, (functions.get(fn) ?? 0) + time);
  }
  const top = (map: Map<string, number>, count: number): string[] =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, time]) => `${((time / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
  // Native and Node-internal time belongs to whoever called it: the nearest caller in a package or the project.
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const isOwnCode = (node: ProfileNode): boolean => node.callFrame.url !== '' && !node.callFrame.url.startsWith('node:');
  const byCaller = new Map<string, number>();
  for (const [id, time] of selfTime) {
    const node = byId.get(id);
    if (!node || isOwnCode(node) || ['(idle)', '(program)', '(garbage collector)'].includes(node.callFrame.functionName)) continue;
    let caller = parent.get(id);
    while (caller !== undefined && !isOwnCode(byId.get(caller)!)) caller = parent.get(caller);
    const frame = caller === undefined ? undefined : byId.get(caller)!;
    const key = frame ? `${node.callFrame.functionName || '(anonymous)'} ← ${frame.callFrame.functionName || '(anonymous)'} ${groupOf(frame.callFrame.url, frame.callFrame.functionName)}` : `${node.callFrame.functionName} ← (no caller)`;
    byCaller.set(key, (byCaller.get(key) ?? 0) + time);
  }
  return ['self time by package:', ...top(groups, 15), 'top functions (self time):', ...top(functions, 15), 'native and Node time by nearest package caller:', ...top(byCaller, 12)];
};

export const benchApi = async (args: readonly string[]): Promise<Figure[]> => {
  const seconds = option(args, 'duration', 10);
  const rounds = option(args, 'rounds', 3);
  console.log(`Starting the API (embedded PostgreSQL, provider sandbox, signed-in member) and a bare Koa app…`);
  const [portal, bare] = await Promise.all([startServer('portal'), startServer('bare')]);
  const results = { bare: [] as Load[], health: [] as Load[], session: [] as Load[] };
  try {
    // A short warm-up of each, unmeasured (JIT, connection pools).
    await load(`${bare.url}/`, '', 2);
    await load(`${portal.url}/api/health`, '', 2);
    await load(`${portal.url}/api/auth/session`, portal.cookie, 2);
    for (let round = 1; round <= rounds; round += 1) {
      console.log(`  round ${round} of ${rounds} (-c 50, ${seconds} s each)`);
      const bareResult = await load(`${bare.url}/`, '', seconds);
      show('bare Koa {status:ok}', bareResult);
      results.bare.push(bareResult);
      const health = await load(`${portal.url}/api/health`, '', seconds);
      show('GET /api/health', health);
      results.health.push(health);
      const session = await load(`${portal.url}/api/auth/session`, portal.cookie, seconds);
      show('GET /api/auth/session (signed in)', session);
      results.session.push(session);
      if (session.non2xx > 0 || health.non2xx > 0) console.log('    (non-2xx answers: the figure counts them as requests; see above)');
    }
    console.log('  fixed rate: 1,000 requests/s, evenly spaced (open loop, latency from when each was due)');
    const bareFixed = await openLoopInProcess({ rate: 1_000, seconds, request: { url: `${bare.url}/` } });
    show('bare Koa at 1,000/s', bareFixed);
    const sessionFixed = await openLoopInProcess({ rate: 1_000, seconds, request: { url: `${portal.url}/api/auth/session`, headers: { cookie: portal.cookie } } });
    show('session read at 1,000/s', sessionFixed);
    console.log(`    the load generator's longest stall: ${bareFixed.generatorStallMs} ms (bare run), ${sessionFixed.generatorStallMs} ms (session run)`);

    const bareRps = median(results.bare.map((result) => result.rps));
    const healthRps = median(results.health.map((result) => result.rps));
    const sessionRps = median(results.session.map((result) => result.rps));
    const figures: Figure[] = [
      {
        id: 'api.health',
        command: 'api',
        label: `GET /api/health, -c 50, ${seconds} s, median of ${rounds}`,
        value: `${healthRps.toFixed(0)} req/s`,
        baseline: `${bareRps.toFixed(0)} req/s bare Koa`,
        ratio: percent(healthRps, bareRps),
        goal: '≥ 60 % of bare Koa',
        met: healthRps / bareRps >= 0.6,
      },
      {
        id: 'api.session',
        command: 'api',
        label: `signed-in GET /api/auth/session, -c 50, ${seconds} s, median of ${rounds}`,
        value: `${sessionRps.toFixed(0)} req/s`,
        baseline: `${bareRps.toFixed(0)} req/s bare Koa`,
        ratio: percent(sessionRps, bareRps),
        goal: '≥ 40 % of bare Koa',
        met: sessionRps / bareRps >= 0.4,
      },
      {
        id: 'api.session.p99-1000',
        command: 'api',
        label: `signed-in GET /api/auth/session p99 at 1,000 req/s (${seconds} s; achieved ${sessionFixed.rps.toFixed(0)}/s)`,
        value: `${sessionFixed.p99} ms`,
        baseline: `${bareFixed.p99} ms bare Koa`,
        ratio: bareFixed.p99 > 0 ? `${(sessionFixed.p99 / bareFixed.p99).toFixed(1)}×` : '',
        goal: '≤ 10 ms',
        met: sessionFixed.p99 <= 10 && sessionFixed.rps >= 950 && sessionFixed.non2xx === 0 && sessionFixed.errors === 0,
      },
    ];
    if (args.includes('--profile')) {
      for (const [name, target, cookie] of [
        ['GET /api/health', `${portal.url}/api/health`, ''],
        ['the signed-in read', `${portal.url}/api/auth/session`, portal.cookie],
      ] as const) {
        console.log(`  profiling the API under ${name} for ${seconds} s (V8 CPU profiler, the load window only)…`);
        await signal(portal.child, 'profiling');
        await load(target, cookie, seconds);
        const { profile } = (await signal(portal.child, 'profile')) as { profile: string };
        console.log(`  ${path.relative(ROOT, profile)}`);
        for (const line of summariseProfile(profile)) console.log(`    ${line}`);
      }
    }
    return figures;
  } finally {
    await Promise.all([stopServer(portal), stopServer(bare)]);
  }
};
