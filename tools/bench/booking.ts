/**
 * `npm run bench -- booking [--duration=10] [--rounds=3]`: booking attempts against PostgreSQL
 * (an embedded server of its own, migrated), through the repository the API books with
 * (PostgresAppointments.claim: one knex INSERT … RETURNING, the unique indexes deciding), 50 at a
 * time, one patient per attempt, 20 % of the attempts aimed at a slot already booked. Baseline in
 * the same run, alternating: the same statements written with raw `pg` on a pool of the same size. Checked after the load:
 * no slot holds two live bookings, and no attempt at a taken slot was given it.
 *
 * This is the database part of a booking: the API's HTTP layer and the health record's own booking
 * call (the sandbox) are not in it.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { ClaimResult, NewAppointment } from '@portal/core';
import { PostgresAppointments } from '@portal/persistence';
import { withBenchDatabase } from './bench-database.ts';
import { median, percent, type Figure } from './report.ts';

const CONCURRENCY = 50;
const POOL = 10;
const TAKEN_SHARE = 0.2;

type Outcome = ClaimResult['kind'];
type Claim = (appointment: NewAppointment, now: Date) => Promise<Outcome>;

const appointmentFor = (slot: string, patient: string, startsAt: Date): NewAppointment => ({
  athenaPatientId: patient,
  athenaAppointmentId: slot,
  departmentId: '1',
  providerId: '71',
  appointmentTypeId: '2',
  appointmentType: 'Office Visit',
  appointmentDate: '12/01/2027',
  appointmentTime: '09:00',
  startsAt,
  guestHash: null,
  calendarUid: `${slot}@bench`,
  calendarSequence: 0,
});

const INSERT_CLAIM = `INSERT INTO appointments (department, "athenaPatientId", "providerId", "appointmentDate", "appointmentTime", "athenaAppointmentId", "appointmentTypeId", "appointmentType", "startsAt", "guestHash", "calendarUid", "calendarSequence", status, "createdAt", "updatedAt")
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'pending', $13, $13) RETURNING *`;

/** The repository's claim, statement for statement, with raw pg: one insert; on the patient's index, complete past bookings and insert once more. */
const rawClaim =
  (pool: pg.Pool): Claim =>
  async (appointment, now) => {
    const values = [
      appointment.departmentId,
      appointment.athenaPatientId,
      appointment.providerId,
      appointment.appointmentDate,
      appointment.appointmentTime,
      appointment.athenaAppointmentId,
      appointment.appointmentTypeId,
      appointment.appointmentType,
      appointment.startsAt,
      appointment.guestHash,
      appointment.calendarUid,
      appointment.calendarSequence,
      now,
    ];
    // A client of its own, released without the error: pg's pool.query() would drop a connection
    // on every refused insert (release(err)), which knex does not do.
    const client = await pool.connect();
    try {
      const insert = async (): Promise<Outcome> => {
        try {
          await client.query(INSERT_CLAIM, values);
          return 'claimed';
        } catch (error) {
          const { code, constraint } = error as { code?: string; constraint?: string };
          if (code !== '23505') throw error;
          return constraint === 'appointments_one_live_booking_per_slot' ? 'slot_taken' : 'patient_has_appointment';
        }
      };
      const outcome = await insert();
      if (outcome !== 'patient_has_appointment') return outcome;
      const completed = await client.query(`UPDATE appointments SET status = 'completed', "updatedAt" = $2 WHERE "athenaPatientId" = $1 AND status IN ('pending', 'booked') AND "startsAt" <= $2`, [appointment.athenaPatientId, now]);
      return completed.rowCount ? insert() : outcome;
    } finally {
      client.release();
    }
  };

interface Run {
  readonly attemptsPerSecond: number;
  readonly claimed: number;
  readonly taken: number;
  readonly other: number;
  readonly p50: { claimed: number; taken: number };
  readonly p99: { claimed: number; taken: number };
  /** Attempts at a slot already booked that were given it anyway (must be 0). */
  readonly doubleBooked: number;
}

const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const load = async (claim: Claim, seconds: number, prefix: string): Promise<Run> => {
  const startsAt = new Date(Date.now() + 400 * 24 * 60 * 60 * 1000);
  const booked: string[] = [];
  const latencies = { claimed: [] as number[], taken: [] as number[] };
  let counter = 0;
  let other = 0;
  let doubleBooked = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const index = counter++;
      const aimAtTaken = booked.length > 0 && (index % Math.round(1 / TAKEN_SHARE)) === 0;
      const slot = aimAtTaken ? booked[Math.floor(Math.random() * booked.length)]! : `${prefix}-s${index}`;
      const started = performance.now();
      const outcome = await claim(appointmentFor(slot, `${prefix}-p${index}`, startsAt), new Date());
      const took = performance.now() - started;
      if (outcome === 'claimed') {
        latencies.claimed.push(took);
        if (aimAtTaken) doubleBooked += 1;
        else booked.push(slot);
      } else if (outcome === 'slot_taken') latencies.taken.push(took);
      else other += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return {
    attemptsPerSecond: counter / elapsed,
    claimed: latencies.claimed.length,
    taken: latencies.taken.length,
    other,
    p50: { claimed: percentile(latencies.claimed, 50), taken: percentile(latencies.taken, 50) },
    p99: { claimed: percentile(latencies.claimed, 99), taken: percentile(latencies.taken, 99) },
    doubleBooked,
  };
};

export const option = (args: readonly string[], name: string, fallback: number): number => {
  const value = args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  return value === undefined ? fallback : Number(value);
};

const show = (name: string, run: Run): void =>
  console.log(
    `    ${name.padEnd(22)} ${run.attemptsPerSecond.toFixed(0).padStart(6)} attempts/s  claimed ${run.claimed}, slot taken ${run.taken}${run.other ? `, other ${run.other}` : ''}; ` +
      `p50/p99 claimed ${run.p50.claimed.toFixed(1)}/${run.p99.claimed.toFixed(1)} ms, taken ${run.p50.taken.toFixed(1)}/${run.p99.taken.toFixed(1)} ms`,
  );

export const benchBooking = async (args: readonly string[]): Promise<Figure[]> => {
  const seconds = option(args, 'duration', 10);
  const rounds = option(args, 'rounds', 3);
  return withBenchDatabase('booking', POOL, async ({ knex, pool }) => {
    const repository = new PostgresAppointments(knex);
    const viaRepository: Claim = async (appointment, now) => (await repository.claim(appointment, now)).kind;
    const viaRaw = rawClaim(pool);
    const run = randomBytes(3).toString('hex');
    // Warm-up, unmeasured.
    await load(viaRaw, 1, `w${run}r`);
    await load(viaRepository, 1, `w${run}o`);
    const raw: Run[] = [];
    const repo: Run[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      console.log(`  round ${round} of ${rounds} (${CONCURRENCY} at a time, ${seconds} s each, ${TAKEN_SHARE * 100} % at taken slots)`);
      const rawRun = await load(viaRaw, seconds, `${run}r${round}`);
      show('raw pg', rawRun);
      raw.push(rawRun);
      const repoRun = await load(viaRepository, seconds, `${run}o${round}`);
      show('repository (knex)  ', repoRun);
      repo.push(repoRun);
    }
    const { rows } = await pool.query(`SELECT count(*)::int AS slots FROM (SELECT "athenaAppointmentId" FROM appointments WHERE status IN ('pending', 'booked') GROUP BY 1 HAVING count(*) > 1) AS doubled`);
    const overlapping = (rows[0] as { slots: number }).slots + [...raw, ...repo].reduce((sum, result) => sum + result.doubleBooked, 0);
    const repoRate = median(repo.map((result) => result.attemptsPerSecond));
    const rawRate = median(raw.map((result) => result.attemptsPerSecond));
    const takenP99 = median(repo.map((result) => result.p99.taken));
    const claimedP99 = median(repo.map((result) => result.p99.claimed));
    return [
      {
        id: 'booking.attempts',
        command: 'booking',
        label: `booking attempts against PostgreSQL (repository claim, ${CONCURRENCY} at a time, 20 % at taken slots, ${seconds} s, median of ${rounds})`,
        value: `${repoRate.toFixed(0)} attempts/s`,
        baseline: `${rawRate.toFixed(0)} attempts/s raw pg, same statements`,
        ratio: percent(repoRate, rawRate),
        goal: '≥ 1,000 attempts/s',
        met: repoRate >= 1_000,
      },
      {
        id: 'booking.overlaps',
        command: 'booking',
        label: 'overlapping bookings after all rounds (both ways)',
        value: String(overlapping),
        baseline: '',
        ratio: '',
        goal: '0',
        met: overlapping === 0,
      },
      {
        id: 'booking.taken-p99',
        command: 'booking',
        label: 'p99 of an attempt at a taken slot (the 409) vs a successful one, repository',
        value: `${takenP99.toFixed(1)} ms`,
        baseline: `${claimedP99.toFixed(1)} ms successful`,
        ratio: `${(takenP99 / claimedP99).toFixed(2)}×`,
        // Two p99s of the same run differ by noise: equal within 10 % counts as as fast.
        goal: 'as fast as the successes (within 10 %)',
        met: takenP99 <= claimedP99 * 1.1,
      },
    ];
  });
};
