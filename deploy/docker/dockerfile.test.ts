/**
 * deploy/docker/Dockerfile, checked offline (no Docker daemon here): parsed with dockerfile-ast,
 * then held to decision 0036 — several stages; a target per process kind (api, worker, migrate)
 * on Node 24, running as a numeric non-root user, holding no devDependencies (its npm installs
 * omit them, and from a stage that installed them it copies only paths that cannot hold
 * node_modules), with a HEALTHCHECK or a Kubernetes probe; every COPY source exists and survives
 * the .dockerignore; each target starts its process's entry point. The same rules run on a broken
 * Dockerfile below and must name each fault.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import dockerfileAst from 'dockerfile-ast';
import { parseAllDocuments } from 'yaml';
import { ENTRY_POINTS, IMAGE_KINDS, type ImageKind } from './images.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dockerDir = path.join(root, 'deploy/docker');

interface Instruction {
  readonly keyword: string;
  readonly args: readonly string[];
  readonly flags: Readonly<Record<string, string>>;
}
interface Stage {
  readonly name: string | null;
  /** The FROM image with the build arguments declared before the first FROM substituted. */
  readonly base: string;
  readonly instructions: readonly Instruction[];
}

const parseStages = (text: string): Stage[] => {
  const dockerfile = dockerfileAst.DockerfileParser.parse(text);
  const buildArgs = new Map<string, string>();
  for (const arg of dockerfile.getInitialARGs()) {
    const property = arg.getProperty();
    if (property?.getName()) buildArgs.set(property.getName(), property.getValue() ?? '');
  }
  const substitute = (value: string) => value.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (whole, name: string) => buildArgs.get(name) ?? whole);
  const stages: Array<{ name: string | null; base: string; instructions: Instruction[] }> = [];
  for (const instruction of dockerfile.getInstructions()) {
    const keyword = instruction.getKeyword().toUpperCase();
    if (keyword === 'FROM') {
      const from = instruction as dockerfileAst.From;
      stages.push({ name: from.getBuildStage(), base: substitute(from.getImage() ?? ''), instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) continue; // ARGs before the first FROM
    const flags: Record<string, string> = {};
    if (keyword === 'COPY' || keyword === 'ADD') {
      for (const flag of (instruction as dockerfileAst.Copy).getFlags()) flags[flag.getName()] = flag.getValue() ?? '';
    }
    const raw = (instruction.getArgumentsContent() ?? '').trim();
    const args = raw.startsWith('[')
      ? (JSON.parse(raw) as string[])
      : instruction
          .getArguments()
          .map((argument) => argument.getValue())
          .filter((value) => !(keyword === 'COPY' || keyword === 'ADD') || !value.startsWith('--'));
    stage.instructions.push({ keyword, args, flags });
  }
  return stages;
};

/** A stage and the stages it is built FROM, the base first. */
const chain = (stages: readonly Stage[], name: string): Stage[] => {
  const result: Stage[] = [];
  let current = stages.find((stage) => stage.name === name);
  while (current && !result.includes(current)) {
    result.unshift(current);
    const base = current.base;
    current = stages.find((stage) => stage.name === base);
  }
  return result;
};
const inChain = (stages: readonly Stage[], name: string, keyword: string): Instruction[] =>
  chain(stages, name).flatMap((stage) => stage.instructions.filter((instruction) => instruction.keyword === keyword));

/** npm installs of a stage (and its bases) that bring devDependencies in. */
const devInstalls = (stages: readonly Stage[], name: string): string[] =>
  inChain(stages, name, 'RUN')
    .flatMap((instruction) => instruction.args.join(' ').split(/&&|;|\|\|/))
    .map((command) => command.trim())
    .filter((command) => /\bnpm\s+(ci|install|i)\b/.test(command) && !/--omit[= ]dev\b/.test(command));

/** .dockerignore patterns (Go's filepath.Match plus `**`); this file uses no `!` exceptions. */
const ignoredBy = (patterns: readonly string[]) => {
  const regexes = patterns.map((pattern) => {
    const body = pattern
      .replace(/^\/+|\/+$/g, '')
      .split('/')
      .map((part) => (part === '**' ? '\u0000' : part.replace(/[.+^$()|[\]\\{}]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')))
      .join('/')
      .replace(/\u0000\//g, '(?:.*/)?')
      .replace(/\u0000/g, '.*');
    return new RegExp(`^${body}(?:/.*)?$`);
  });
  return (file: string): boolean => regexes.some((regex) => regex.test(file));
};

type Manifest = Record<string, any>;
interface Context {
  readonly exists: (file: string) => boolean;
  readonly ignored: (file: string) => boolean;
  readonly manifests: readonly Manifest[];
  readonly migrateScript: string | undefined;
}

/** Everything wrong with one target; empty when it keeps the rules. */
const targetProblems = (stages: readonly Stage[], target: ImageKind, context: Context): string[] => {
  const problems: string[] = [];
  const own = chain(stages, target);
  if (own.length === 0) return [`no stage named ${target}`];
  const base = own[0] as Stage;
  if (!/^(docker\.io\/(library\/)?)?node:24([.-]|$)/.test(base.base)) problems.push(`${target}: base image ${base.base} is not Node 24`);

  const user = inChain(stages, target, 'USER').at(-1)?.args[0] ?? 'root (no USER)';
  if (!/^[1-9][0-9]*(:[0-9]+)?$/.test(user)) problems.push(`${target}: runs as ${user}, not a numeric non-root user`);

  for (const install of devInstalls(stages, target)) problems.push(`${target}: installs devDependencies (${install})`);
  for (const stage of own) {
    for (const instruction of stage.instructions) {
      const from = instruction.flags.from;
      if (instruction.keyword !== 'COPY' || from === undefined) continue;
      if (!stages.some((other) => other.name === from)) continue; // an outside image
      if (devInstalls(stages, from).length === 0) continue;
      const workdir = inChain(stages, from, 'WORKDIR').at(-1)?.args[0] ?? '/';
      for (const copied of instruction.args.slice(0, -1)) {
        const normal = path.posix.resolve(workdir, copied).replace(/\/$/, '') || '/';
        if (normal === '/' || normal.includes('node_modules') || workdir === normal || workdir.startsWith(`${normal}/`)) {
          problems.push(`${target}: copies ${copied} from ${from}, a stage with devDependencies, and with it their node_modules`);
        }
      }
    }
  }

  const cmd = inChain(stages, target, 'CMD').at(-1)?.args ?? [];
  const entry = ENTRY_POINTS[target];
  const expected = target === 'migrate' ? ['npm', 'run', 'migrate'] : ['node', entry];
  if (JSON.stringify(cmd) !== JSON.stringify(expected)) problems.push(`${target}: CMD ${JSON.stringify(cmd)} is not ${JSON.stringify(expected)}`);
  if (target === 'migrate' && context.migrateScript !== `node ${entry}`) problems.push(`migrate: npm run migrate does not run ${entry}`);
  if (!context.exists(entry) || context.ignored(entry)) problems.push(`${target}: its entry point ${entry} is missing or left out of the build context`);

  const healthcheck = inChain(stages, target, 'HEALTHCHECK').at(-1);
  if (!healthcheck || healthcheck.args[0] === 'NONE') {
    const image = new RegExp(`/${target}(:|@|$)`);
    const users = context.manifests.filter((object) =>
      ((object.spec?.template?.spec?.containers ?? []) as Array<{ image: string }>).some((container) => image.test(container.image)),
    );
    if (users.length === 0) problems.push(`${target}: no HEALTHCHECK and no Kubernetes workload runs it`);
    for (const object of users) {
      if (object.kind === 'Job') continue;
      for (const container of object.spec.template.spec.containers as Array<{ image: string; livenessProbe?: unknown }>) {
        if (image.test(container.image) && !container.livenessProbe) problems.push(`${target}: no HEALTHCHECK and ${object.kind} ${object.metadata.name} has no livenessProbe`);
      }
    }
  } else if (!healthcheck.args.join(' ').includes('/api/health')) {
    problems.push(`${target}: its HEALTHCHECK does not ask /api/health`);
  }
  return problems;
};

/** COPY/ADD sources from the build context that are missing or ignored. */
const contextProblems = (stages: readonly Stage[], context: Context): string[] =>
  stages.flatMap((stage) =>
    stage.instructions
      .filter((instruction) => (instruction.keyword === 'COPY' || instruction.keyword === 'ADD') && instruction.flags.from === undefined)
      .flatMap((instruction) => instruction.args.slice(0, -1))
      .flatMap((source) =>
        !context.exists(source) ? [`COPY source ${source} does not exist`] : source !== '.' && context.ignored(source) ? [`COPY source ${source} is in the .dockerignore`] : [],
      ),
  );

const manifests = (): Manifest[] => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ya?ml$/.test(entry.name) && !entry.name.includes('example')) files.push(full);
    }
  };
  walk(path.join(root, 'deploy/k8s'));
  return files.flatMap((file) => parseAllDocuments(readFileSync(file, 'utf8')).map((document) => document.toJS() as Manifest));
};

const ignorePatterns = readFileSync(path.join(dockerDir, 'Dockerfile.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));
const context: Context = {
  exists: (file) => existsSync(path.join(root, file)),
  ignored: ignoredBy(ignorePatterns),
  manifests: manifests(),
  migrateScript: (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.migrate,
};
const stages = parseStages(readFileSync(path.join(dockerDir, 'Dockerfile'), 'utf8'));

describe('deploy/docker/Dockerfile', () => {
  it('is multi-stage: the frontends built with every dependency, production dependencies apart, a target per process kind', () => {
    expect(stages.map((stage) => stage.name)).toEqual(expect.arrayContaining(['build', 'prod-deps', ...IMAGE_KINDS]));
    const buildRuns = inChain(stages, 'build', 'RUN').map((instruction) => instruction.args.join(' '));
    expect(buildRuns.some((command) => /\bnpm ci\b/.test(command))).toBe(true);
    expect(buildRuns.some((command) => command.includes('tools/src/build-frontends.ts'))).toBe(true);
    expect(inChain(stages, 'prod-deps', 'RUN').map((instruction) => instruction.args.join(' ')).join('\n')).toMatch(/npm ci --omit=dev/);
  });

  for (const target of IMAGE_KINDS) {
    it(`target ${target}: Node 24, non-root, no devDependencies, its entry point, a health check`, () => {
      expect(targetProblems(stages, target, context)).toEqual([]);
    });
  }

  it('the api target holds the built frontends (copied from the build stage)', () => {
    const copies = inChain(stages, 'api', 'COPY').filter((instruction) => instruction.flags.from === 'build');
    expect(copies.flatMap((instruction) => instruction.args.slice(0, -1))).toEqual(['/out/frontends/']);
  });

  it('copies from the build context only what exists and the .dockerignore keeps', () => {
    expect(contextProblems(stages, context)).toEqual([]);
    for (const kept of ['package.json', 'package-lock.json', 'apps/api/src/server.ts', 'frontends/shell/src', 'config/practice.json', 'deploy/run/api.ts', 'tools/src/build-frontends.ts']) {
      expect({ kept, ignored: context.ignored(kept) }).toEqual({ kept, ignored: false });
    }
    for (const left of ['node_modules/jest/package.json', 'frontends/shell/node_modules/x', 'frontends/shell/dist/index.html', '.data/postgres', '.git/HEAD', 'apps/api/src/http/api.int.test.ts', 'apps/api/src/http/health.router.test.ts', 'deploy/k8s/api.yaml']) {
      expect({ left, ignored: context.ignored(left) }).toEqual({ left, ignored: true });
    }
  });
});

describe('the same rules on a broken Dockerfile', () => {
  const broken = parseStages(`ARG NODE_IMAGE=node:22-bookworm-slim
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci && node tools/src/build-frontends.ts
FROM build AS prod-deps
RUN npm install --omit=dev
FROM \${NODE_IMAGE} AS api
COPY --from=build /app /app
COPY missing-folder ./missing-folder
COPY docs ./docs
CMD ["node", "apps/api/src/index.ts"]
FROM build AS worker
USER 1000
CMD ["node", "apps/worker/src/main.ts"]
HEALTHCHECK NONE
`);

  it('names each fault', () => {
    const problems = [
      ...targetProblems(broken, 'api', { ...context, manifests: [] }),
      ...targetProblems(broken, 'worker', { ...context, manifests: [] }),
      ...targetProblems(broken, 'migrate', context),
      ...contextProblems(broken, context),
    ];
    expect(problems).toEqual([
      'api: base image node:22-bookworm-slim is not Node 24',
      'api: runs as root (no USER), not a numeric non-root user',
      'api: copies /app from build, a stage with devDependencies, and with it their node_modules',
      'api: CMD ["node","apps/api/src/index.ts"] is not ["node","deploy/run/api.ts"]',
      'api: no HEALTHCHECK and no Kubernetes workload runs it',
      'worker: installs devDependencies (npm ci)',
      'worker: no HEALTHCHECK and no Kubernetes workload runs it',
      'no stage named migrate',
      'COPY source missing-folder does not exist',
      'COPY source docs is in the .dockerignore',
    ]);
  });
});
