/**
 * `npm test`: every check the project has, in one run, ending with one line `N passed, N failed`.
 *   1. layer rules (dependency-cruiser)         — one check
 *   2. type check (tsc, strict)                  — one check
 *   3. frontends build (webpack)                 — one check; the browser tests need it
 *   4. jest: unit, int (real PostgreSQL), e2e (real Chromium) — one per test
 *   5. log scan (the LOGS suite)                 — one check: every log line and stored error text
 *      of the int and e2e run, recorded in .tmp/logs/npm-test, holds none of the run's people or
 *      secrets (tools/src/log-scan.ts)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const started = performance.now();

let passed = 0;
let failed = 0;

const step = (title: string, command: string, args: string[]): boolean => {
  const t0 = performance.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✖'} ${title} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  if (ok) passed += 1;
  else failed += 1;
  return ok;
};

const node = process.execPath;
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

step('layer rules', bin('depcruise'), ['--config', '.dependency-cruiser.cjs', 'core', 'contracts', 'adapters', 'apps', 'frontends', 'tools']);
step('type check', bin('tsc'), ['-p', 'tsconfig.json']);
const built = step('frontends build', node, ['tools/src/build-frontends.ts']);

// Two jest phases: unit first (its Pact consumer tests write the pact files), then int and e2e
// (where the provider sandbox is verified against those files).
// Files run two at a time in both phases (jest's default is cores − 1: one on this 2-core machine).
// Two int and e2e files at once once timed out jest's 5-second default in server-starting hooks;
// int tests now have 30 s like e2e (jest.config.js), and a run with the machine far busier than CI
// (other engineers' builds and tests beside it) failed only on those hooks.
// --forceExit: a test that leaves a handle open must not hold CI after the last test has ended.
const jestPhase = (name: string, projects: string[], env: NodeJS.ProcessEnv = {}, workers = '2'): void => {
  const report = path.join(tmp, `jest-${name}.json`);
  const phaseStarted = performance.now();
  console.log(`\n▶ jest (${projects.join(', ')})`);
  spawnSync(
    node,
    ['--experimental-vm-modules', path.join(root, 'node_modules/jest/bin/jest.js'), '--selectProjects', ...projects, `--maxWorkers=${workers}`, '--forceExit', '--json', `--outputFile=${report}`],
    { cwd: root, stdio: 'inherit', env: { ...process.env, TZ: 'UTC', ...env } },
  );
  try {
    const results = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numRuntimeErrorTestSuites: number;
      numPendingTests: number;
    };
    passed += results.numPassedTests;
    // A suite that could not even run counts as a failure of its own.
    failed += results.numFailedTests + results.numRuntimeErrorTestSuites;
    if (results.numPendingTests > 0) {
      console.log(`✖ ${results.numPendingTests} skipped test(s): a skipped test is a broken promise`);
      failed += results.numPendingTests;
    }
  } catch {
    console.log(`✖ jest (${name}) produced no report`);
    failed += 1;
  }
  console.log(`◀ jest (${projects.join(', ')}) took ${((performance.now() - phaseStarted) / 1000).toFixed(1)} s`);
};

jestPhase('unit', ['unit']);
// The int and e2e run records its log lines, stored error texts and issued secrets here (fresh each run).
const logDir = path.join(tmp, 'logs', 'npm-test');
rmSync(logDir, { recursive: true, force: true });
jestPhase('int-e2e', built ? ['int', 'e2e'] : ['int'], { PORTAL_TEST_LOG_DIR: logDir });
step('log scan (no PHI or secrets in logs and stored errors)', node, ['tools/src/log-scan.ts', logDir]);

const summary = `${passed} passed, ${failed} failed`;
writeFileSync(path.join(tmp, 'test-summary.txt'), `${summary}\n`);
console.log(`\nnpm test took ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(summary);
process.exit(failed === 0 ? 0 : 1);
