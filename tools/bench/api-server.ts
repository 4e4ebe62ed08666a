/**
 * A server under load for `npm run bench -- api`, in a process of its own so the load generator
 * never shares its event loop:
 *
 *   node tools/bench/api-server.ts portal   # the real API as under npm start
 *   node tools/bench/api-server.ts bare     # a bare Koa app answering {status:'ok'}
 *   node tools/bench/api-server.ts booking-backend   # PostgreSQL and the sandbox, without the API
 *   BENCH_BACKEND='{…}' node tools/bench/api-server.ts booking-api   # the API alone, on that backend
 *
 * portal: an embedded PostgreSQL of its own (a fresh folder under .data/bench-postgres/), the
 * schema migrated, the provider sandbox on a free port, the API connected as the application role
 * portal_app (as npm start does), logging at info as in production (JSON lines, discarded here:
 * production writes them to stdout for the platform); a member (sandbox patient Margaret) signed
 * in through the real provider login, a paying member (enrolled, signed and paid through the API, the
 * sandbox and a worker run for it). Prints one JSON line {url, cookie} when ready; stops on
 * SIGTERM.
 *
 * booking-backend and booking-api (`npm run bench -- booking-api`, tools/bench/booking-api.ts): the
 * same backend and API as portal, but the sandbox in a process of its own, as athenahealth is a
 * service of its own: every booking makes three or four calls to it, and their handling must not
 * run on the API's event loop. booking-backend prints {databaseUrl, ownerUrl, env}; booking-api
 * takes that line in BENCH_BACKEND and prints {url, cookie: ''} (the bench signs in by itself).
 *
 * SIGUSR2 starts V8's CPU profiler (the one behind --cpu-prof) and the next SIGUSR2 stops it and
 * writes the .cpuprofile into .tmp/bench/profiles/, printing {profile: path}: the bench profiles
 * the load window only, not the start (module loading, migrations, the sandbox's seeding).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type net from 'node:net';
import path from 'node:path';
import Koa from 'koa';
import { startApi } from '@portal/api';
import { createLogger } from '@portal/composition';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { startWorker } from '@portal/worker';
import { paidEnrollment, signedEnrollment, signedInForEnrollment } from '../src/testing/enrollment-flow.ts';
import { pointStripeWebhooks } from '../src/stripe-webhooks.ts';
import { signIn } from '../src/testing/sign-in.ts';
import { discard, startBenchBackend, stopsOnSignal } from './bench-backend.ts';
import { ROOT } from './report.ts';

const stops = stopsOnSignal();

let profiler: Session | null = null;
process.on('SIGUSR2', () => {
  void (async () => {
    if (profiler === null) {
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 500 });
      await profiler.post('Profiler.start');
      console.log(JSON.stringify({ profiling: true }));
      return;
    }
    const { profile } = await profiler.post('Profiler.stop');
    profiler.disconnect();
    profiler = null;
    const dir = path.join(ROOT, '.tmp/bench/profiles');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `api-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(JSON.stringify({ profile: file }));
  })();
});

const mode = process.argv[2];

if (mode === 'bare') {
  const app = new Koa();
  app.use((ctx) => {
    ctx.body = { status: 'ok' };
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, cookie: '' }));
} else if (mode === 'portal') {
  const { databaseUrl, env } = await startBenchBackend(stops);
  const api = await startApi({ databaseUrl, port: 0, env, logger: createLogger('info', discard) });
  stops.push(() => api.close());
  // Margaret is a paying member, as the enrollment flow leaves her (signed agreement filed by the
  // worker, card paid in the Stripe sandbox): the signed-in pages Lighthouse measures (dashboard,
  // appointments, booking) show a member's screens, not the offer to enroll.
  const sandboxUrl = String(env.PROVIDER_SANDBOX_URL);
  await pointStripeWebhooks(sandboxUrl, api.url);
  const worker = await startWorker({ databaseUrl, env: { PUBLIC_ORIGIN: api.url, ...env }, logger: createLogger('info', discard), migrate: false, pollIntervalMs: 200 });
  const enrolling = await signedInForEnrollment(api.url, PATIENT_IDS.margaret);
  await paidEnrollment(api.url, sandboxUrl, enrolling, await signedEnrollment(api.url, enrolling, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan'));
  await worker.stop();
  const { portal, status } = await signIn({ apiUrl: api.url, personId: PATIENT_IDS.margaret });
  if (status !== 302) throw new Error(`sign-in answered ${status}`);
  const session = await fetch(`${api.url}/api/auth/session`, { headers: { Cookie: portal.jar.header() } });
  if (session.status !== 200) throw new Error(`GET /api/auth/session answered ${session.status} after sign-in`);
  console.log(JSON.stringify({ url: api.url, cookie: portal.jar.header() }));
} else if (mode === 'booking-backend') {
  console.log(JSON.stringify(await startBenchBackend(stops)));
} else if (mode === 'booking-api') {
  const { databaseUrl, env } = JSON.parse(process.env.BENCH_BACKEND ?? '{}') as { databaseUrl: string; env: NodeJS.ProcessEnv };
  const api = await startApi({ databaseUrl, port: 0, env, logger: createLogger('info', discard) });
  stops.push(() => api.close());
  console.log(JSON.stringify({ url: api.url, cookie: '' }));
} else {
  console.error('usage: node tools/bench/api-server.ts portal|bare|booking-backend|booking-api');
  process.exit(2);
}
