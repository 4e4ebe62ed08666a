/**
 * The cluster's reaper: a tiny detached process that outlives the cluster's own process only to
 * clean up after it. When that process is gone without closing the cluster (SIGKILLed, a test
 * runner's forced exit), it ends every child listed in `<runDir>/pids` (one pid a line; nginx,
 * PgBouncer, the API instances and workers) and stops PostgreSQL (fast shutdown), then exits.
 *
 *   node tools/cluster/reaper.ts <parent pid> <run folder> <PostgreSQL data folder> [remove]
 *
 * With `remove` (a run folder the cluster made itself) it then removes the run folder.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const [parentArg, runDir, dataDir, remove] = process.argv.slice(2);
const parent = Number(parentArg);
if (!Number.isInteger(parent) || !runDir || !dataDir) process.exit(2);

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const pidsIn = (file: string, firstLineOnly = false): number[] => {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n');
  return (firstLineOnly ? lines.slice(0, 1) : lines).map((line) => Number.parseInt(line, 10)).filter((pid) => Number.isInteger(pid) && pid > 1);
};

const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
};

let reaping = false;
setInterval(() => {
  if (reaping || alive(parent)) return;
  reaping = true;
  const children = pidsIn(path.join(runDir, 'pids'));
  for (const pid of children) signal(pid, 'SIGTERM');
  for (const pid of pidsIn(path.join(dataDir, 'postmaster.pid'), true)) signal(pid, 'SIGINT');
  setTimeout(() => {
    for (const pid of children) signal(pid, 'SIGKILL');
    if (remove === 'remove') rmSync(runDir, { recursive: true, force: true });
    process.exit(0);
  }, 5_000);
}, 1_000);
