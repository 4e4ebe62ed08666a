/**
 * Issue 24: every answer the provider sandbox gives to a call the Stripe adapter makes is held to
 * Stripe's published schema for the pinned version (2025-08-27.basil) — the schema of the SDK
 * release generated for it, as JSON Schema (stripe-schema.ts), closed objects, the fields Stripe
 * always sends required. The adapter runs its contract checks (stripe-checks.ts) through a fetch
 * that keeps every answer; then each answer, and each webhook event the sandbox sent meanwhile, is
 * validated.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { StripeCards } from '@portal/stripe';
import { startTestSandbox, stripeCall, type TestSandbox } from '../../apps/provider-sandbox/src/testing.ts';
import { STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '../../apps/provider-sandbox/src/stripe/constants.ts';
import { recordingFetch, type RecordedAnswer } from './recording-fetch.ts';
import { stripeChecks, type StripeCheckTarget } from './stripe-checks.ts';
import { STRIPE_CALL_NAMES, checkStripeAnswer, checkStripeEvent, stripeValidator, type StripeCheck, type StripeValidator } from './stripe-schema.ts';

let sandbox: TestSandbox;
let schemas: StripeValidator;
const answers: RecordedAnswer[] = [];
const events: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  // Generated from the SDK's declarations once, then read from .tmp/stripe-schema/.
  schemas = await stripeValidator();
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
});

const failures = (checks: readonly StripeCheck[]): string[] => checks.flatMap((check) => check.problems.map((problem) => `${check.call}: ${problem}`));

describe("the sandbox answers as Stripe's schema for 2025-08-27.basil says", () => {
  it('every call of the Stripe adapter (the contract checks) matches the schema of its answer, errors included', async () => {
    const recorder = recordingFetch();
    const cards = new StripeCards({ secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, apiBase: sandbox.url, retries: 0, httpClient: Stripe.createFetchHttpClient(recorder.fetch) });
    const target: StripeCheckTarget = { cards, run: `schema-${Date.now()}`, returnUrl: 'https://portal.example/billing/return' };
    for (const check of stripeChecks) await check.run(target);
    answers.push(...recorder.answers);
    const checks = recorder.answers.map((answer) => checkStripeAnswer(schemas, answer));
    expect(failures(checks)).toEqual([]);
    // Every call the schema names was made, and the errors (402 declines, 3-D Secure, 404, 400) were seen.
    const made = new Set(checks.map((check) => check.call.replace(/ \d{3}$/, '')));
    expect(STRIPE_CALL_NAMES.filter((name) => !made.has(name))).toEqual([]);
    expect(checks.filter((check) => / (402|404|400)$/.test(check.call)).length).toBeGreaterThanOrEqual(4);
  }, 30_000);

  it('a trial collects the card with a SetupIntent: the subscription, the intent and its events match too', async () => {
    const customer = await stripeCall(sandbox.url, 'POST', '/v1/customers', { email: 'trial.schema@example.com' });
    const created = await stripeCall(sandbox.url, 'POST', '/v1/subscriptions', {
      customer: customer.body.id,
      items: [{ price: 'price_sandbox_120_annual' }],
      trial_period_days: '7',
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['pending_setup_intent'],
    });
    const setup = created.body.pending_setup_intent as { id: string; client_secret: string };
    const confirmed = await stripeCall(
      sandbox.url,
      'POST',
      `/v1/setup_intents/${setup.id}/confirm`,
      { client_secret: setup.client_secret, payment_method_data: { type: 'card', card: { number: '4242424242424242', exp_month: '12', exp_year: '2034', cvc: '123' } }, key: STRIPE_PUBLISHABLE_KEY },
      { key: null },
    );
    expect(confirmed.status).toBe(200);
    expect(schemas.problems('Subscription', created.body)).toEqual([]);
    expect(schemas.problems('SetupIntent', confirmed.body)).toEqual([]);
  });

  it("every webhook event the sandbox sent matches the SDK's type of that event", async () => {
    const listed = (await (await fetch(`${sandbox.url}/_sandbox/stripe/events`)).json()) as { events: Array<{ event: Record<string, unknown> }> };
    events.push(...listed.events.map((entry) => entry.event));
    const checks = events.map((event) => checkStripeEvent(schemas, event));
    expect(failures(checks)).toEqual([]);
    expect(new Set(events.map((event) => event['type']))).toEqual(
      new Set(['customer.subscription.created', 'customer.subscription.updated', 'invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed', 'invoice.payment_action_required', 'payment_intent.succeeded', 'setup_intent.succeeded']),
    );
  });

  it("is not vacuous: one field Stripe's schema lacks, or one it always sends left out, fails every recorded answer", () => {
    const objectIn = (body: Record<string, unknown>): Record<string, unknown> =>
      Array.isArray(body['data']) && typeof body['data'][0] === 'object' ? (body['data'][0] as Record<string, unknown>) : typeof body['error'] === 'object' ? (body['error'] as Record<string, unknown>) : body;
    const bodies = answers.filter((answer) => answer.body !== undefined && !(Array.isArray((answer.body as { data?: unknown[] }).data) && (answer.body as { data: unknown[] }).data.length === 0));
    const lenientExtra = bodies
      .map((answer) => {
        const body = structuredClone(answer.body) as Record<string, unknown>;
        objectIn(body)['undocumented_sandbox_field'] = 'x';
        return checkStripeAnswer(schemas, { ...answer, body });
      })
      .filter((check) => check.problems.length === 0)
      .map((check) => check.call);
    const lenientMissing = bodies
      .filter((answer) => answer.status < 300)
      .map((answer) => {
        const body = structuredClone(answer.body) as Record<string, unknown>;
        delete objectIn(body)['object'];
        return checkStripeAnswer(schemas, { ...answer, body });
      })
      .filter((check) => check.problems.length === 0)
      .map((check) => check.call);
    expect(bodies.length).toBeGreaterThan(20);
    expect(lenientExtra).toEqual([]);
    expect(lenientMissing).toEqual([]);
  });

  it('reports the calls and fields checked', () => {
    const checks = answers.map((answer) => checkStripeAnswer(schemas, answer));
    const eventChecks = events.map((event) => checkStripeEvent(schemas, event));
    const distinct = new Set(checks.map((check) => check.call));
    const fields = (list: readonly StripeCheck[]) => list.reduce((sum, check) => sum + check.fields, 0);
    console.log(
      `stripe schema (2025-08-27.basil, stripe 18.5.0): ${checks.length} answers (${distinct.size} distinct calls), ${fields(checks)} fields; ${eventChecks.length} webhook events, ${fields(eventChecks)} fields`,
    );
    expect(checks.length).toBeGreaterThan(25);
  });
});
