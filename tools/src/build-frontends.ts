/**
 * Builds the shell and the micro-frontends for production with the webpack Node API, then prints
 * what each one puts on the wire when the portal first opens: total JavaScript bytes and gzip
 * bytes of its initial load. Exits non-zero on any build error.
 *
 *   npx node tools/src/build-frontends.ts            # all (npm run build)
 *   npx node tools/src/build-frontends.ts identity   # some
 *   import { buildFrontends } from './build-frontends.ts'   # from other tools (npm start)
 *
 * Initial load: for the shell (the host), its entry's chunks (its singletons are eager, in them);
 * its other chunks load on an import() when first used and count as lazy; for a remote, remoteEntry.js plus the chunks of its exposed
 * modules, leaving out the chunks that only hold shared singletons (react, react-dom,
 * react-query, single-spa): the shell provides those, so a remote's own copies never load.
 * Lazy: chunks that load later, on an import() (a page of its own, the phone-auth
 * SDK), again without the shared singletons.
 *
 * After a build, every text asset gets its precompressed twins beside it (<file>.br at Brotli's
 * best quality, <file>.gz at gzip's), which the API serves by content negotiation
 * (apps/api/src/http/frontends.ts), and each bundle's dist/load.json records its load (the files
 * above and their sizes): the API preloads a route's first files from it, and the size budgets
 * (tools/bench/budgets.e2e.ts) and `npm run bench -- bundles` read it
 * (docs/decisions/0030-performance-serving-and-benchmarks.md).
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip as gzipCallback, gzipSync } from 'node:zlib';
import webpack from 'webpack';
import type { Configuration, MultiStats, StatsChunk, StatsCompilation } from 'webpack';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Build order is irrelevant (remotes are found at run time); the shell is listed first. */
export const FRONTENDS = ['shell', 'identity', 'dashboard', 'staff', 'enrollment', 'booking'] as const;

/** The host's name; every other frontend is a module federation remote. */
const HOST = 'shell';

type ConfigFactory = (env: Record<string, unknown>, argv: { mode: 'production' | 'development' }) => Configuration;

export interface LoadSize {
  readonly name: string;
  readonly files: readonly string[];
  readonly jsBytes: number;
  readonly jsGzipBytes: number;
  readonly cssBytes: number;
  readonly cssGzipBytes: number;
  /** Chunks loaded later, on an import(). */
  readonly lazyFiles: readonly string[];
  readonly lazyJsBytes: number;
  readonly lazyJsGzipBytes: number;
  readonly allJsBytes: number;
  /** remoteEntry.js alone, gzipped (remotes only; 0 for the shell). */
  readonly entryGzipBytes: number;
  /** The initial JS without remoteEntry.js: the chunks of the exposed modules (remotes), gzipped. */
  readonly firstChunksGzipBytes: number;
  /** The initial JS and CSS at Brotli's best quality, as the API sends it to a browser that accepts br. */
  readonly brotliBytes: number;
  /**
   * The files of each named lazy chunk group (an import() with a webpackChunkName), the split
   * vendor chunks it loads beside it included: what the API preloads for a route whose manifest
   * names that chunk (RouteDeclaration.chunk).
   */
  readonly chunks: Readonly<Record<string, readonly string[]>>;
}

/** Extensions of the files that get .br and .gz twins (text; images and fonts are compressed already). */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.css', '.html', '.svg', '.json', '.txt'] as const;

/** Smaller than this, a file is sent as it is (a compressed copy would save a packet at most). */
export const PRECOMPRESS_MIN_BYTES = 256;

const brotliOptions = (content: Buffer) => ({
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.byteLength },
});

/** Brotli at its best quality, as the twins are written. */
export const brotli = (content: Buffer): Buffer => brotliCompressSync(content, brotliOptions(content));

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzipCallback);

/**
 * Writes <file>.br and <file>.gz beside every text asset of a dist folder. Source maps are left
 * out: only developer tools fetch them, and Brotli's best quality on them would double the build's
 * time. A twin is kept only when it is smaller than the file.
 */
export const precompress = async (dir: string): Promise<number> => {
  const files = (await readdir(dir, { recursive: true })).filter((file) => (PRECOMPRESSED_EXTENSIONS as readonly string[]).includes(path.extname(file)));
  // zlib's asynchronous calls run on libuv's thread pool: the files compress on every core at once.
  const written = await Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const content = await readFile(full).catch(() => null);
      if (content === null || content.byteLength < PRECOMPRESS_MIN_BYTES) return 0;
      const [br, gz] = await Promise.all([brotliAsync(content, brotliOptions(content)), gzipAsync(content, { level: zlibConstants.Z_BEST_COMPRESSION })]);
      let count = 0;
      for (const [suffix, compressed] of [['.br', br], ['.gz', gz]] as const) {
        if (compressed.byteLength >= content.byteLength) continue;
        await writeFile(`${full}${suffix}`, compressed);
        count += 1;
      }
      return count;
    }),
  );
  return written.reduce((sum, count) => sum + count, 0);
};

/** What dist/load.json holds: the bundle's load as measured at build (see LoadSize). */
export const LOAD_FILE = 'load.json';

const loadConfig = async (name: string): Promise<Configuration> => {
  const file = path.join(ROOT, 'frontends', name, 'webpack.config.js');
  const module: unknown = await import(pathToFileURL(file).href);
  const factory = (module as { default?: unknown }).default;
  if (typeof factory !== 'function') throw new Error(`${file} must export a config function as default`);
  return (factory as ConfigFactory)({}, { mode: 'production' });
};

const run = (compiler: webpack.MultiCompiler): Promise<MultiStats> =>
  new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close((closeError) => {
        if (error ?? closeError) reject(error ?? closeError);
        else if (!stats) reject(new Error('webpack returned no stats'));
        else resolve(stats);
      });
    });
  });

/** Origins that make a chunk part of the shared singletons rather than of a bundle's own code. */
const isSharedOrigin = (moduleIdentifier: string | undefined): boolean =>
  moduleIdentifier !== undefined && /^(?:provide module|consume-shared-module)/.test(moduleIdentifier);

/** A consumed singleton's fallback: loads only when no bundle provides the package. */
const isConsumeFallbackOrigin = (moduleIdentifier: string | undefined): boolean =>
  moduleIdentifier !== undefined && moduleIdentifier.startsWith('consume-shared-module');

const onlyFrom = (chunk: StatsChunk, test: (moduleIdentifier: string | undefined) => boolean): boolean =>
  !chunk.entry && (chunk.origins ?? []).length > 0 && (chunk.origins ?? []).every((origin) => test(origin.moduleIdentifier));

/** Chunks reachable from the start chunks, following async children. */
const reachable = (chunks: readonly StatsChunk[], start: readonly (string | number)[], skip: (chunk: StatsChunk) => boolean): StatsChunk[] => {
  const byId = new Map(chunks.map((chunk) => [chunk.id, chunk] as const));
  const seen = new Set<string | number>();
  const result: StatsChunk[] = [];
  const queue = [...start];
  while (queue.length > 0) {
    const id = queue.shift();
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    const chunk = byId.get(id);
    if (!chunk || skip(chunk)) continue;
    result.push(chunk);
    queue.push(...(chunk.children ?? []));
  }
  return result;
};

/** The chunks of a remote's exposed modules: the container entry loads them for container.get(). */
const isExposedModuleChunk = (chunk: StatsChunk): boolean =>
  (chunk.origins ?? []).some((origin) => origin.moduleIdentifier?.startsWith('container entry') === true);

interface LoadFiles {
  readonly initial: string[];
  readonly lazy: string[];
}

const loadFiles = (name: string, stats: StatsCompilation): LoadFiles => {
  const chunks = stats.chunks ?? [];
  const entrypoints = Object.values(stats.entrypoints ?? {});
  if (name === HOST) {
    const main = stats.entrypoints?.main;
    const start = main?.chunks ?? [];
    // The host's entry chunks load before its first render (its singletons are in them, eager);
    // its other chunks load on an import() when first needed (the menu, dialogs, toasts, codecs:
    // decision 0034). Consume fallbacks never load: the host provides those packages.
    const all = reachable(chunks, start, (chunk) => onlyFrom(chunk, isConsumeFallbackOrigin));
    const initial = all.filter((chunk) => start.includes(chunk.id ?? ''));
    return { initial: initial.flatMap((chunk) => chunk.files ?? []), lazy: all.filter((chunk) => !initial.includes(chunk)).flatMap((chunk) => chunk.files ?? []) };
  }
  // A remote: its container entry (remoteEntry.js), then the exposed modules it loads; anything
  // further down loads on an import().
  const start = entrypoints.filter((entry) => entry.name !== 'standalone').flatMap((entry) => entry.chunks ?? []);
  const all = reachable(chunks, start, (chunk) => onlyFrom(chunk, isSharedOrigin));
  const initial = all.filter((chunk) => chunk.entry || isExposedModuleChunk(chunk));
  const lazy = all.filter((chunk) => !initial.includes(chunk));
  return { initial: initial.flatMap((chunk) => chunk.files ?? []), lazy: lazy.flatMap((chunk) => chunk.files ?? []) };
};

/**
 * Each named lazy chunk group's files, without those already loaded first (`initial`) or, for a
 * remote, shared singletons' (the host provides them; the host's own are the ones that load).
 */
const namedChunkFiles = (bundle: string, stats: StatsCompilation, initial: readonly string[]): Record<string, string[]> => {
  const shared = new Set(
    bundle === HOST ? [] : (stats.chunks ?? []).filter((chunk) => onlyFrom(chunk, isSharedOrigin)).flatMap((chunk) => chunk.files ?? []),
  );
  const groups: Record<string, string[]> = {};
  for (const [name, group] of Object.entries(stats.namedChunkGroups ?? {})) {
    if (Object.hasOwn(stats.entrypoints ?? {}, name)) continue;
    groups[name] = (group.assets ?? []).map((asset) => asset.name).filter((file) => /\.(?:js|css)$/.test(file) && !initial.includes(file) && !shared.has(file));
  }
  return groups;
};

const sizeOf = async (outputPath: string, files: readonly string[]): Promise<{ bytes: number; gzip: number; brotli: number }> => {
  let bytes = 0;
  let gzipBytes = 0;
  let brotliBytes = 0;
  for (const file of files) {
    const content = await readFile(path.join(outputPath, file));
    bytes += content.byteLength;
    // Default gzip level: the figure the issue's budgets were stated in.
    gzipBytes += gzipSync(content).byteLength;
    brotliBytes += brotli(content).byteLength;
  }
  return { bytes, gzip: gzipBytes, brotli: brotliBytes };
};

const measure = async (name: string, stats: StatsCompilation): Promise<LoadSize> => {
  const outputPath = stats.outputPath ?? path.join(ROOT, 'frontends', name, 'dist');
  const load = loadFiles(name, stats);
  const files = [...new Set(load.initial)];
  const lazyFiles = [...new Set(load.lazy)].filter((file) => file.endsWith('.js') && !files.includes(file));
  const js = files.filter((file) => file.endsWith('.js'));
  const css = files.filter((file) => file.endsWith('.css'));
  const allJs = (await readdir(outputPath)).filter((file) => file.endsWith('.js'));
  const entry = name === HOST ? [] : js.filter((file) => file === 'remoteEntry.js');
  const [jsSize, cssSize, lazySize, allJsSize, entrySize] = await Promise.all([
    sizeOf(outputPath, js),
    sizeOf(outputPath, css),
    sizeOf(outputPath, lazyFiles),
    sizeOf(outputPath, allJs),
    sizeOf(outputPath, entry),
  ]);
  const size: LoadSize = {
    name,
    files,
    jsBytes: jsSize.bytes,
    jsGzipBytes: jsSize.gzip,
    cssBytes: cssSize.bytes,
    cssGzipBytes: cssSize.gzip,
    lazyFiles,
    lazyJsBytes: lazySize.bytes,
    lazyJsGzipBytes: lazySize.gzip,
    allJsBytes: allJsSize.bytes,
    entryGzipBytes: entrySize.gzip,
    firstChunksGzipBytes: name === HOST ? 0 : jsSize.gzip - entrySize.gzip,
    brotliBytes: jsSize.brotli + cssSize.brotli,
    chunks: namedChunkFiles(name, stats, files),
  };
  await writeFile(path.join(outputPath, LOAD_FILE), `${JSON.stringify(size, null, 2)}\n`);
  return size;
};

/** A built bundle's dist/load.json, or null when it has not been built (or was built before load.json existed). */
export const readLoadSize = async (name: string, frontendsDir = path.join(ROOT, 'frontends')): Promise<LoadSize | null> => {
  try {
    return JSON.parse(await readFile(path.join(frontendsDir, name, 'dist', LOAD_FILE), 'utf8')) as LoadSize;
  } catch {
    return null;
  }
};

const bytes = (value: number): string => value.toLocaleString('en-US');

const report = (sizes: readonly LoadSize[]): void => {
  const rows = [
    ['bundle', 'initial JS bytes', 'gzip', 'initial CSS bytes', 'gzip', 'lazy JS bytes', 'gzip', 'all emitted JS'],
    ...sizes.map((size) => [
      size.name,
      bytes(size.jsBytes),
      bytes(size.jsGzipBytes),
      bytes(size.cssBytes),
      bytes(size.cssGzipBytes),
      bytes(size.lazyJsBytes),
      bytes(size.lazyJsGzipBytes),
      bytes(size.allJsBytes),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  console.log('\nInitial load per bundle (remotes without the shared singletons the shell provides; lazy = loaded later on import()):');
  for (const row of rows) {
    console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
  }
  for (const size of sizes) {
    console.log(`  ${size.name}: ${size.files.join(', ')}${size.lazyFiles.length > 0 ? `; lazy: ${size.lazyFiles.join(', ')}` : ''}`);
  }
};

export interface BuildFrontendsOptions {
  /** Frontends to build; all when omitted. */
  names?: readonly string[];
  /** No size report and no warnings; errors are still printed. */
  quiet?: boolean;
}

/**
 * Builds the frontends for production into frontends/<name>/dist. Rejects when any build has
 * errors (after printing them); resolves with each bundle's initial-load size.
 */
export const buildFrontends = async ({ names = FRONTENDS, quiet = false }: BuildFrontendsOptions = {}): Promise<LoadSize[]> => {
  const unknown = names.filter((name) => !(FRONTENDS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`Unknown frontend(s): ${unknown.join(', ')}. Known: ${FRONTENDS.join(', ')}`);
  const configs = await Promise.all(names.map(loadConfig));

  const started = Date.now();
  const multiStats = await run(webpack(configs));
  const failed: string[] = [];
  const sizes: LoadSize[] = [];
  for (const [index, stats] of multiStats.stats.entries()) {
    const name = names[index]!;
    const json = stats.toJson({
      all: false,
      chunks: true,
      chunkOrigins: true,
      chunkRelations: true,
      entrypoints: true,
      chunkGroups: true,
      ids: true,
      errors: true,
      warnings: true,
      outputPath: true,
    });
    if (!quiet) for (const warning of json.warnings ?? []) console.warn(`[${name}] warning: ${warning.message}`);
    if (stats.hasErrors()) {
      failed.push(name);
      for (const error of json.errors ?? []) console.error(`[${name}] error: ${error.message}`);
      continue;
    }
    sizes.push(await measure(name, json));
    await precompress(json.outputPath ?? path.join(ROOT, 'frontends', name, 'dist'));
  }
  if (failed.length > 0) throw new Error(`Frontend build failed: ${failed.join(', ')}`);
  if (!quiet) {
    console.log(`Built ${names.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    report(sizes);
  }
  return sizes;
};

// Run as a script (npm run build), not when imported (npm start builds through buildFrontends).
if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildFrontends({ names: process.argv.slice(2).length > 0 ? process.argv.slice(2) : FRONTENDS }).catch((error: unknown) => {
    console.error(error instanceof Error ? `\n${error.message}` : error);
    process.exitCode = 1;
  });
}
