/**
 * Cloudflare Turnstile's look-alike: the widget script (`/turnstile/v0/api.js`, same API surface
 * as challenges.cloudflare.com's), the token endpoint the script uses for the sandbox sitekey, and
 * `siteverify` — Cloudflare's test secrets answer as documented, the sandbox secret accepts each
 * issued token once within 300 s (sandbox clock). siteverify always answers 200, as Cloudflare.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import {
  TURNSTILE_SECRET,
  TURNSTILE_SITEKEY,
  TURNSTILE_TEST_SECRETS,
  TURNSTILE_TOKEN_SECONDS,
} from '../seed/providers.ts';
import { TABLES } from '../store/schema.ts';
import type { SandboxContext } from './context.ts';
import { baseUrl, field } from './shapes.ts';

export const isTurnstilePath = (path: string): boolean => path === '/turnstile' || path.startsWith('/turnstile/');

const SCRIPT_SOURCE = readFileSync(new URL('../turnstile/assets/api.js', import.meta.url), 'utf8');

export const turnstileScript = (scriptUrl: string): string =>
  SCRIPT_SOURCE.replace('__SANDBOX_SCRIPT_URL__', scriptUrl)
    .replace('__SANDBOX_SITEKEY__', TURNSTILE_SITEKEY)
    .replace('__TOKEN_SECONDS__', String(TURNSTILE_TOKEN_SECONDS));

interface TokenRow {
  readonly token: string;
  readonly sitekey: string;
  readonly action: string;
  readonly cdata: string;
  readonly hostname: string;
  readonly issued_at: Date;
  readonly expires_at: Date;
  readonly consumed_at: Date | null;
  readonly idempotency_key: string | null;
}

export type SiteverifyResult =
  | {
      readonly success: true;
      readonly 'error-codes': readonly string[];
      readonly challenge_ts: string;
      readonly hostname: string;
      readonly action: string;
      readonly cdata: string;
    }
  | { readonly success: false; readonly 'error-codes': readonly string[]; readonly messages: readonly string[] };

const failure = (...codes: string[]): SiteverifyResult => ({ success: false, 'error-codes': codes, messages: [] });

const success = (row: Pick<TokenRow, 'issued_at' | 'hostname' | 'action' | 'cdata'>): SiteverifyResult => ({
  success: true,
  'error-codes': [],
  challenge_ts: row.issued_at.toISOString(),
  hostname: row.hostname,
  action: row.action,
  cdata: row.cdata,
});

/** Cloudflare's limits: action up to 32 and cData up to 255 characters of [A-Za-z0-9_-]. */
const validCustomValue = (value: string, max: number): boolean => value === '' || (value.length <= max && /^[A-Za-z0-9_-]+$/.test(value));

/** Where the widget was solved: the page's hostname, from Origin (else Referer). */
const pageHostname = (ctx: Context): string => {
  for (const candidate of [ctx.get('Origin'), ctx.get('Referer')]) {
    if (candidate === '' || candidate === 'null') continue;
    try {
      return new URL(candidate).hostname;
    } catch {
      // try the next one
    }
  }
  return ctx.hostname || 'localhost';
};

/** Malformed bodies get Cloudflare's `bad-request` rather than the sandbox's athena-shaped error. */
export const turnstileErrorBoundary = () => async (ctx: Context, next: Next): Promise<void> => {
  if (!isTurnstilePath(ctx.path)) return next();
  try {
    await next();
  } catch (error) {
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status !== 'number' || status < 400 || status >= 500) throw error;
    ctx.status = 400;
    ctx.body = failure('bad-request');
  }
};

export const turnstileRouter = (sandbox: SandboxContext): Router => {
  const router = new Router({ prefix: '/turnstile/v0' });
  const { db, now } = sandbox;

  const siteverify = async (secret: string, response: string, idempotencyKey: string): Promise<SiteverifyResult> => {
    const missing = [...(secret === '' ? ['missing-input-secret'] : []), ...(response === '' ? ['missing-input-response'] : [])];
    if (missing.length > 0) return failure(...missing);
    switch (secret) {
      case TURNSTILE_TEST_SECRETS.pass:
        return success({ issued_at: now(), hostname: 'example.com', action: '', cdata: '' });
      case TURNSTILE_TEST_SECRETS.fail:
        return failure('invalid-input-response');
      case TURNSTILE_TEST_SECRETS.spent:
        return failure('timeout-or-duplicate');
      case TURNSTILE_SECRET:
        break;
      default:
        return failure('invalid-input-secret');
    }
    if (response.length > 2048) return failure('invalid-input-response');
    return db.knex.transaction(async (trx) => {
      const row = (await db.table(TABLES.turnstileTokens, trx).where({ token: response }).forUpdate().first()) as TokenRow | undefined;
      if (row === undefined) return failure('invalid-input-response');
      if (row.consumed_at !== null) {
        // A retry with the idempotency key of the verify that consumed the token gets the same answer.
        return idempotencyKey !== '' && row.idempotency_key === idempotencyKey ? success(row) : failure('timeout-or-duplicate');
      }
      if (row.expires_at.getTime() <= now().getTime()) return failure('timeout-or-duplicate');
      await db
        .table(TABLES.turnstileTokens, trx)
        .where({ token: response })
        .update({ consumed_at: now(), idempotency_key: idempotencyKey === '' ? null : idempotencyKey });
      return success(row);
    });
  };

  router.get('/api.js', (ctx) => {
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = turnstileScript(`${baseUrl(ctx)}/turnstile/v0/api.js`);
  });

  /** The widget's own call for the sandbox sitekey (not a Cloudflare endpoint). */
  router.post('/issue', async (ctx) => {
    const body = ctx.request.body;
    const sitekey = field(body, 'sitekey');
    const action = field(body, 'action');
    const cdata = field(body, 'cdata');
    if (sitekey !== TURNSTILE_SITEKEY) {
      ctx.status = 400;
      ctx.body = { code: '110100', error: `Only the sandbox sitekey '${TURNSTILE_SITEKEY}' issues tokens here.` };
      return;
    }
    if (!validCustomValue(action, 32) || !validCustomValue(cdata, 255)) {
      ctx.status = 400;
      ctx.body = { code: '400070', error: 'action must be up to 32 and cData up to 255 characters of A-Z a-z 0-9 _ -.' };
      return;
    }
    const issuedAt = now();
    const token = `0.sbx.${randomBytes(48).toString('base64url')}`;
    await db.table(TABLES.turnstileTokens).insert({
      token,
      sitekey,
      action,
      cdata,
      hostname: pageHostname(ctx),
      issued_at: issuedAt,
      expires_at: new Date(issuedAt.getTime() + TURNSTILE_TOKEN_SECONDS * 1000),
    });
    ctx.body = { token, expiresIn: TURNSTILE_TOKEN_SECONDS };
  });

  router.post('/siteverify', async (ctx) => {
    const body = ctx.request.body;
    const secret = field(body, 'secret');
    const response = field(body, 'response');
    const idempotencyKey = field(body, 'idempotency_key');
    ctx.body = await siteverify(secret, response, idempotencyKey);
  });

  return router;
};
