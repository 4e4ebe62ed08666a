/**
 * The two portals `npm run bench -- federation` compares, in a process of its own (the Lighthouse
 * driver never shares their event loop), started as tools/bench/api-server.ts starts the portal
 * (embedded PostgreSQL in a fresh folder, schema migrated, the provider sandbox, the API as the
 * application role, logging at info into nothing):
 *
 * - composed: the API serving the frontends' builds (frontends/<name>/dist) as under npm start;
 * - single: a second API on the same database and sandbox, the same code and settings, with
 *   FRONTENDS_DIR at the single bundle's folder (webpack.config.js here): its index.html, assets
 *   and precompressed twins through the same serving code (same Content-Encoding, Cache-Control,
 *   Vary), and the same data behind /api.
 *
 * Prints one JSON line {composed, single} (their URLs) when ready; stops on SIGTERM.
 *
 *   node tools/bench/single-bundle/server.ts
 */
import { startApi } from '@portal/api';
import { createLogger } from '@portal/composition';
import { discard, startBenchBackend, stopsOnSignal } from '../bench-backend.ts';
import { SINGLE_FRONTENDS_DIR } from './webpack.config.js';

const stops = stopsOnSignal();
const backend = await startBenchBackend(stops);
const { databaseUrl } = backend;
// No Prometheus port: two APIs in one process (and any other API on this machine) would want the same one.
const env: NodeJS.ProcessEnv = { ...backend.env, METRICS_PORT: 'off' };
const composed = await startApi({ databaseUrl, port: 0, env, logger: createLogger('info', discard) });
stops.push(() => composed.close());
const single = await startApi({ databaseUrl, port: 0, env: { ...env, FRONTENDS_DIR: SINGLE_FRONTENDS_DIR }, logger: createLogger('info', discard) });
stops.push(() => single.close());
console.log(JSON.stringify({ composed: composed.url, single: single.url }));
