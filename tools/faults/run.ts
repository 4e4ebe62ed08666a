/**
 * `node tools/faults/run.ts [jest args…]`: the fault suite (tools/faults/*.int.test.ts) at full
 * size — 500 chart filings under 30 % 503s and 10 % timeouts (FAULT_FILINGS, default here 500;
 * `npm test` runs 50) — one file at a time, each fault's `FAULT | …` outcome line printed and
 * gathered at the end (docs/faults.md is their table). Needs nginx and PgBouncer (see README
 * *Cluster*). Extra arguments go to jest, e.g. a file path to run one file.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const outcomes: string[] = [];

const child = spawn(
  process.execPath,
  ['--experimental-vm-modules', path.join(root, 'node_modules/jest/bin/jest.js'), '--selectProjects', 'int', '--runInBand', ...(args.length > 0 ? args : ['tools/faults/'])],
  { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TZ: 'UTC', FAULT_FILINGS: process.env.FAULT_FILINGS ?? '500' } },
);
const pass = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
  let buffered = '';
  stream.on('data', (chunk: Buffer) => {
    out.write(chunk);
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim().startsWith('FAULT |') || /^\s*\d+ filings:/.test(line)) outcomes.push(line.trim());
  });
};
pass(child.stdout!, process.stdout);
pass(child.stderr!, process.stderr);
child.on('exit', (code) => {
  console.log(`\nFault outcomes (${outcomes.length}):`);
  for (const line of outcomes) console.log(`  ${line}`);
  process.exit(code ?? 1);
});
