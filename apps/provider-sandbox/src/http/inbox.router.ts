/**
 * The inbox (sandbox-only, no provider): the page a person reads their codes on, and its JSON API
 * for tests. `to` matches an email address case-insensitively, or a phone number by its E.164
 * digits (ten digits alone are taken as a North American number).
 */
import Router from '@koa/router';
import type { SandboxContext } from './context.ts';
import { inboxPage } from './inbox-page.ts';
import { field } from './shapes.ts';

export const inboxRouter = (sandbox: SandboxContext): Router => {
  const router = new Router({ prefix: '/inbox' });
  const { inbox } = sandbox;

  router.get('/', async (ctx) => {
    const to = field(ctx.query, 'to');
    const messages = await inbox.list(to);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = inboxPage({ messages, to, now: sandbox.now() });
  });

  router.get('/api/messages', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await inbox.list(field(ctx.query, 'to'))).map(({ channel, to, subject, text, code, receivedAt, id, from }) => ({
      channel,
      to,
      subject,
      text,
      code,
      receivedAt,
      id,
      from,
    }));
  });

  router.delete('/api/messages', async (ctx) => {
    const deleted = await inbox.clear();
    ctx.body = { deleted };
  });

  return router;
};
