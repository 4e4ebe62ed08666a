/**
 * The message catalogs of the patient-facing packages (issue 26, decision 0057): where they are,
 * and what each message's placeholders are. Used by the catalog check (catalogs.test.ts) and the
 * pseudo-locale build.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CATALOG_LOCALES = ['en', 'es'] as const;

export interface CatalogPair {
  /** The package folder ('frontends/booking'). */
  readonly pkg: string;
  /** The folder holding en.json and es.json ('frontends/booking/src/messages'). */
  readonly dir: string;
  readonly en: Readonly<Record<string, string>>;
  readonly es: Readonly<Record<string, string>>;
}

const walk = (dir: string, found: string[] = []): string[] => {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'fixtures') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, found);
    else found.push(full);
  }
  return found;
};

const readCatalog = (file: string): Record<string, string> => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch (error) {
    throw new Error(`${path.relative(ROOT, file)}: not JSON (${(error as Error).message})`);
  }
};

/** Every frontends/<pkg>/src/**\/messages/ folder with its two catalogs. */
export const catalogPairs = (): CatalogPair[] => {
  const frontends = path.join(ROOT, 'frontends');
  const pairs: CatalogPair[] = [];
  for (const pkg of readdirSync(frontends)) {
    const src = path.join(frontends, pkg, 'src');
    try {
      statSync(src);
    } catch {
      continue;
    }
    const dirs = new Set(walk(src).filter((file) => /[\\/]messages[\\/]en\.json$/.test(file)).map((file) => path.dirname(file)));
    for (const dir of dirs) {
      pairs.push({
        pkg: path.join('frontends', pkg),
        dir: path.relative(ROOT, dir),
        en: readCatalog(path.join(dir, 'en.json')),
        es: readCatalog(path.join(dir, 'es.json')),
      });
    }
  }
  return pairs;
};

/** The package's source files that may use a catalog's ids (not tests, not the catalogs). */
export const sourceFiles = (pkg: string): string[] =>
  walk(path.join(ROOT, pkg, 'src')).filter((file) => /\.(?:ts|tsx)$/.test(file) && !/\.(?:test|e2e|pact\.test)\.tsx?$/.test(file));

/** The names a message's ICU arguments use, sorted ('{name}', plural and select variables, nested). */
export const placeholdersOf = (message: string): string[] => {
  const names = new Set<string>();
  // Lingui's compiled form: a message is a list of parts; a part is text or an argument
  // [name] / [name, type, format-or-branches], whose branches are lists of parts again.
  const visitParts = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part) || typeof part[0] !== 'string') continue;
      names.add(part[0]);
      const branches = part[2];
      if (branches && typeof branches === 'object' && !Array.isArray(branches)) for (const branch of Object.values(branches)) visitParts(branch);
    }
  };
  visitParts(compileMessage(message));
  return [...names].sort();
};
