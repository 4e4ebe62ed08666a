// The booking micro-frontend (/appointments, /appointments/booking, /appointments/practice-location): a module federation remote exposing './app'
// (single-spa lifecycles). `--env standalone` adds a page of its own for working on it without
// the shell.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../../webpack.config.base.js';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env = {}, argv = {}) =>
  createConfig({
    name: 'booking',
    dir,
    exposes: { './app': './src/app.tsx' },
    port: 3106,
    mode: argv.mode ?? 'production',
    ...(env.standalone ? { standaloneEntry: './src/standalone.ts' } : {}),
  });
