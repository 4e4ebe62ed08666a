/**
 * `npm run bench -- orm [--duration=5] [--rounds=3]`: Objection's cost. The availability endpoint
 * asks athenahealth for its slots and PostgreSQL for nothing but the requester's session, so the
 * comparison is made on the reads the booking screens do make of PostgreSQL, each through the
 * repository the API uses (Objection models on knex) and as the same SQL with raw `pg` on a pool of
 * the same size, 50 at a time, alternating which goes first, the median of the rounds' ratios:
 *   - the session row (PostgresPatientSessions.find: what every signed-in request reads when
 *     the session cache of decision 0033 misses),
 *   - the practice location's providers (PostgresProviderCache.read: /api/providers),
 *   - the patient's upcoming appointments (PostgresUpcomingAppointmentsCache.read: the dashboard and
 *     the booking screens).
 * Goal (issue 15): ≥ 70 % of raw pg.
 */
import { PostgresPatientSessions, PostgresProviderCache, PostgresUpcomingAppointmentsCache } from '@portal/persistence';
import { withBenchDatabase } from './bench-database.ts';
import { option } from './booking.ts';
import { median, percent, type Figure } from './report.ts';

const CONCURRENCY = 50;
const POOL = 10;
const ROWS = 1_000;

type Read = (index: number) => Promise<unknown>;

/** Reads per second with CONCURRENCY callers for `seconds`. */
const load = async (read: Read, seconds: number): Promise<number> => {
  let count = 0;
  const deadline = performance.now() + seconds * 1000;
  const caller = async () => {
    while (performance.now() < deadline) await read(count++ % ROWS);
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, caller));
  return count / ((performance.now() - started) / 1000);
};

const profile = { patientId: '1', firstName: 'Bench', lastName: 'Member', dateOfBirth: '1970-01-01', email: null, phone: null, departmentId: '1' };
const appointment = { appointmentId: '1', date: '12/01/2027', startTime: '09:00', departmentId: '1', providerId: '71', appointmentType: 'Office Visit', appointmentTypeId: '2', status: 'f' };

export const benchOrm = async (args: readonly string[]): Promise<Figure[]> => {
  const seconds = option(args, 'duration', 5);
  const rounds = option(args, 'rounds', 3);
  return withBenchDatabase('orm', POOL, async ({ knex, pool }) => {
    const now = new Date();
    const sessionId = (index: number) => `bench-session-${String(index).padStart(6, '0')}`;
    await knex.batchInsert(
      'auth_sessions',
      Array.from({ length: ROWS }, (_, index) => ({
        id: sessionId(index),
        fhirUser: 'Patient/1',
        personPatientId: '1',
        actingPatientId: '1',
        person: JSON.stringify(profile),
        acting: JSON.stringify(profile),
        linkedPatients: '[]',
        linksCheckedAt: now,
        data: '{}',
        createdAt: now,
        lastSeenAt: now,
        absoluteExpiresAt: new Date(now.getTime() + 3_600_000),
        revokedAt: null,
      })),
      500,
    );
    const providers = Array.from({ length: 8 }, (_, index) => ({ providerId: String(70 + index), firstName: 'Dr', lastName: `Provider ${index}`, specialty: 'Family Medicine' }));
    await knex.batchInsert('provider_cache', Array.from({ length: ROWS }, (_, index) => ({ departmentId: `d${index}`, providers: JSON.stringify(providers), cachedAt: now })), 500);
    await knex.batchInsert('upcoming_appointments_cache', Array.from({ length: ROWS }, (_, index) => ({ patientId: `p${index}`, appointments: JSON.stringify([appointment, appointment]), cachedAt: now })), 500);

    const sessions = new PostgresPatientSessions(knex);
    const providerCache = new PostgresProviderCache(knex);
    const upcoming = new PostgresUpcomingAppointmentsCache(knex);
    const cases: ReadonlyArray<{ id: string; label: string; orm: Read; raw: Read }> = [
      {
        id: 'session',
        label: 'session row (auth_sessions by id)',
        orm: (index) => sessions.find(sessionId(index)),
        raw: (index) => pool.query('SELECT * FROM auth_sessions WHERE id = $1', [sessionId(index)]),
      },
      {
        id: 'providers',
        label: 'providers of a location (provider_cache)',
        orm: (index) => providerCache.read(`d${index}`),
        raw: (index) => pool.query('SELECT * FROM provider_cache WHERE "departmentId" = $1 ORDER BY "cachedAt" DESC LIMIT 1', [`d${index}`]),
      },
      {
        id: 'upcoming',
        label: 'upcoming appointments (upcoming_appointments_cache)',
        orm: (index) => upcoming.read(`p${index}`, new Date()),
        raw: (index) => pool.query('SELECT * FROM upcoming_appointments_cache WHERE "patientId" = $1', [`p${index}`]),
      },
    ];
    for (const each of cases) {
      await load(each.raw, 1);
      await load(each.orm, 1);
    }
    const results = new Map(cases.map((each) => [each.id, { raw: [] as number[], orm: [] as number[], ratios: [] as number[] }]));
    for (let round = 1; round <= rounds; round += 1) {
      console.log(`  round ${round} of ${rounds} (${CONCURRENCY} at a time, ${seconds} s each)`);
      for (const each of cases) {
        // Which goes first alternates by round, so neither always meets a warmer or a busier machine.
        const [raw, orm] = round % 2 === 1 ? [await load(each.raw, seconds), await load(each.orm, seconds)] : [await load(each.orm, seconds), await load(each.raw, seconds)].reverse();
        results.get(each.id)!.raw.push(raw!);
        results.get(each.id)!.orm.push(orm!);
        results.get(each.id)!.ratios.push(orm! / raw!);
        console.log(`    ${each.label.padEnd(52)} raw pg ${raw!.toFixed(0).padStart(6)}/s   repository ${orm!.toFixed(0).padStart(6)}/s  (${percent(orm!, raw!)})`);
      }
    }
    return cases.map((each) => {
      const { raw, orm, ratios } = results.get(each.id)!;
      const ormRate = median(orm);
      const rawRate = median(raw);
      // The ratio is the median of each round's own ratio: both sides of a round ran back to back.
      const ratio = median(ratios);
      return {
        id: `orm.${each.id}`,
        command: 'orm',
        label: `${each.label} through the repository, ${CONCURRENCY} at a time, ${seconds} s, median of ${rounds} rounds`,
        value: `${ormRate.toFixed(0)} reads/s`,
        baseline: `${rawRate.toFixed(0)} reads/s raw pg, same SQL`,
        ratio: `${(ratio * 100).toFixed(1)} %`,
        goal: '≥ 70 % of raw pg',
        met: ratio >= 0.7,
      };
    });
  });
};
