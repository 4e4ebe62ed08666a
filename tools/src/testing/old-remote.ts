/**
 * A micro-frontend as it was released: its source at the commit recorded in
 * contracts/pacts/released/releases.json, built with that commit's own build script and shared
 * packages (@portal/ui, @portal/contracts, core, webpack.config.base.js) and today's installed
 * third-party packages. For the browser test that runs an old remote against the current API and
 * shell (issue 11).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface Release {
  readonly version: string;
  readonly commit: string;
}

export const releaseOf = (remote: string): Release => {
  const releases = JSON.parse(readFileSync(path.join(ROOT, 'contracts/pacts/released/releases.json'), 'utf8')) as Record<string, Release>;
  const release = releases[remote];
  if (!release) throw new Error(`no release recorded for ${remote}`);
  return release;
};

/** Where the workspace packages of a checked-out tree live, by package name. */
const workspacePackages = (tree: string): Array<[string, string]> =>
  ['core', 'contracts', ...readdirSync(path.join(tree, 'frontends')).map((name) => `frontends/${name}`)]
    .filter((folder) => existsSync(path.join(tree, folder, 'package.json')))
    .map((folder) => [(JSON.parse(readFileSync(path.join(tree, folder, 'package.json'), 'utf8')) as { name: string }).name, path.join(tree, folder)]);

/** Builds `remote` at `commit` in a fresh folder; answers the folder of its dist. */
export const buildRemoteAt = (remote: string, commit: string): string => {
  const tree = mkdtempSync(path.join(tmpdir(), `portal-${remote}-${commit.slice(0, 8)}-`));
  const archive = execFileSync('git', ['-C', ROOT, 'archive', '--format=tar', commit, 'frontends', 'core', 'contracts', 'tools', 'webpack.config.base.js', 'package.json', 'tsconfig.json'], {
    maxBuffer: 512 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', tree], { input: archive });
  // Third-party packages from today's install; our own packages from the old tree.
  const modules = path.join(tree, 'node_modules');
  mkdirSync(path.join(modules, '@portal'), { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry !== '@portal') symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  for (const [name, folder] of workspacePackages(tree)) {
    if (name.startsWith('@portal/')) symlinkSync(folder, path.join(modules, name));
  }
  execFileSync(process.execPath, [path.join(tree, 'tools/src/build-frontends.ts'), remote], { cwd: tree, stdio: 'pipe', timeout: 240_000 });
  return path.join(tree, 'frontends', remote, 'dist');
};
