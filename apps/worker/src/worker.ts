/**
 * The background worker: graphile-worker on the portal's PostgreSQL, with the composition root it
 * shares with the API (@portal/composition: the same adapters and settings; never apps/api) and
 * the task list below.
 * Jobs are spread across any number of worker processes with SKIP LOCKED.
 */
import { EventEmitter } from 'node:events';
import { Logger as GraphileLogger, parseCronItems, run, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import {
  SHARED_TOKENS as TOKENS,
  buildContainer,
  createLogger,
  metricsPortFor,
  paymentServices,
  readConfig,
  reconcilePayments,
  startMetricsServer,
  type Logger,
  type MetricsServer,
  type OperationsSource,
} from '@portal/composition';
import { WORKER_METRICS_PORT, createWorkerMetrics } from './metrics.ts';
import * as t from 'io-ts';
import {
  offerFreedSlot,
  sendDueOffers,
  sendDueReminders,
  type AppointmentRepository,
  type ChartDocuments,
  type Clock,
  type HealthRecord,
  type Mailer,
  type PatientLanguages,
  type ReminderLedger,
  type Scheduling,
  type Signing,
  type UpcomingAppointmentsCache,
  type Waitlist,
  type WaitlistDeps,
} from '@portal/core';
import {
  OFFER_FREED_SLOT,
  jobRunnerPool,
  migrateJobQueue,
  migrateToLatest,
  serverSecret,
  startJobLockRecovery,
  type Database,
  type JobLockRecovery,
  type PostgresDocumentFiling,
} from '@portal/persistence';
import { JoseSignedTokens, signingKeysFor } from '@portal/tokens';
import { closeMailer } from '@portal/mail';
import {
  DEFAULT_FILING_SETTINGS,
  FILE_SIGNED_DOCUMENT,
  decodePayload,
  fileSignedDocument,
  type FilingSettings,
} from './file-signed-document.task.ts';

export interface StartWorkerOptions {
  readonly databaseUrl: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly logger?: Logger;
  /** Jobs run at once in this process (default 2). */
  readonly concurrency?: number;
  /** How often to look for due jobs besides LISTEN/NOTIFY, e.g. retries (default 1000 ms). */
  readonly pollIntervalMs?: number;
  /** Upload attempts and waits of the chart filing (default 6 attempts, 0.5 s … 8 s). */
  readonly filing?: Partial<FilingSettings>;
  /** How long a payment may stay unrecorded before the reconciler looks at it (default 2 minutes). */
  readonly reconcileGraceMs?: number;
  /** Bring the schema up to date first (default true; the API does the same at its start). */
  readonly migrate?: boolean;
  /** Override METRICS_PORT (0 picks a free one; null: no metrics port). */
  readonly metricsPort?: number | null;
  /**
   * Jobs of a worker process that died (SIGKILL, OOM) run again after seconds instead of
   * graphile-worker's 4-hour lock expiry (decision 0041): how often to look (default 2000 ms) and
   * how old a lock must be (default 5000 ms); false turns it off.
   */
  readonly lockRecovery?: false | { readonly everyMs?: number; readonly minLockAgeMs?: number };
}

export interface RunningWorker {
  /** Where Prometheus scrapes this worker (`http://127.0.0.1:9465/metrics`); null when metrics are off. */
  readonly metricsUrl: string | null;
  stop(): Promise<void>;
}

/** graphile-worker's log lines through our (PHI-redacting) logger. */
const graphileLogger = (logger: Logger): GraphileLogger =>
  new GraphileLogger((scope) => (level, message, meta) => {
    const fields = { worker: { label: scope.label, taskIdentifier: scope.taskIdentifier, jobId: scope.jobId }, ...(meta?.error ? { error: meta.error } : {}) };
    if (level === 'error') logger.error(fields, message);
    else if (level === 'warning') logger.warn(fields, message);
    // graphile-worker's own info lines (a task started, completed) would repeat every minute.
    else logger.debug(fields, message);
  });

/** The every-minute reconciler's task name (also queued by tests with graphile_worker.add_job). */
export const RECONCILE_PAYMENTS = 'reconcile_payments';
/** The every-minute appointment reminders (48 h and 2 h before). */
export const SEND_APPOINTMENT_REMINDERS = 'send_appointment_reminders';
/** The every-minute sender of earlier-slot offers whose time has come (Enhanced members, 15 minutes after Concierge). */
export const SEND_WAITLIST_OFFERS = 'send_waitlist_offers';

const FreedSlotPayload = t.type({ departmentId: t.string, providerId: t.union([t.string, t.null]), date: t.string, startTime: t.string });

export const startWorker = async (options: StartWorkerOptions): Promise<RunningWorker> => {
  const env = options.env ?? process.env;
  const config = readConfig(env, options.databaseUrl);
  const logger = (options.logger ?? createLogger(config.logLevel)).child({ component: 'worker' });
  const metrics = createWorkerMetrics();
  const container = buildContainer(config, logger, env, [metrics.containerModule]);
  const knex = container.get<Database>(TOKENS.Knex);
  try {
    if (options.migrate ?? true) {
      await migrateToLatest(knex);
      await migrateJobQueue(knex, options.databaseUrl);
    }
  } catch (error) {
    await knex.destroy();
    throw error;
  }

  const store = container.get<PostgresDocumentFiling>(TOKENS.DocumentFiling);
  // The same adapter (and athena settings, ATHENA_TIMEOUT_MS included) the API uses for the health record.
  const chart = container.get<ChartDocuments>(TOKENS.HealthRecord);
  const signing = container.get<Signing>(TOKENS.Signing);
  const payments = paymentServices(container);
  const settings: FilingSettings = { ...DEFAULT_FILING_SETTINGS, ...options.filing };
  const appointments = container.get<AppointmentRepository>(TOKENS.Appointments);
  const reminders = {
    bookedStartingBetween: (from: Date, to: Date) => appointments.bookedStartingBetween(from, to),
    ledger: container.get<ReminderLedger>(TOKENS.ReminderLedger),
    patients: container.get<HealthRecord>(TOKENS.HealthRecord),
    mailer: container.get<Mailer>(TOKENS.Mailer),
    clock: container.get<Clock>(TOKENS.Clock),
    // The patients' chosen languages (issue 26): reminders and waitlist offers go in each one's.
    languages: container.get<PatientLanguages>(TOKENS.PatientLanguages),
  };

  // The waitlist's links are signed with the API's keys (TOKEN_SIGNING_KEYS, or derived from the shared secret).
  const secret = await serverSecret(knex, config.verificationSecret);
  const waitlist: WaitlistDeps = {
    waitlist: container.get<Waitlist>(TOKENS.Waitlist),
    booking: {
      scheduling: container.get<Scheduling>(TOKENS.Scheduling),
      appointments,
      upcoming: container.get<UpcomingAppointmentsCache>(TOKENS.UpcomingAppointments),
      clock: reminders.clock,
    },
    tokens: new JoseSignedTokens(signingKeysFor(config.tokenSigningKeys, secret)),
    mailer: reminders.mailer,
    patients: reminders.patients,
    clock: reminders.clock,
    publicOrigin: config.publicOrigin,
    languages: reminders.languages,
  };

  const taskList: TaskList = {
    [FILE_SIGNED_DOCUMENT]: async (payload, helpers) => {
      const outcome = await fileSignedDocument(decodePayload(payload), {
        store,
        chart,
        signing,
        settings,
        log: (event) => logger.info({ filing: event, jobId: helpers.job.id }, `chart filing: ${event.event}`),
      });
      logger.info({ filing: { submissionId: (payload as { submissionId?: string }).submissionId, ...outcome }, jobId: helpers.job.id }, 'chart filing done');
    },
    // Heals enrollments whose payment or renewal webhook never came (issue 6): paid in Stripe,
    // not active here; or past their period. Each change goes through core's reconcileSubscription.
    [RECONCILE_PAYMENTS]: async () => {
      const result = await reconcilePayments(payments, { graceMs: options.reconcileGraceMs ?? 120_000 });
      if (result.checked > 0) logger.info({ reconcile: result }, 'payments reconciled');
    },
    [SEND_APPOINTMENT_REMINDERS]: async () => {
      const result = await sendDueReminders(reminders);
      if (result.sent > 0) logger.info({ reminders: result }, 'appointment reminders sent');
    },
    [OFFER_FREED_SLOT]: async (payload) => {
      const freed = FreedSlotPayload.decode(payload);
      if (freed._tag === 'Left') throw new Error('offer_freed_slot: malformed payload');
      const result = await offerFreedSlot(waitlist, freed.right);
      if (result.offered > 0) logger.info({ waitlist: result }, 'earlier slot offered');
    },
    [SEND_WAITLIST_OFFERS]: async () => {
      const result = await sendDueOffers(waitlist);
      if (result.sent > 0) logger.info({ waitlist: result }, 'earlier-slot offers sent');
    },
  };

  const concurrency = options.concurrency ?? 2;
  const pool = jobRunnerPool(options.databaseUrl, Math.max(4, concurrency + 2), (error, where) =>
    logger.warn({ error }, where === 'idle' ? 'worker: idle database connection failed' : 'worker: database connection failed'),
  );

  // The ids this process locks jobs with (graphile-worker 0.18 locks with its pool's id, older
  // versions with each worker's), for the liveness locks of the lock recovery.
  const events: WorkerEvents = new EventEmitter();
  const workerIds = new Set<string>();
  events.on('pool:create', ({ workerPool }) => workerIds.add(workerPool.id));
  events.on('pool:release', ({ pool }) => workerIds.delete(pool.id));
  events.on('worker:create', ({ worker }) => workerIds.add(worker.workerId));
  events.on('worker:stop', ({ worker }) => workerIds.delete(worker.workerId));

  let runner: Runner;
  try {
    runner = await run({
      pgPool: pool,
      events,
      concurrency,
      pollInterval: options.pollIntervalMs ?? 1_000,
      noHandleSignals: true,
      logger: graphileLogger(logger),
      taskList,
      parsedCronItems: parseCronItems([
        { task: RECONCILE_PAYMENTS, match: '* * * * *', identifier: RECONCILE_PAYMENTS, options: { backfillPeriod: 0 } },
        { task: SEND_APPOINTMENT_REMINDERS, match: '* * * * *', identifier: SEND_APPOINTMENT_REMINDERS, options: { backfillPeriod: 0 } },
        { task: SEND_WAITLIST_OFFERS, match: '* * * * *', identifier: SEND_WAITLIST_OFFERS, options: { backfillPeriod: 0 } },
      ]),
    });
  } catch (error) {
    await pool.end().catch(() => {});
    await knex.destroy();
    throw error;
  }
  metrics.observeJobs(runner.events);
  const lockRecovery: JobLockRecovery | null =
    options.lockRecovery === false
      ? null
      : startJobLockRecovery({
          databaseUrl: options.databaseUrl,
          workerIds: () => [...workerIds],
          ...(options.lockRecovery ?? {}),
          onUnlocked: (event) => logger.warn({ lockRecovery: event }, 'jobs of a dead worker unlocked'),
          onError: (error) => logger.warn({ error: { message: error.message } }, 'job lock recovery: database unavailable'),
        });
  metrics.observeOperations(container.get<OperationsSource>(TOKENS.OperationsProbe), logger);
  const metricsPort = options.metricsPort !== undefined ? options.metricsPort : metricsPortFor(config.metricsPort, WORKER_METRICS_PORT, env);
  let metricsServer: MetricsServer | null = null;
  if (metricsPort !== null) {
    try {
      metricsServer = await startMetricsServer(metrics.registry, { host: config.metricsHost, port: metricsPort, logger });
    } catch (error) {
      await lockRecovery?.stop();
      await runner.stop().catch(() => {});
      await pool.end().catch(() => {});
      await knex.destroy();
      throw error;
    }
  }

  let stopped: Promise<void> | null = null;
  return {
    metricsUrl: metricsServer?.url ?? null,
    stop: () => {
      stopped ??= (async () => {
        await lockRecovery?.stop();
        await metricsServer?.close();
        await runner.stop().catch((error: unknown) => logger.warn({ error }, 'worker stop'));
        await pool.end().catch(() => {});
        // The SMTP pool's idle connections (busy ones close when their email is done).
        closeMailer(reminders.mailer);
        await knex.destroy();
      })();
      return stopped;
    },
  };
};
