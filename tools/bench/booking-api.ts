/**
 * `npm run bench -- booking-api [--duration=3] [--profile]`: issue 15's "p99 ≤ 50 ms at a fixed 1,000
 * requests/s for a booking", through the API: POST /api/appointments/{patientId}/book as a signed-in
 * browser sends it, at 1,000 attempts/s evenly spaced (open-loop.ts: latency from when each attempt
 * was due), --duration seconds (3,000 attempts by default). One attempt in five is aimed at a slot
 * an earlier attempt was already given (its 201 came back): a 409 is expected; every attempt is a
 * patient of its own. Baseline in the same run: a bare Koa app at the same fixed rate. Then the
 * rate the machine sustains: 50 attempts at a time, back to back, for 2 s (the same mix). The CPU
 * each process used during the fixed-rate run is printed; --profile records the API's V8 CPU
 * profile over that run (api-server.ts, SIGUSR2) and prints where its time went.
 *
 * Three processes besides this one (the load generator): PostgreSQL with the provider sandbox
 * (standing in for athenahealth, which the API calls three or four times per booking), the API
 * as under npm start (api-server.ts booking-backend and booking-api), the bare app.
 *
 * The fixture, written here into the databases before the load (a benchmark's setup, not the
 * product's): patients in the sandbox's `patients` table, each with an active membership in our
 * `enrollments` (one made by the enrollment repository, cloned per patient), open Office Visit
 * slots in the sandbox's schedule at :15 and :45 (the seeded ones are on the hour and half hour),
 * and SESSIONS caregiver sessions, each a real sign-in through the provider login (Margaret),
 * whose linked patients in auth_sessions are extended to their share of the patients, as the
 * health record's links would leave them.
 *
 * Checked after the load, from both databases: no slot holds two live bookings; every 2xx is one
 * booked row of ours and one booked slot in the sandbox, for that attempt's patient, and nothing
 * else of the fixture is booked; no attempt at a taken slot was given it.
 */
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Knex } from 'knex';
import { createKnex } from '@portal/persistence';
import { PATIENT_IDS } from '@portal/provider-sandbox';
import { activeMembership } from '../src/testing/members.ts';
import { signIn } from '../src/testing/sign-in.ts';
import { signal, startBenchProcess, startServer, stopServer, summariseProfile } from './api.ts';
import { option } from './booking.ts';
import { openLoop, send, type OpenLoopRequest } from './open-loop.ts';
import { percentile, ROOT, type Figure } from './report.ts';

const RATE = 1_000;
const TAKEN_EVERY = 5; // one attempt in five: 20 % at a taken slot
const SESSIONS = 50;
const CONCURRENCY = 50;
const WARM_UP_SECONDS = 1;
const SUSTAINED_SECONDS = 2;
/** Patients (and fresh slots) the closed-loop runs may use at most: 1,000 attempts/s for their duration. */
const CLOSED_LOOP_BUDGET = (WARM_UP_SECONDS + SUSTAINED_SECONDS) * 1_000;
const FIRST_PATIENT = 900_001;
const SANDBOX = 'provider_sandbox';
const OFFICE_VISIT = '2';

// ---- processes -------------------------------------------------------------------------------

interface Child {
  readonly child: ChildProcess;
  readonly info: Record<string, unknown>;
}

const stop = (child: ChildProcess): Promise<void> => stopServer({ child, url: '', cookie: '' });

/** CPU seconds a process has used (Linux /proc; 0 elsewhere). */
const cpuOf = (pid: number | undefined): number => {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return 0;
  const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** The machine's busy and total CPU seconds, all cores (Linux /proc/stat). */
const machineCpu = (): { busy: number; total: number } => {
  if (!existsSync('/proc/stat')) return { busy: 0, total: 0 };
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1, 9).map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy: busy / 100, total: (busy + idle! + iowait!) / 100 };
};

/** Where the machine's CPU went while `run` ran: the API, the sandbox's process, this one, and the rest (PostgreSQL, anyone else). */
const cpuDuring = async <T>(pids: { api?: number; sandbox?: number }, run: () => Promise<T>): Promise<{ result: T; line: string }> => {
  const before = { api: cpuOf(pids.api), sandbox: cpuOf(pids.sandbox), self: process.cpuUsage(), machine: machineCpu(), at: performance.now() };
  const result = await run();
  const self = process.cpuUsage(before.self);
  const api = cpuOf(pids.api) - before.api;
  const sandbox = cpuOf(pids.sandbox) - before.sandbox;
  const load = (self.user + self.system) / 1e6;
  const machine = machineCpu();
  const busy = machine.busy - before.machine.busy;
  const total = machine.total - before.machine.total;
  const seconds = (performance.now() - before.at) / 1000;
  const share = (value: number) => `${value.toFixed(1)} s (${((value / seconds) * 100).toFixed(0)} % of a core)`;
  return {
    result,
    line: `CPU over the ${seconds.toFixed(1)} s: machine ${total > 0 ? ((busy / total) * 100).toFixed(0) : '?'} % busy of ${(total / seconds).toFixed(0)} cores; API ${share(api)}, sandbox ${share(sandbox)}, load generator ${share(load)}, the rest (PostgreSQL, anyone else) ${share(Math.max(0, busy - api - sandbox - load))}`,
  };
};

// ---- the fixture -----------------------------------------------------------------------------

interface Slot {
  readonly appointmentId: string;
  readonly providerId: string;
  readonly date: string;
  readonly time: string;
}

interface Fixture {
  readonly apiUrl: string;
  readonly patients: readonly string[];
  readonly slots: readonly Slot[];
  /** The cookie header of the session linked to patient i: cookies[i % SESSIONS]. */
  readonly cookies: readonly string[];
}

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

const seed = async (knex: Knex, apiUrl: string, count: number): Promise<Fixture> => {
  const patients = Array.from({ length: count }, (_, i) => String(FIRST_PATIENT + i));
  const profile = (id: string) => ({ patientId: id, firstName: 'Bench', lastName: `Patient ${id}`, dateOfBirth: '01/01/1980', sex: 'F', email: null, phone: null, departmentId: '1' });
  for (let i = 0; i < count; i += 1_000) {
    await knex
      .withSchema(SANDBOX)
      .table('patients')
      .insert(
        patients.slice(i, i + 1_000).map((id) => ({
          patientid: Number(id),
          firstname: 'Bench',
          lastname: `Patient ${id}`,
          dob: '01/01/1980',
          sex: 'F',
          primarydepartmentid: '1',
          portalaccount: false,
          note: 'npm run bench -- booking-api',
        })),
      );
  }
  // An active membership as the enrollment flow leaves it, then the same row for every other patient.
  const template = await activeMembership(knex, patients[0]!);
  await knex.raw(
    `INSERT INTO enrollments
       SELECT (jsonb_populate_record(NULL::enrollments, to_jsonb(e) || jsonb_build_object('id', gen_random_uuid()::text, 'athenaPatientId', p::text))).*
       FROM enrollments e, generate_series(?::int, ?::int) AS p WHERE e.id = ?`,
    [FIRST_PATIENT + 1, FIRST_PATIENT + count - 1, template],
  );
  // Open Office Visit slots, weekdays from 3 to 42 days out, at :15 and :45 past each hour of the
  // seeded day, for every provider with seeded slots (in their department); a second round of the
  // same times when the grid is short (a provider then has two slots at one time: nothing here checks).
  const { rows: slots } = (await knex.raw(
    `WITH providers AS (SELECT DISTINCT providerid, departmentid FROM "${SANDBOX}".appointments),
          grid AS (
            SELECT d::date AS day, t AS starttime, p.providerid, p.departmentid
            FROM generate_series(current_date + 3, current_date + 42, interval '1 day') AS d,
                 unnest(?::text[]) AS t, providers AS p
            WHERE extract(isodow FROM d) < 6),
          chosen AS (
            SELECT grid.* FROM grid, generate_series(1, 4) AS round
            ORDER BY round, day, starttime, providerid LIMIT ?)
     INSERT INTO "${SANDBOX}".appointments (appointmentid, day, date, starttime, starts_at, duration, departmentid, providerid, appointmenttypeid, status)
       SELECT nextval('"${SANDBOX}".appointment_ids'), to_char(day, 'YYYY-MM-DD'), to_char(day, 'MM/DD/YYYY'), starttime,
              (day + starttime::time) AT TIME ZONE 'America/New_York', 30, departmentid, providerid, ?, 'o'
       FROM chosen
     RETURNING appointmentid::text AS "appointmentId", providerid::text AS "providerId", date, starttime AS time`,
    [['08', '09', '10', '11', '13', '14', '15', '16'].flatMap((hour) => [`${hour}:15`, `${hour}:45`]), count, OFFICE_VISIT],
  )) as { rows: Slot[] };
  if (slots.length < count) throw new Error(`only ${slots.length} slots for ${count} patients`);
  // Real sessions: the provider login, as a browser goes through it; then each session's links.
  const cookies: string[] = [];
  for (let s = 0; s < SESSIONS; s += 1) {
    const { portal, status } = await signIn({ apiUrl, personId: PATIENT_IDS.margaret });
    const token = portal.jar.get('portal_session');
    if (status !== 302 || !token) throw new Error(`sign-in ${s + 1} answered ${status}`);
    const linked = patients.filter((_, i) => i % SESSIONS === s).map((id) => ({ patientId: id, relationship: 'Child', profile: profile(id) }));
    const updated = await knex('auth_sessions').where({ id: sha256(token) }).update({ linkedPatients: JSON.stringify(linked) });
    if (updated !== 1) throw new Error('the signed-in session is not in auth_sessions');
    cookies.push(portal.jar.header());
  }
  const check = await fetch(`${apiUrl}/api/auth/session`, { headers: { cookie: cookies[0]! } });
  if (check.status !== 200) throw new Error(`GET /api/auth/session answered ${check.status} after sign-in`);
  return { apiUrl, patients, slots, cookies };
};

// ---- attempts --------------------------------------------------------------------------------

interface Attempt {
  readonly phase: string;
  readonly patient: string;
  /** Its place in the fixture: the session linked to it is cookies[patientIndex % SESSIONS]. */
  readonly patientIndex: number;
  readonly slot: Slot;
  readonly atTaken: boolean;
  /** 0: no answer (a connection error). */
  status?: number;
  latency?: number;
}

/** Hands out attempts: a new patient each, a fresh slot or (every fifth, once one was given) a taken one. */
const attempts = (fixture: Fixture, origin: string) => {
  const all: Attempt[] = [];
  const given: Slot[] = [];
  let nextPatient = 0;
  let nextSlot = 0;
  let count = 0;
  const next = (phase: string): Attempt | null => {
    if (nextPatient >= fixture.patients.length) return null;
    const atTaken = count % TAKEN_EVERY === TAKEN_EVERY - 1 && given.length > 0;
    count += 1;
    const patientIndex = nextPatient++;
    const slot = atTaken ? given[Math.floor(Math.random() * given.length)]! : fixture.slots[nextSlot++]!;
    const attempt: Attempt = { phase, patient: fixture.patients[patientIndex]!, patientIndex, slot, atTaken };
    all.push(attempt);
    return attempt;
  };
  const requestOf = (attempt: Attempt): OpenLoopRequest => {
    const body = JSON.stringify({
      providerId: attempt.slot.providerId,
      appointmentId: attempt.slot.appointmentId,
      appointmentDate: attempt.slot.date,
      appointmentTime: attempt.slot.time,
      appointmentTypeId: OFFICE_VISIT,
    });
    return {
      url: `${fixture.apiUrl}/api/appointments/${attempt.patient}/book`,
      method: 'POST',
      headers: {
        cookie: fixture.cookies[attempt.patientIndex % SESSIONS]!,
        origin,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
      body,
    };
  };
  const answered = (attempt: Attempt, status: number, latency: number): void => {
    attempt.status = status;
    attempt.latency = latency;
    if (status >= 200 && status < 300 && !attempt.atTaken) given.push(attempt.slot);
  };
  return { all, next, requestOf, answered, used: () => nextPatient };
};

type Attempts = ReturnType<typeof attempts>;

/** CONCURRENCY attempts at a time, each sent when the one before it on its connection was answered. */
const closedLoop = async (book: Attempts, phase: string, seconds: number, budget: number): Promise<{ rps: number; exhausted: boolean }> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let sent = 0;
  let exhausted = false;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      if (sent >= budget) {
        exhausted = true;
        return;
      }
      const attempt = book.next(phase);
      if (!attempt) {
        exhausted = true;
        return;
      }
      sent += 1;
      const at = performance.now();
      const status = await send(agent, book.requestOf(attempt)).catch(() => 0);
      book.answered(attempt, status, performance.now() - at);
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    agent.destroy();
  }
  return { rps: sent / ((performance.now() - started) / 1000), exhausted };
};

// ---- figures ---------------------------------------------------------------------------------

const ms = (value: number): string => (Number.isNaN(value) ? '–' : `${value.toFixed(1)} ms`);
const ok = (status: number | undefined): boolean => status !== undefined && status >= 200 && status < 300;

interface Summary {
  readonly total: number;
  readonly given: number;
  readonly refused: number;
  /** Not the answer the attempt expects: a fresh slot not given, a taken slot answered other than 409, no answer. */
  readonly unexpected: Readonly<Record<string, number>>;
  readonly unexpectedCount: number;
  readonly line: string;
}

const summarise = (list: readonly Attempt[]): Summary => {
  const fresh = list.filter((attempt) => !attempt.atTaken);
  const taken = list.filter((attempt) => attempt.atTaken);
  const given = fresh.filter((attempt) => ok(attempt.status));
  const refused = taken.filter((attempt) => attempt.status === 409);
  const unexpected: Record<string, number> = {};
  for (const attempt of list) {
    const expected = attempt.atTaken ? attempt.status === 409 : ok(attempt.status);
    if (expected) continue;
    const key = `${attempt.atTaken ? 'taken slot' : 'fresh slot'} → ${attempt.status === 0 ? 'no answer' : String(attempt.status ?? 'unsent')}`;
    unexpected[key] = (unexpected[key] ?? 0) + 1;
  }
  const latencies = (of: readonly Attempt[]) => of.map((attempt) => attempt.latency!);
  const unexpectedCount = Object.values(unexpected).reduce((sum, value) => sum + value, 0);
  const line =
    `${list.length} attempts: given ${given.length} (p50/p99/max ${ms(percentile(latencies(given), 50))} / ${ms(percentile(latencies(given), 99))} / ${ms(percentile(latencies(given), 100))}), ` +
    `409 at a taken slot ${refused.length} of ${taken.length} (p50/p99/max ${ms(percentile(latencies(refused), 50))} / ${ms(percentile(latencies(refused), 99))} / ${ms(percentile(latencies(refused), 100))})` +
    (unexpectedCount ? `; unexpected: ${Object.entries(unexpected).map(([key, value]) => `${key}: ${value}`).join(', ')}` : '; nothing unexpected');
  return { total: list.length, given: given.length, refused: refused.length, unexpected, unexpectedCount, line };
};

/** What both databases hold after the load, against what the attempts were answered. */
const verify = async (knex: Knex, fixture: Fixture, all: readonly Attempt[]): Promise<{ problems: string[]; line: string }> => {
  const problems: string[] = [];
  const slotIds = fixture.slots.map((slot) => slot.appointmentId);
  const { rows: doubled } = (await knex.raw(
    `SELECT "athenaAppointmentId" FROM appointments WHERE status IN ('pending', 'booked') GROUP BY 1 HAVING count(*) > 1`,
  )) as { rows: unknown[] };
  if (doubled.length > 0) problems.push(`${doubled.length} slot(s) with two live bookings of ours`);
  const ours = new Map<string, { patient: string; status: string }>();
  for (const row of (await knex('appointments').whereIn('athenaAppointmentId', slotIds).whereIn('status', ['pending', 'booked']).select('athenaAppointmentId', 'athenaPatientId', 'status')) as Array<{
    athenaAppointmentId: string;
    athenaPatientId: string;
    status: string;
  }>) {
    ours.set(row.athenaAppointmentId, { patient: row.athenaPatientId, status: row.status });
  }
  const record = new Map<string, { patient: string; status: string }>();
  for (const row of (await knex.withSchema(SANDBOX).table('appointments').whereIn('appointmentid', slotIds).select('appointmentid', 'patientid', 'status')) as Array<{
    appointmentid: string;
    patientid: number | null;
    status: string;
  }>) {
    record.set(String(row.appointmentid), { patient: row.patientid === null ? '' : String(row.patientid), status: row.status });
  }
  const pending = [...ours.values()].filter((row) => row.status === 'pending').length;
  if (pending > 0) problems.push(`${pending} booking(s) of ours left pending`);
  const givenTo = new Map<string, string>();
  for (const attempt of all) {
    if (!ok(attempt.status)) continue;
    const id = attempt.slot.appointmentId;
    if (givenTo.has(id)) problems.push(`slot ${id} answered 2xx twice`);
    givenTo.set(id, attempt.patient);
    if (attempt.atTaken) problems.push(`slot ${id} given again to an attempt aimed at it once taken`);
    const row = ours.get(id);
    if (row?.status !== 'booked' || row.patient !== attempt.patient) problems.push(`slot ${id}: answered 2xx, but our row is ${row ? `${row.status} for another patient` : 'missing'}`);
    const slot = record.get(id);
    if (slot?.status !== 'f' || slot.patient !== attempt.patient) problems.push(`slot ${id}: answered 2xx, but the sandbox holds it as ${slot?.status ?? 'missing'}`);
  }
  const bookedOfOurs = [...ours.values()].filter((row) => row.status === 'booked').length;
  const bookedInRecord = [...record.values()].filter((row) => row.status !== 'o').length;
  if (bookedOfOurs !== givenTo.size) problems.push(`${bookedOfOurs} booked rows of ours for ${givenTo.size} 2xx answers`);
  if (bookedInRecord !== givenTo.size) problems.push(`${bookedInRecord} booked slots in the sandbox for ${givenTo.size} 2xx answers`);
  for (const attempt of all) {
    if (!attempt.atTaken) continue;
    if (ours.get(attempt.slot.appointmentId)?.patient === attempt.patient || record.get(attempt.slot.appointmentId)?.patient === attempt.patient) {
      problems.push(`slot ${attempt.slot.appointmentId} went to an attempt aimed at it once taken`);
    }
  }
  return {
    problems,
    line: `${givenTo.size} 2xx answers; ${bookedOfOurs} booked rows of ours, ${bookedInRecord} booked slots in the sandbox; ${doubled.length} slots with two live bookings; ${all.filter((a) => a.atTaken).length} attempts at taken slots, none given it: ${problems.length === 0 ? 'yes' : 'NO'}`,
  };
};

export const benchBookingApi = async (args: readonly string[]): Promise<Figure[]> => {
  const seconds = option(args, 'duration', 3);
  const count = Math.round(RATE * seconds) + CLOSED_LOOP_BUDGET;
  console.log('Starting PostgreSQL with the provider sandbox, the API (a process of its own) and a bare Koa app…');
  const backend = await startBenchProcess('booking-backend');
  const children: ChildProcess[] = [backend.child];
  let knex: Knex | null = null;
  try {
    const api = await startBenchProcess('booking-api', { BENCH_BACKEND: JSON.stringify(backend.info) });
    children.push(api.child);
    const bare = await startServer('bare');
    children.push(bare.child);
    const apiUrl = api.info.url as string;
    knex = createKnex({ url: backend.info.ownerUrl as string, poolMax: 4 });
    const seedStarted = performance.now();
    const fixture = await seed(knex, apiUrl, count);
    console.log(`  seeded ${count} patients with active memberships, ${fixture.slots.length} open slots, ${SESSIONS} signed-in sessions linking them (${((performance.now() - seedStarted) / 1000).toFixed(1)} s)`);
    const book = attempts(fixture, new URL(apiUrl).origin);
    const emails = async (): Promise<number> =>
      Number(((await knex!.withSchema(SANDBOX).table('inbox_messages').count({ count: '*' })) as Array<{ count: string }>)[0]!.count);
    /** Until the confirmation emails sent after the answers stop arriving (at most 30 s): the next run starts on a quiet API. */
    const settle = async (): Promise<number> => {
      let last = -1;
      for (let waited = 0; waited < 30_000; waited += 500) {
        const now = await emails();
        if (now === last) return now;
        last = now;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      return last;
    };

    console.log(`  fixed rate: ${RATE.toLocaleString('en-US')} attempts/s for ${seconds} s, evenly spaced (open loop, latency from when each was due)`);
    // The baseline first, on an idle machine; a short unmeasured run of it before.
    await openLoop({ rate: RATE, seconds: 1, request: () => ({ url: `${bare.url}/` }) });
    const bareFixed = await openLoop({ rate: RATE, seconds, request: () => ({ url: `${bare.url}/` }) });
    console.log(`    bare Koa                   ${bareFixed.rps.toFixed(0).padStart(5)} req/s  p50 ${bareFixed.p50} ms  p99 ${bareFixed.p99} ms  max ${bareFixed.max} ms${bareFixed.non2xx || bareFixed.errors ? `  non-2xx ${bareFixed.non2xx} errors ${bareFixed.errors}` : ''}`);

    // Warm-up, unmeasured (JIT, connection pools, the session cache): the same attempts, 50 at a time.
    await closedLoop(book, 'warm-up', WARM_UP_SECONDS, CLOSED_LOOP_BUDGET / 3);
    await settle();
    const fixed: Attempt[] = [];
    const profile = args.includes('--profile');
    if (profile) await signal(api.child, 'profiling');
    const { result: fixedRun, line: cpuLine } = await cpuDuring({ api: api.child.pid, sandbox: backend.child.pid }, () => openLoop({
      rate: RATE,
      seconds,
      request: (index) => {
        const attempt = book.next('fixed');
        if (!attempt) throw new Error('the fixture ran out of patients');
        fixed[index] = attempt;
        return book.requestOf(attempt);
      },
      onAnswer: (index, status, latency) => book.answered(fixed[index]!, status, latency),
    }));
    const fixedSummary = summarise(fixed);
    console.log(`    POST …/book                ${fixedRun.rps.toFixed(0).padStart(5)} answers/s  p50 ${fixedRun.p50} ms  p99 ${fixedRun.p99} ms  max ${fixedRun.max} ms  statuses ${JSON.stringify(fixedRun.statuses)}${fixedRun.errors ? `  errors ${fixedRun.errors}` : ''}`);
    console.log(`      ${fixedSummary.line}`);
    console.log(`      ${cpuLine}`);
    if (profile) {
      const { profile: file } = (await signal(api.child, 'profile')) as { profile: string };
      console.log(`  the API's CPU profile over the fixed-rate run: ${path.relative(ROOT, file)}`);
      for (const line of summariseProfile(file)) console.log(`    ${line}`);
    }
    await settle();

    console.log(`  sustained: ${CONCURRENCY} attempts at a time, back to back, ${SUSTAINED_SECONDS} s (the same mix)`);
    const sustained = await closedLoop(book, 'sustained', SUSTAINED_SECONDS, count - book.used());
    const sustainedSummary = summarise(book.all.filter((attempt) => attempt.phase === 'sustained'));
    console.log(`    ${sustained.rps.toFixed(0)} attempts/s${sustained.exhausted ? ' (the fixture ran out of patients first)' : ''}; latency with ${CONCURRENCY} waiting: ${sustainedSummary.line}`);

    const { problems, line } = await verify(knex, fixture, book.all);
    const given = book.all.filter((attempt) => ok(attempt.status)).length;
    console.log(`  after the load (both databases): ${line}; confirmation emails in the sandbox's inbox ${await settle()} for ${given} bookings`);
    for (const problem of problems.slice(0, 10)) console.log(`    ✖ ${problem}`);

    const unexpected = fixedSummary.unexpectedCount + fixedRun.errors;
    return [
      {
        id: 'api.booking.p99-1000',
        command: 'booking-api',
        label: `POST /api/appointments/{id}/book p99 at 1,000 attempts/s (${seconds} s, 20 % at taken slots; achieved ${fixedRun.rps.toFixed(0)}/s; ${fixedSummary.given} given, ${fixedSummary.refused} 409${unexpected ? `, ${unexpected} unexpected` : ''})`,
        value: `${fixedRun.p99} ms`,
        baseline: `${bareFixed.p99} ms bare Koa`,
        ratio: bareFixed.p99 > 0 ? `${(fixedRun.p99 / bareFixed.p99).toFixed(1)}×` : '',
        goal: '≤ 50 ms',
        met: fixedRun.p99 <= 50 && fixedRun.rps >= 950 && unexpected === 0 && problems.length === 0,
      },
      {
        id: 'api.booking.sustained',
        command: 'booking-api',
        label: `bookings the machine sustains: ${CONCURRENCY} at a time, back to back, ${SUSTAINED_SECONDS} s, same mix (p99 ${ms(percentile(book.all.filter((a) => a.phase === 'sustained').map((a) => a.latency!), 99))})`,
        value: `${sustained.rps.toFixed(0)} attempts/s`,
        baseline: '',
        ratio: '',
        goal: '– (where the 1,000/s figure saturates)',
        met: null,
      },
      {
        id: 'api.booking.checks',
        command: 'booking-api',
        label: 'after the load: two live bookings of one slot, 2xx without its booked row, taken slots given again',
        value: String(problems.length),
        baseline: '',
        ratio: '',
        goal: '0',
        met: problems.length === 0,
      },
    ];
  } finally {
    await knex?.destroy().catch(() => {});
    // The bare app and the API first, PostgreSQL with the sandbox last.
    for (const child of children.reverse()) await stop(child);
  }
};
