/**
 * The sandbox's Stripe.js look-alike in Chromium, against a tiny fake of the sandbox's Stripe
 * wire written here (so it runs without the sandbox's engine or a database): the card element,
 * confirmPayment (success, decline, 3-D Secure by redirect), handleNextAction in the overlay (the
 * postMessage contract, Cancel), retrievePaymentIntent, confirmSetup. The page and the fake API
 * are on different origins, as the portal and the sandbox are.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { launchBrowser, type BrowserSession, type Page } from '../../../../../tools/src/testing/browser.ts';

const STRIPE_JS = readFileSync(new URL('./stripe.js', import.meta.url), 'utf8');
const PK = 'pk_test_portal_sandbox';

interface Intent {
  id: string;
  object: 'payment_intent' | 'setup_intent';
  status: string;
  client_secret: string;
  payment_method: string | null;
  next_action: unknown;
  last_payment_error?: unknown;
  return_url: string | null;
}

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly form: Record<string, string>;
}

/** The fake sandbox: Stripe's wire for the five calls Stripe.js makes, and a 3-D Secure page. */
const fakeSandbox = () => {
  const intents = new Map<string, Intent>();
  const methods = new Map<string, string>();
  const seen: Seen[] = [];
  let origin = '';
  const intent = (id: string, object: Intent['object']): Intent => {
    const created: Intent = { id, object, status: 'requires_payment_method', client_secret: `${id}_secret_abc`, payment_method: null, next_action: null, return_url: null };
    intents.set(id, created);
    return created;
  };
  const send = (res: http.ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const publicIntent = (i: Intent) => ({ id: i.id, object: i.object, status: i.status, client_secret: i.client_secret, payment_method: i.payment_method, next_action: i.next_action, last_payment_error: i.last_payment_error ?? null });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8')));
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Authorization, Content-Type', 'Access-Control-Allow-Methods': 'GET, POST' });
        return res.end();
      }
      if (url.pathname === '/stripe/v3/') return send(res, 200, STRIPE_JS, 'application/javascript');
      seen.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, form });
      if (url.pathname.startsWith('/v1/') && req.headers.authorization !== `Bearer ${PK}`) return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (req.method === 'POST' && url.pathname === '/v1/payment_methods') {
        const id = `pm_${form['card[number]']}`;
        methods.set(id, form['card[number]'] ?? '');
        return send(res, 200, { id, object: 'payment_method', type: 'card', card: { last4: (form['card[number]'] ?? '').slice(-4) } });
      }
      const confirm = /^\/v1\/(payment_intents|setup_intents)\/([^/]+)\/confirm$/.exec(url.pathname);
      if (req.method === 'POST' && confirm) {
        const found = intents.get(confirm[2] ?? '');
        if (!found || found.client_secret !== form['client_secret']) return send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such intent' } });
        const number = methods.get(form['payment_method'] ?? '') ?? '';
        found.payment_method = form['payment_method'] ?? null;
        found.return_url = form['return_url'] ?? null;
        if (number.endsWith('0002')) {
          found.status = 'requires_payment_method';
          const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
          found.last_payment_error = error;
          return send(res, 402, { error: { ...error, [found.object]: publicIntent(found) } });
        }
        if (number === '4000002500003155') {
          found.status = 'requires_action';
          found.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${origin}/3ds/${found.id}?client_secret=${found.client_secret}`, return_url: found.return_url } };
          return send(res, 200, publicIntent(found));
        }
        found.status = 'succeeded';
        return send(res, 200, publicIntent(found));
      }
      const read = /^\/v1\/(payment_intents|setup_intents)\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && read) {
        const found = intents.get(read[2] ?? '');
        if (!found || found.client_secret !== form['client_secret']) return send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such intent' } });
        return send(res, 200, publicIntent(found));
      }
      const challenge = /^\/3ds\/([^/]+)$/.exec(url.pathname);
      if (challenge) {
        const found = intents.get(challenge[1] ?? '');
        if (!found) return send(res, 404, 'not found', 'text/plain');
        if (req.method === 'POST') {
          const ok = form['outcome'] === 'complete';
          found.status = ok ? 'succeeded' : 'requires_payment_method';
          found.next_action = null;
          if (!ok) found.last_payment_error = { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method.' };
          if (found.return_url) {
            const back = new URL(found.return_url);
            back.searchParams.set('payment_intent', found.id);
            back.searchParams.set('payment_intent_client_secret', found.client_secret);
            back.searchParams.set('redirect_status', ok ? 'succeeded' : 'failed');
            res.writeHead(303, { Location: back.toString() });
            return res.end();
          }
          const message = JSON.stringify({ type: 'stripe-3ds-result', intent: found.id, status: found.status });
          return send(res, 200, `<!doctype html><p>Done</p><script>window.parent.postMessage(${message}, '*')</script>`, 'text/html');
        }
        return send(
          res,
          200,
          `<!doctype html><title>3DS</title><form method="post"><button name="outcome" value="complete">Complete authentication</button><button name="outcome" value="fail">Fail authentication</button></form>`,
          'text/html',
        );
      }
      return send(res, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  return {
    server,
    intents,
    seen,
    intent,
    setOrigin: (value: string) => {
      origin = value;
    },
  };
};

const listen = (server: http.Server): Promise<string> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

let sandbox: ReturnType<typeof fakeSandbox>;
let sandboxUrl = '';
let portal: http.Server;
let portalUrl = '';
let browser: BrowserSession;

beforeAll(async () => {
  sandbox = fakeSandbox();
  sandboxUrl = await listen(sandbox.server);
  sandbox.setOrigin(sandboxUrl);
  portal = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.writeHead(200, { 'Content-Type': 'text/html' });
    if (url.pathname === '/pay/return') return res.end(`<!doctype html><title>Return</title><p id="params">${url.search.replace(/</g, '')}</p>`);
    res.end(`<!doctype html><title>Pay</title><main><div id="card"></div><p id="error" role="alert"></p></main>
<script src="${sandboxUrl}/stripe/v3/"></script>
<script>
  window.changes = [];
  window.ready = false;
  window.stripe = Stripe('${PK}');
  window.elements = stripe.elements({ appearance: { variables: { colorPrimary: '#0a7' } } });
  window.card = elements.create('card', {});
  card.on('change', function (e) { changes.push(e); document.getElementById('error').textContent = e.error ? e.error.message : ''; });
  card.on('ready', function () { window.ready = true; });
  card.mount('#card');
</script>`);
  });
  portalUrl = await listen(portal);
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => sandbox?.server.close(resolve));
  await new Promise((resolve) => portal?.close(resolve));
});

const openPage = async (): Promise<Page> => {
  const page = await browser.newPage();
  await page.goto(`${portalUrl}/pay`);
  await page.waitForFunction(() => (window as unknown as { ready: boolean }).ready === true);
  return page;
};

const typeCard = async (page: Page, number: string, expiry = '12 / 34', cvc = '123') => {
  await page.getByLabel('Card number').pressSequentially(number.replace(/\s/g, ''));
  await page.getByLabel('Expiration date (MM / YY)').pressSequentially(expiry.replace(/\D/g, ''));
  await page.getByLabel('Security code (CVC)').pressSequentially(cvc);
};

describe('sandbox Stripe.js in Chromium', () => {
  it('draws a labelled card form that formats as one types and reports completeness', async () => {
    const page = await openPage();
    await page.getByLabel('Card number').pressSequentially('4242424242424242');
    await expect(page.getByLabel('Card number').inputValue()).resolves.toBe('4242 4242 4242 4242');
    // A complete number moves on to the expiry.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).resolves.toBe('cc-exp');
    await page.keyboard.type('1234');
    await expect(page.getByLabel('Expiration date (MM / YY)').inputValue()).resolves.toBe('12 / 34');
    await page.keyboard.type('123');
    await expect(page.getByLabel('ZIP').count()).resolves.toBe(1);
    const last = await page.evaluate(() => {
      const changes = (window as unknown as { changes: { complete: boolean; empty: boolean; brand: string; error?: unknown }[] }).changes;
      return changes[changes.length - 1];
    });
    expect(last).toMatchObject({ complete: true, empty: false, brand: 'visa' });
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Card number').dispatchEvent('input');
    await expect(page.locator('#error').textContent()).resolves.toBe('Your card number is invalid.');
    await expect(page.getByLabel('Card number').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.close();
  });

  it('confirmPayment: a good card succeeds without leaving the page (redirect if_required)', async () => {
    const pi = sandbox.intent('pi_good', 'payment_intent');
    const page = await openPage();
    await typeCard(page, '4242424242424242');
    const result = await page.evaluate(
      (secret) => (window as any).stripe.confirmPayment({ elements: (window as any).elements, clientSecret: secret, confirmParams: {}, redirect: 'if_required' }),
      pi.client_secret,
    );
    expect(result).toMatchObject({ paymentIntent: { id: 'pi_good', status: 'succeeded' } });
    const created = sandbox.seen.find((s) => s.path === '/v1/payment_methods' && s.form['card[number]'] === '4242424242424242');
    expect(created).toMatchObject({ authorization: `Bearer ${PK}`, form: { type: 'card', 'card[exp_month]': '12', 'card[exp_year]': '2034', 'card[cvc]': '123' } });
    expect(sandbox.seen.find((s) => s.path === '/v1/payment_intents/pi_good/confirm')?.form).toEqual({ client_secret: pi.client_secret, payment_method: 'pm_4242424242424242' });
    await page.close();
  });

  it('confirmPayment: a declined card answers the error with its codes', async () => {
    const pi = sandbox.intent('pi_declined', 'payment_intent');
    const page = await openPage();
    await typeCard(page, '4000000000000002');
    const result = await page.evaluate(
      (secret) => (window as any).stripe.confirmPayment({ elements: (window as any).elements, clientSecret: secret, confirmParams: { return_url: location.origin + '/pay/return' }, redirect: 'if_required' }),
      pi.client_secret,
    );
    expect(result).toMatchObject({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: { id: 'pi_declined' } } });
    await page.close();
  });

  it('confirmPayment: an incomplete card is a validation error, nothing is sent', async () => {
    const pi = sandbox.intent('pi_incomplete', 'payment_intent');
    const page = await openPage();
    await page.getByLabel('Card number').pressSequentially('4242');
    const before = sandbox.seen.length;
    const result = await page.evaluate((secret) => (window as any).stripe.confirmPayment({ elements: (window as any).elements, clientSecret: secret, redirect: 'if_required' }), pi.client_secret);
    expect(result).toEqual({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
    expect(sandbox.seen.length).toBe(before);
    await page.close();
  });

  it('3-D Secure with a return_url: the page goes to the challenge, then back with the query parameters', async () => {
    const pi = sandbox.intent('pi_3ds_redirect', 'payment_intent');
    const page = await openPage();
    await typeCard(page, '4000002500003155');
    // Not awaited in the page: the promise never settles, the page leaves.
    await page.evaluate((secret) => {
      void (window as any).stripe.confirmPayment({ elements: (window as any).elements, clientSecret: secret, confirmParams: { return_url: location.origin + '/pay/return' }, redirect: 'if_required' });
    }, pi.client_secret);
    await page.waitForURL(/\/3ds\/pi_3ds_redirect/);
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL(/\/pay\/return/);
    const params = new URL(page.url()).searchParams;
    expect(Object.fromEntries(params)).toEqual({ payment_intent: 'pi_3ds_redirect', payment_intent_client_secret: pi.client_secret, redirect_status: 'succeeded' });
    expect(sandbox.seen.find((s) => s.path === '/v1/payment_intents/pi_3ds_redirect/confirm')?.form['return_url']).toBe(`${portalUrl}/pay/return`);
    await page.close();
  });

  it('handleNextAction: the challenge in an overlay; settles with the intent fetched again', async () => {
    const pi = sandbox.intent('pi_3ds_modal', 'payment_intent');
    pi.status = 'requires_action';
    pi.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${sandboxUrl}/3ds/pi_3ds_modal?client_secret=${pi.client_secret}`, return_url: null } };
    const page = await openPage();
    const pending = page.evaluate((secret) => (window as any).stripe.handleNextAction({ clientSecret: secret }), pi.client_secret);
    const dialog = page.getByRole('dialog', { name: 'Verify your payment' });
    await dialog.waitFor();
    await page.frameLocator('iframe[title="3D Secure challenge"]').getByRole('button', { name: 'Complete authentication' }).click();
    await expect(pending).resolves.toMatchObject({ paymentIntent: { id: 'pi_3ds_modal', status: 'succeeded' } });
    await expect(page.locator('.sbx-stripe-3ds').count()).resolves.toBe(0);
    await page.close();
  });

  it('handleNextAction: a failed challenge is the authentication error; Cancel leaves the intent requiring action', async () => {
    const failed = sandbox.intent('pi_3ds_fail', 'payment_intent');
    failed.status = 'requires_action';
    failed.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${sandboxUrl}/3ds/pi_3ds_fail?client_secret=${failed.client_secret}`, return_url: null } };
    const page = await openPage();
    const pending = page.evaluate((secret) => (window as any).stripe.handleNextAction({ clientSecret: secret }), failed.client_secret);
    await page.frameLocator('iframe[title="3D Secure challenge"]').getByRole('button', { name: 'Fail authentication' }).click();
    await expect(pending).resolves.toMatchObject({ error: { code: 'payment_intent_authentication_failure', payment_intent: { status: 'requires_payment_method' } } });

    const cancelled = sandbox.intent('pi_3ds_cancel', 'payment_intent');
    cancelled.status = 'requires_action';
    cancelled.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${sandboxUrl}/3ds/pi_3ds_cancel?client_secret=${cancelled.client_secret}`, return_url: null } };
    const second = page.evaluate((secret) => (window as any).stripe.handleNextAction({ clientSecret: secret }), cancelled.client_secret);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(second).resolves.toMatchObject({ error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', payment_intent: { status: 'requires_action' } } });
    await page.close();
  });

  it('confirmSetup, retrieveSetupIntent and retrievePaymentIntent', async () => {
    const seti = sandbox.intent('seti_1', 'setup_intent');
    const page = await openPage();
    await typeCard(page, '5555555555554444');
    const confirmed = await page.evaluate(
      (secret) => (window as any).stripe.confirmSetup({ elements: (window as any).elements, clientSecret: secret, confirmParams: { return_url: location.origin + '/pay/return' }, redirect: 'if_required' }),
      seti.client_secret,
    );
    expect(confirmed).toMatchObject({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
    await expect(page.evaluate((secret) => (window as any).stripe.retrieveSetupIntent(secret), seti.client_secret)).resolves.toMatchObject({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
    await expect(page.evaluate(() => (window as any).stripe.retrievePaymentIntent('pi_good_secret_wrong'))).resolves.toMatchObject({ error: { code: 'resource_missing' } });
    await page.close();
  });
});
