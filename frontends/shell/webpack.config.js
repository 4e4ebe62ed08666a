// The shell: single-spa root config and module federation host. Builds to ./dist with index.html.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../../webpack.config.base.js';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (_env = {}, argv = {}) =>
  createConfig({ name: 'shell', dir, isHost: true, port: 3000, mode: argv.mode ?? 'production' });
