/**
 * `npm run pact:release -- <remote>`: records the pact of the remote being released, so the API
 * keeps verifying it while users still have that remote loaded. Copies
 * contracts/pacts/portal-<remote>-member-portal-api.json to
 * contracts/pacts/released/portal-<remote>@<version>.json (the version from the remote's
 * package.json) and removes the remote's previously released pact: the API is held to the
 * current pact and the last released one (apps/api/src/pact/frontends.provider.int.test.ts).
 * The release's version and commit (HEAD: the remote's code as released) go into
 * released/releases.json, from which the old-remote browser test builds it.
 * Run it when a remote is released (docs/deploy.md), after its consumer tests, and commit the file.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pacts = path.join(root, 'contracts/pacts');
const released = path.join(pacts, 'released');

const remote = process.argv[2] ?? '';
if (!/^[a-z]+$/.test(remote) || !existsSync(path.join(root, 'frontends', remote, 'package.json'))) {
  console.error('Usage: npm run pact:release -- <remote>   (identity, enrollment, dashboard, staff, shell, ...)');
  process.exit(2);
}
const current = path.join(pacts, `portal-${remote}-member-portal-api.json`);
if (!existsSync(current)) {
  console.error(`No pact for ${remote}: run its consumer tests first (${path.relative(root, current)}).`);
  process.exit(1);
}
const { version } = JSON.parse(readFileSync(path.join(root, 'frontends', remote, 'package.json'), 'utf8')) as { version: string };
mkdirSync(released, { recursive: true });
for (const name of readdirSync(released)) {
  if (name.startsWith(`portal-${remote}@`)) rmSync(path.join(released, name));
}
const target = path.join(released, `portal-${remote}@${version}.json`);
copyFileSync(current, target);
const releasesFile = path.join(released, 'releases.json');
const releases = existsSync(releasesFile) ? (JSON.parse(readFileSync(releasesFile, 'utf8')) as Record<string, unknown>) : {};
const commit = execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
writeFileSync(releasesFile, `${JSON.stringify({ ...releases, [remote]: { version, commit } }, null, 2)}\n`);
console.log(`Released pact of ${remote} ${version}: ${path.relative(root, target)}`);
