/**
 * Builds the single bundle (webpack.config.js here) for production and writes the same
 * precompressed .br/.gz twins the frontends' build writes (tools/src/build-frontends.ts), so the
 * API sends both sides of `npm run bench -- federation` the same way.
 *
 *   node tools/bench/single-bundle/build.ts
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import type { Configuration, Stats } from 'webpack';
import { precompress } from '../../src/build-frontends.ts';
import configFor, { SINGLE_DIST, SINGLE_FRONTENDS_DIR } from './webpack.config.js';

export { SINGLE_DIST, SINGLE_FRONTENDS_DIR };

export interface SingleBuild {
  readonly dist: string;
  /** Every .js file emitted, with its size in bytes (the entry and the sources' own lazy chunks). */
  readonly js: ReadonlyArray<{ readonly file: string; readonly bytes: number }>;
  readonly seconds: number;
}

export const buildSingleBundle = async (): Promise<SingleBuild> => {
  const started = Date.now();
  const config: Configuration = configFor({}, { mode: 'production' });
  const compiler = webpack(config);
  const stats = await new Promise<Stats>((resolve, reject) => {
    compiler.run((error, result) => {
      compiler.close((closeError) => {
        if (error ?? closeError) reject(error ?? closeError);
        else if (!result) reject(new Error('webpack returned no stats'));
        else resolve(result);
      });
    });
  });
  if (stats.hasErrors()) {
    const { errors = [] } = stats.toJson({ all: false, errors: true });
    throw new Error(`single-bundle build failed:\n${errors.map((error) => error.message).join('\n')}`);
  }
  await precompress(SINGLE_DIST);
  const files = (await readdir(SINGLE_DIST)).filter((file) => file.endsWith('.js')).sort();
  const js = await Promise.all(files.map(async (file) => ({ file, bytes: (await stat(path.join(SINGLE_DIST, file))).size })));
  return { dist: SINGLE_DIST, js, seconds: (Date.now() - started) / 1000 };
};

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const built = await buildSingleBundle();
  console.log(`Single bundle built in ${built.seconds.toFixed(1)} s into ${path.relative(process.cwd(), built.dist)}:`);
  for (const { file, bytes } of built.js) console.log(`  ${file}  ${bytes.toLocaleString('en-US')} bytes`);
}
