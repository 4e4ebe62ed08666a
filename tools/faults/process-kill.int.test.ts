/**
 * Faults (issue 16): processes killed with SIGKILL at the worst moment, in the production shape
 * (tools/cluster: nginx, two API processes behind it, PgBouncer, two worker processes).
 *
 * - An API instance killed between Stripe's subscription creation and our record, and again
 *   between the card charge and our record: the sandbox's Stripe applies the call and holds its
 *   answer; the test finds the API process waiting on it (its TCP port, from /proc) and SIGKILLs it.
 *   The subscription exists once, the charge happened once, and the enrollment becomes active
 *   through Stripe's webhook (retried by Stripe, answered by the other instance).
 * - A worker killed inside the health record's upload of a signed document: the job is unlocked
 *   by the other worker's lock recovery (decision 0041) and finished there; the chart holds the
 *   document once (the filing's marker check finds the upload the dead worker made).
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import createKnex, { type Knex } from 'knex';
import { PATIENT_IDS, STRIPE_SECRET_KEY } from '@portal/provider-sandbox';
import { submitSigningPage } from '../../apps/provider-sandbox/src/testing.ts';
import { pointStripeWebhooks } from '../src/stripe-webhooks.ts';
import { jsonCall, signedEnrollment, signedInForEnrollment } from '../src/testing/enrollment-flow.ts';
import { startCluster, type Cluster } from '../cluster/cluster.ts';
import { recordClusterLogs } from '../cluster/testing.ts';
import { clearFaults, eventually, pidOfClientPort, releaseHeld, report, setFault, startWebhookRelay, waitForHeld, type WebhookRelay } from './support.ts';

let cluster: Cluster;
let owner: Knex;
let relay: WebhookRelay;
let sandboxPort: number;

beforeAll(async () => {
  cluster = await startCluster({ workerLogLevel: 'debug' });
  owner = createKnex({ client: 'pg', connection: cluster.postgres.ownerUrl, pool: { min: 0, max: 2 } });
  sandboxPort = Number(new URL(cluster.sandbox.url).port);
  // Stripe's webhooks reach the portal through a relay the test can pause (the network between them).
  relay = await startWebhookRelay(`${cluster.url}/api/stripe/webhook`);
  await pointStripeWebhooks(cluster.sandbox.url, relay.url);
}, 90_000);

afterAll(async () => {
  await relay?.close();
  await owner?.destroy();
  if (cluster) await recordClusterLogs(cluster);
  await cluster?.close();
}, 60_000);

const stripeGet = async (path: string): Promise<any> => {
  const response = await fetch(`${cluster.sandbox.url}${path}`, { headers: { Authorization: `Bearer ${STRIPE_SECRET_KEY}` } });
  return response.json();
};

/** The process (of `candidates`) whose call the sandbox is holding, SIGKILLed; its index. */
const killHolder = async <T extends { process: { pid: number | null }; kill(): Promise<void> }>(candidates: readonly T[]): Promise<{ index: number; killedAt: number }> => {
  const held = await waitForHeld(cluster.sandbox.url);
  const pids = candidates.map((candidate) => candidate.process.pid).filter((pid): pid is number => pid !== null);
  const pid = pidOfClientPort(pids, held.remotePort!, sandboxPort);
  if (pid === null) throw new Error(`no candidate process holds the connection from port ${held.remotePort}`);
  const index = candidates.findIndex((candidate) => candidate.process.pid === pid);
  await candidates[index]!.kill();
  return { index, killedAt: Date.now() };
};

/** Like jsonCall, but a proxy's HTML error page (502) is kept as text. */
const call = async (browser: Awaited<ReturnType<typeof signedInForEnrollment>>, method: string, path: string, body?: unknown) => {
  const response = await browser.fetch(`${cluster.url}${path}`, {
    method,
    headers: { Origin: cluster.url, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // nginx's HTML page
  }
  return { status: response.status, body: parsed };
};

const enrollmentRow = async (id: string) =>
  (await owner('enrollments').where({ id }).first('status', 'stripeSubscriptionId', 'stripeCustomerId', 'stripePaymentId')) as {
    status: string;
    stripeSubscriptionId: string | null;
    stripeCustomerId: string | null;
    stripePaymentId: string | null;
  };

it('an API instance SIGKILLed after Stripe created the subscription, and again after the charge, before our record: one subscription, one charge, active through the webhook', async () => {
  const margaret = await signedInForEnrollment(cluster.url, PATIENT_IDS.margaret);
  const enrollmentId = await signedEnrollment(cluster.url, margaret, PATIENT_IDS.margaret, '120_annual', 'Margaret Sullivan');
  relay.pause();

  // 1. Killed between Stripe's subscription creation and our record of it.
  await setFault(cluster.sandbox.url, { route: 'POST ^/v1/subscriptions$', hold: true });
  const firstTry = call(margaret, 'POST', `/api/enrollments/${enrollmentId}/create-subscription`);
  const first = await killHolder(cluster.apis);
  await releaseHeld(cluster.sandbox.url);
  await clearFaults(cluster.sandbox.url);
  const firstAnswer = await firstTry;
  // nginx never resends a POST that reached an instance: the browser hears 502 and may try again.
  expect(firstAnswer.status).toBe(502);
  const afterFirstKill = await enrollmentRow(enrollmentId);
  expect(afterFirstKill).toMatchObject({ status: 'signed', stripeSubscriptionId: null });

  // The member presses Pay again: the same subscription (Stripe's idempotency key is the enrollment's), recorded now.
  const retried = await jsonCall(margaret, cluster.url, 'POST', `/api/enrollments/${enrollmentId}/create-subscription`);
  expect(retried.status).toBe(200);
  const subscriptionId = retried.body.subscriptionId as string;
  const recorded = await enrollmentRow(enrollmentId);
  expect(recorded).toMatchObject({ status: 'payment_pending', stripeSubscriptionId: subscriptionId });
  const subscriptions = (await stripeGet(`/v1/subscriptions?customer=${recorded.stripeCustomerId}&status=all`)).data as Array<{ id: string }>;
  expect(subscriptions.map((subscription) => subscription.id)).toEqual([subscriptionId]);
  report({ fault: 'API SIGKILLed after Stripe created the subscription, before our record', lost: 'nothing (the retry found the same subscription; 1 at Stripe)', recoveryMs: null, detail: 'recovered by the member’s retry (idempotency key)' });

  // 2. The card is charged (Stripe.js in the browser), Stripe's webhook is delayed, and the API
  //    instance recording the payment dies after reading Stripe's paid invoice, before our write.
  const clientSecret = retried.body.clientSecret as string;
  const stripeForm = async (path: string, form: Record<string, string>) =>
    (await (
      await fetch(`${cluster.sandbox.url}${path}`, {
        method: 'POST',
        headers: { Authorization: 'Bearer pk_test_portal_sandbox', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      })
    ).json()) as Record<string, any>;
  const card = await stripeForm('/v1/payment_methods', { type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2030', 'card[cvc]': '123' });
  const confirmed = await stripeForm(`/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`, { client_secret: clientSecret, payment_method: card.id as string, return_url: `${cluster.url}/pay/return` });
  expect(confirmed.status).toBe('succeeded');
  // Restart the instance killed first, so the payment may land on either.
  await cluster.apis[first.index]!.start();

  await setFault(cluster.sandbox.url, { route: 'GET ^/v1/subscriptions/sub_', hold: true });
  const recordTry = call(margaret, 'POST', `/api/enrollments/${enrollmentId}/payment`, {});
  const second = await killHolder(cluster.apis);
  await releaseHeld(cluster.sandbox.url);
  await clearFaults(cluster.sandbox.url);
  expect((await recordTry).status).toBe(502);
  expect(await enrollmentRow(enrollmentId)).toMatchObject({ status: 'payment_pending', stripePaymentId: null });

  // Stripe's next retry gets through: the other instance applies the event.
  relay.resume();
  const active = await eventually('enrollment active', async () => ((await enrollmentRow(enrollmentId)).status === 'active' ? Date.now() : null), 40_000, 50);
  // The relay notes a delivery once the portal answered it (after its commit).
  const healedBy = await eventually('a webhook delivered', async () => {
    const delivered = relay.forwarded.filter((delivery) => delivery.status === 200).map((delivery) => delivery.type);
    return delivered.length > 0 ? delivered : null;
  }, 10_000, 20);

  // Once: one subscription, one paid invoice, one charge at Stripe; the record names that invoice.
  const final = await enrollmentRow(enrollmentId);
  const invoices = (await stripeGet(`/v1/invoices?customer=${final.stripeCustomerId}`)).data as Array<{ id: string; status: string }>;
  expect(invoices.filter((invoice) => invoice.status === 'paid')).toHaveLength(1);
  expect(final.stripePaymentId).toBe(invoices.find((invoice) => invoice.status === 'paid')!.id);
  expect(((await stripeGet(`/v1/subscriptions?customer=${final.stripeCustomerId}&status=all`)).data as unknown[]).length).toBe(1);
  const intents = (await stripeGet(`/v1/payment_intents/${clientSecret.split('_secret_')[0]}`)) as { status: string };
  expect(intents.status).toBe('succeeded');

  // The browser's retry of /payment and the dashboard both see the membership, once.
  const again = await jsonCall(margaret, cluster.url, 'POST', `/api/enrollments/${enrollmentId}/payment`, {});
  expect(again.status).toBe(200);
  expect(again.body.status).toBe('active');
  const dashboard = await jsonCall(margaret, cluster.url, 'GET', '/api/dashboard/subscription-status');
  expect(dashboard.status).toBe(200);
  const shown = JSON.stringify(dashboard.body);
  expect(shown.split(subscriptionId).length - 1).toBe(1);
  expect(dashboard.body).toMatchObject({ hasActiveSubscription: true });
  report({
    fault: 'API SIGKILLed after the card was charged, before our record',
    lost: 'nothing (1 subscription, 1 paid invoice, enrollment active once)',
    recoveryMs: active - second.killedAt,
    detail: `healed by Stripe's webhook retry through the other instance (${healedBy.join(', ')}); ${relay.refused} deliveries refused while paused`,
  });
  await cluster.apis[second.index]!.start();
}, 150_000);

it('a worker SIGKILLed inside the chart upload: the other worker finishes the job after the lock recovery, and the chart holds the document once', async () => {
  const jordan = await signedInForEnrollment(cluster.url, PATIENT_IDS.jordan);
  const created = await jsonCall(jordan, cluster.url, 'POST', '/api/enrollments/oauth', { patientId: String(PATIENT_IDS.jordan), practiceLocation: '1', membershipTier: '70_biannual' });
  expect(created.status).toBe(201);
  const enrollmentId = created.body.id as string;
  const document = await jsonCall(jordan, cluster.url, 'POST', `/api/enrollments/${enrollmentId}/create-document`);
  expect(document.status).toBe(200);
  expect((await submitSigningPage(document.body.embeddedUrl, { fullName: 'Jordan Reyes' })).status).toBe(200);

  // athena files the document, then its answer is held: the worker is inside the provider call.
  await setFault(cluster.sandbox.url, { route: 'POST ^/v1/\\d+/patients/\\d+/documents/admin$', hold: true });
  const signed = await jsonCall(jordan, cluster.url, 'POST', `/api/enrollments/${enrollmentId}/signature`, { documentId: document.body.documentId });
  expect(signed.status).toBe(200);
  const killed = await killHolder(cluster.workers);
  await releaseHeld(cluster.sandbox.url);
  await clearFaults(cluster.sandbox.url);

  const submission = (await owner('document_submissions').where({ enrollmentId }).first('id')) as { id: string };
  const uploadedAt = await eventually(
    'filing finished',
    async () => {
      const row = (await owner('document_submissions').where({ id: submission.id }).first('status')) as { status: string };
      return row.status === 'uploaded' ? Date.now() : null;
    },
    60_000,
    100,
  );
  const survivor = cluster.workers[1 - killed.index]!;
  // The worker logs after it records the upload, and its lines reach us through a pipe: give them a moment.
  const loggedMarker = async () => survivor.process.lines().some((line) => line.includes('chart filing: found_by_marker'));
  await eventually('the survivor logged the upload found by its marker', loggedMarker, 5_000, 50).catch(() => false);
  const unlockLine = survivor.process.lines().find((line) => line.includes('jobs of a dead worker unlocked'));
  expect(unlockLine).toBeDefined();
  expect(await loggedMarker()).toBe(true);

  // The chart holds it once: the dead worker's upload, found by its marker, never uploaded again.
  const chart = (await (await fetch(`${cluster.sandbox.url}/_sandbox/documents?patientid=${PATIENT_IDS.jordan}`)).json()) as { documents: Array<{ internalnote: string | null }> };
  const filed = chart.documents.filter((entry) => entry.internalnote?.includes(`portal-submission:${submission.id})`));
  expect(filed).toHaveLength(1);
  const after = await jsonCall(jordan, cluster.url, 'POST', `/api/enrollments/${enrollmentId}/signature`, { documentId: document.body.documentId });
  expect(after.body.upload).toBe('uploaded');
  report({
    fault: 'worker SIGKILLed inside the chart upload (athena wrote, answer lost)',
    lost: 'nothing (filed once; found by its marker)',
    recoveryMs: uploadedAt - killed.killedAt,
    detail: `unlocked by the other worker's lock recovery: ${JSON.stringify((JSON.parse(unlockLine!) as { lockRecovery?: unknown }).lockRecovery)}`,
  });
  await cluster.workers[killed.index]!.start();
  expect(cluster.crashes()).toEqual([]);
}, 120_000);
