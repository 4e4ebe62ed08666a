/**
 * What the images run must be installed by `npm ci --omit=dev` (deploy/docker/Dockerfile, stage
 * prod-deps), and must run as it is on Node 24's type stripping (decision 0036).
 *
 * From each image's entry point (the API's, the worker's, the migration's), every module the
 * process loads at run time is followed: relative imports, the workspaces' `@portal/*` packages
 * (through their `exports`), static and dynamic `import`s; `import type` and type-only exports
 * are erased by Node and skipped. Every third-party package reached must be in package-lock.json
 * without `dev: true` (npm's own mark for "only needed by devDependencies", which --omit=dev leaves
 * out), and every TypeScript file reached must lie outside node_modules (Node refuses to strip
 * types there).
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ENTRY_POINTS } from './images.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');


/** Packages each process certainly loads: proof that the walk below follows the imports through. */
const REACHES = {
  api: ['koa', '@koa/router', 'knex', 'pg', 'graphile-worker', 'pino', 'stripe', 'firebase-admin'],
  worker: ['graphile-worker', 'knex', 'pg', 'pino'],
  migrate: ['knex', 'pg', 'graphile-worker'],
} as const;

interface LockEntry {
  readonly dev?: boolean;
  readonly link?: boolean;
  readonly resolved?: string;
}
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

const builtins = new Set(builtinModules);
const isBuiltin = (specifier: string): boolean => specifier.startsWith('node:') || builtins.has(specifier.split('/')[0] ?? '');
const packageName = (specifier: string): string => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? specifier);
};

/** The specifiers a module loads at run time (type-only imports and exports are erased). */
const runtimeImports = (file: string, text: string): string[] => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2023, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

/** A workspace package's subpath through its `exports` ("." and "./*" patterns). */
const resolveWorkspace = (specifier: string): string => {
  const name = packageName(specifier);
  const dir = realpathSync(path.join(root, 'node_modules', name));
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { exports?: Record<string, string>; main?: string };
  const subpath = `.${specifier.slice(name.length)}`;
  const exports = manifest.exports ?? { '.': manifest.main ?? './index.js' };
  const exact = exports[subpath];
  if (exact) return path.join(dir, exact);
  for (const [pattern, target] of Object.entries(exports)) {
    if (!pattern.endsWith('*')) continue;
    const prefix = pattern.slice(0, -1);
    if (subpath.startsWith(prefix)) return path.join(dir, target.replace('*', subpath.slice(prefix.length)));
  }
  throw new Error(`${specifier}: no export of ${name} matches`);
};

interface RuntimeGraph {
  /** Repository files the process loads, relative to the root. */
  readonly files: readonly string[];
  /** Third-party packages the process imports, with one importer each. */
  readonly packages: ReadonlyMap<string, string>;
}

const runtimeGraph = (entry: string): RuntimeGraph => {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const pending = [realpathSync(path.join(root, entry))];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.(ts|tsx|js|mjs)$/.test(file)) continue;
    for (const specifier of runtimeImports(file, readFileSync(file, 'utf8'))) {
      if (isBuiltin(specifier)) continue;
      if (specifier.startsWith('.')) {
        const target = path.resolve(path.dirname(file), specifier);
        if (!existsSync(target)) throw new Error(`${path.relative(root, file)} imports ${specifier}, which does not exist`);
        pending.push(realpathSync(target));
      } else if (lock.packages[`node_modules/${packageName(specifier)}`]?.link) {
        pending.push(realpathSync(resolveWorkspace(specifier)));
      } else if (!packages.has(packageName(specifier))) {
        packages.set(packageName(specifier), path.relative(root, file));
      }
    }
  }
  return { files: [...files].map((file) => path.relative(root, file)), packages };
};

describe('what the images run', () => {
  for (const [kind, entry] of Object.entries(ENTRY_POINTS)) {
    describe(`the ${kind} image (${entry})`, () => {
      const graph = runtimeGraph(entry);

      it('imports only packages that `npm ci --omit=dev` installs', () => {
        // The walk reaches the packages each process is known to stand on.
        expect([...graph.packages.keys()]).toEqual(expect.arrayContaining([...REACHES[kind as keyof typeof ENTRY_POINTS]]));
        const devOnly = [...graph.packages]
          .filter(([name]) => {
            const entryInLock = lock.packages[`node_modules/${name}`];
            return entryInLock === undefined || entryInLock.dev === true;
          })
          .map(([name, importer]) => `${name} (imported by ${importer})`);
        expect(devOnly).toEqual([]);
      });

      it('runs on type stripping: every TypeScript file it loads is the repository\'s own, outside node_modules', () => {
        const typescript = graph.files.filter((file) => /\.tsx?$/.test(file));
        expect(typescript).toContain(entry);
        expect(typescript.filter((file) => file.startsWith('..') || file.split(path.sep).includes('node_modules'))).toEqual([]);
        // Type stripping runs .ts, never .tsx (JSX is not erasable syntax).
        expect(graph.files.filter((file) => file.endsWith('.tsx'))).toEqual([]);
      });
    });
  }

  it('finds a devDependency when a runtime module imports one (the check can fail)', () => {
    const imports = runtimeImports('probe.ts', "import type { X } from 'typescript-only';\nimport jest from 'jest';\nexport { type Y } from 'erased';\nconst m = await import('webpack');");
    expect(imports).toEqual(['jest', 'webpack']);
    expect(imports.map((name) => lock.packages[`node_modules/${name}`]?.dev)).toEqual([true, true]);
  });
});
