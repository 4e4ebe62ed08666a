// The identity micro-frontend (/login, /guest-login): a module federation remote exposing
// './app' (single-spa lifecycles). `--env standalone` adds a page of its own for working on it
// without the shell.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../../webpack.config.base.js';
// Imported (not only named by path) so the dependency check sees who uses it.
import eagerEnglishLoader from './eager-english-loader.cjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
if (typeof eagerEnglishLoader !== 'function') throw new Error('eager-english-loader.cjs must export a webpack loader');

export default (env = {}, argv = {}) => {
  const config = createConfig({
    name: 'identity',
    dir,
    exposes: { './app': './src/app.tsx' },
    port: 3101,
    mode: argv.mode ?? 'production',
    ...(env.standalone ? { standaloneEntry: './src/standalone.ts' } : {}),
  });
  // English words of the design system and the data client in this remote's chunk (eager-english-loader.cjs).
  config.module.rules.push({
    test: /[\\/]frontends[\\/](?:ui|client)[\\/]src[\\/]i18n\.ts$/,
    enforce: 'post',
    use: { loader: path.join(dir, 'eager-english-loader.cjs') },
  });
  return config;
};
