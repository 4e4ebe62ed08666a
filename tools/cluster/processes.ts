/**
 * Child processes of the cluster: each one's output kept (in memory, for tests, and in a file of
 * the run folder), stopped with SIGTERM (SIGKILL after a grace) or killed outright.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { freePort } from '../src/free-port.ts';

export interface SpawnSpec {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly logFile: string;
  /** Run as this user (nginx and PgBouncer when the cluster runs as root: PgBouncer refuses root). */
  readonly user?: { readonly uid: number; readonly gid: number };
  /** Lines kept in memory (default 20 000). */
  readonly keepLines?: number;
  /** Called after each start (the cluster keeps its reaper's list of pids current). */
  readonly onStart?: () => void;
}

export class ManagedProcess {
  #child: ChildProcess | null = null;
  #exited: Promise<void> = Promise.resolve();
  #lines: string[] = [];
  #log: WriteStream;
  #listeners = new Set<(line: string) => void>();
  #exitListeners = new Set<() => void>();
  #expectedExit = false;
  /** Exits nobody asked for (a crash), with their code or signal. */
  readonly unexpectedExits: string[] = [];

  readonly spec: SpawnSpec;

  constructor(spec: SpawnSpec) {
    this.spec = spec;
    this.#log = createWriteStream(spec.logFile, { flags: 'a' });
  }

  get pid(): number | null {
    return this.#child?.exitCode === null && this.#child.signalCode === null ? (this.#child.pid ?? null) : null;
  }

  get running(): boolean {
    return this.pid !== null;
  }

  lines(): string[] {
    return [...this.#lines];
  }

  /** Resolves with the first line (from now on) that `match` accepts; rejects if the process exits first. */
  waitForLine(match: (line: string) => boolean, timeoutMs: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`${this.spec.name}: no expected line within ${timeoutMs} ms`)), timeoutMs);
      const listener = (line: string) => {
        if (match(line)) done(null, line);
      };
      const onExit = () => done(new Error(`${this.spec.name} exited before it was ready:\n${this.#lines.slice(-15).join('\n')}`));
      const done = (error: Error | null, line?: string) => {
        clearTimeout(timer);
        this.#listeners.delete(listener);
        this.#exitListeners.delete(onExit);
        if (error) reject(error);
        else resolve(line!);
      };
      this.#listeners.add(listener);
      this.#exitListeners.add(onExit);
    });
  }

  start(): void {
    if (this.running) throw new Error(`${this.spec.name} is already running`);
    const { command, args, env, cwd, user } = this.spec;
    const child = spawn(command, [...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'], ...(user ? { uid: user.uid, gid: user.gid } : {}) });
    this.#child = child;
    this.#expectedExit = false;
    const keep = this.spec.keepLines ?? 20_000;
    const onLine = (line: string) => {
      this.#lines.push(line);
      if (this.#lines.length > keep) this.#lines.splice(0, this.#lines.length - keep);
      this.#log.write(`${line}\n`);
      for (const listener of this.#listeners) listener(line);
    };
    this.spec.onStart?.();
    createInterface({ input: child.stdout! }).on('line', onLine);
    createInterface({ input: child.stderr! }).on('line', onLine);
    this.#exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        if (!this.#expectedExit) {
          const what = `${this.spec.name} exited (${signal ?? `code ${code}`})`;
          this.unexpectedExits.push(what);
          this.#log.write(`[cluster] ${what}\n`);
        }
        for (const listener of [...this.#exitListeners]) listener();
        resolve();
      });
      child.once('error', (error) => {
        this.unexpectedExits.push(`${this.spec.name}: ${error.message}`);
        resolve();
      });
    });
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  async stop(graceMs = 10_000): Promise<void> {
    const child = this.#child;
    if (!child || !this.running) return;
    this.#expectedExit = true;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await this.#exited;
    clearTimeout(timer);
  }

  /** SIGKILL: the process gets no chance to finish anything. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child || !this.running) return;
    this.#expectedExit = true;
    child.kill('SIGKILL');
    await this.#exited;
  }

  /** Sends a signal (nginx: SIGHUP reloads its configuration). */
  signal(signal: NodeJS.Signals): void {
    if (this.#child && this.running) this.#child.kill(signal);
  }

  async closeLog(): Promise<void> {
    await new Promise<void>((resolve) => this.#log.end(() => resolve()));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `everyMs` until it returns true; throws with `what` after `timeoutMs`. */
export const waitUntil = async (what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
};

/** True when something accepts TCP connections on 127.0.0.1:port. */
export const accepting = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
