/** SignWell's REST API routes (documents, completed PDF, hooks), the completed file link and the embedded.js script. */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type Router from '@koa/router';
import { SIGNWELL_API_PREFIX } from '../seed/providers.ts';
import { documentNotFound, metaError, validation } from '../signwell/api-errors.ts';
import { completedPdf, type CompletedFile } from '../signwell/completed-pdf.ts';
import { isHttpUrl, isRecord, readNewDocument } from '../signwell/create-request.ts';
import { TERMINAL, type SignwellDocuments } from '../signwell/document-store.ts';
import { documentJson, signingUrl } from '../signwell/documents.ts';
import { TABLES } from '../store/schema.ts';
import type { SandboxContext } from './context.ts';
import { baseUrl, field } from './shapes.ts';
import { sameSecret } from './signwell-api-middleware.ts';

const SCRIPT_SOURCE = readFileSync(new URL('../signwell/assets/embedded.js', import.meta.url), 'utf8');

const signingToken = (): string => randomBytes(24).toString('base64url');

/** The REST API (documents, completed PDF, hooks), the completed file behind url_only=true, embedded.js. */
export const signwellApiRoutes = (router: Router, sandbox: SandboxContext, documents: SignwellDocuments): void => {
  const { db, now, inbox } = sandbox;
  const { load } = documents;

  router.post(`${SIGNWELL_API_PREFIX}/documents`, async (ctx) => {
    const input = readNewDocument(ctx.request.body);
    const id = randomUUID();
    const at = now();
    const base = baseUrl(ctx);
    const status = input.flags.draft ? 'Draft' : 'Pending';
    await db.knex.transaction(async (trx) => {
      await db.table(TABLES.signwellDocuments, trx).insert({
        id,
        name: input.name,
        status,
        ...input.flags,
        subject: input.subject,
        message: input.message,
        redirect_url: input.redirectUrl,
        decline_redirect_url: input.declineRedirectUrl,
        expires_in: input.expiresIn,
        metadata: JSON.stringify(input.metadata),
        fields: JSON.stringify(input.fields),
        files: JSON.stringify(input.files.map((file) => file.stored)),
        preview_text: input.files.length === 1 ? (input.files[0]?.text ?? '') : input.files.map((file) => `${file.stored.name}\n\n${file.text}`).join('\n\n'),
        file_token: signingToken(),
        created_at: at,
        updated_at: at,
      });
      for (const [position, recipient] of input.recipients.entries()) {
        const token = signingToken();
        await db.table(TABLES.signwellRecipients, trx).insert({
          document_id: id,
          id: recipient.id,
          position,
          name: recipient.name,
          email: recipient.email,
          status: input.flags.draft ? 'draft' : 'created',
          signing_order: recipient.signingOrder,
          send_email: recipient.sendEmail,
          token,
        });
        // SignWell emails the signing link unless signing is embedded: here it lands in the inbox.
        if (recipient.sendEmail && !input.flags.draft) {
          await inbox.add(
            {
              channel: 'email',
              from: 'SignWell Sandbox <noreply@signwell.invalid>',
              to: recipient.email,
              subject: input.subject ?? `Please complete ${input.name}`,
              text: `${input.message ?? 'Please review and complete this document.'}\n\nReview and sign: ${signingUrl(base, id, { id: recipient.id, token })}`,
            },
            trx,
          );
        }
      }
    });
    const created = await load(id);
    if (created === null) throw new Error('signwell: the new document is gone');
    const json = documentJson(base, created.row, created.recipients);
    if (!input.flags.draft) await sandbox.signwell.fire('document_created', json).catch(() => undefined);
    ctx.status = 201;
    ctx.body = json;
  });

  router.get(`${SIGNWELL_API_PREFIX}/documents/:id`, async (ctx) => {
    const loaded = await load(String(ctx.params.id));
    if (loaded === null) throw documentNotFound();
    ctx.body = documentJson(baseUrl(ctx), loaded.row, loaded.recipients);
  });

  router.delete(`${SIGNWELL_API_PREFIX}/documents/:id`, async (ctx) => {
    const id = String(ctx.params.id);
    const base = baseUrl(ctx);
    const loaded = await load(id);
    if (loaded === null) throw documentNotFound();
    if (!TERMINAL.has(loaded.row.status)) {
      await sandbox.signwell.fire('document_canceled', { ...documentJson(base, loaded.row, loaded.recipients), status: 'Canceled' }).catch(() => undefined);
    }
    await db.knex.transaction(async (trx) => {
      await db.table(TABLES.signwellRecipients, trx).where({ document_id: id }).delete();
      await db.table(TABLES.signwellDocuments, trx).where({ id }).delete();
    });
    ctx.status = 204;
  });

  const completedFile = async (id: string, auditPage: boolean): Promise<Buffer | null> => {
    const loaded = await load(id);
    if (loaded === null || loaded.row.status !== 'Completed' || loaded.row.completed_at === null) return null;
    const { row, recipients } = loaded;
    return completedPdf(
      {
        id: row.id,
        name: row.name,
        testMode: row.test_mode,
        createdAt: row.created_at,
        completedAt: row.completed_at as Date,
        files: row.files.map((file): CompletedFile => ({
          name: file.name,
          size: file.size,
          sha256: file.sha256,
          pagesNumber: file.pages_number,
          ...(file.file_url === undefined ? {} : { fileUrl: file.file_url }),
        })),
        previewText: row.preview_text,
        signers: recipients
          .filter((recipient) => recipient.signed_at !== null)
          .map((recipient) => ({
            id: recipient.id,
            name: recipient.name,
            email: recipient.email,
            signatureName: recipient.signature_name ?? recipient.name ?? recipient.email,
            signedAt: recipient.signed_at as Date,
            viewedAt: recipient.viewed_at,
            clientIp: recipient.client_ip,
            userAgent: recipient.user_agent,
          })),
      },
      { auditPage },
    );
  };

  const pdfName = (name: string): string => `${name.replace(/[^\w .-]+/g, '').trim().replace(/\s+/g, '_') || 'document'}.pdf`;

  router.get(`${SIGNWELL_API_PREFIX}/documents/:id/completed_pdf`, async (ctx) => {
    const id = String(ctx.params.id);
    const urlOnly = field(ctx.query, 'url_only') === 'true';
    const auditPage = field(ctx.query, 'audit_page') !== 'false';
    const format = field(ctx.query, 'file_format') || 'pdf';
    if (format !== 'pdf' && format !== 'zip') throw validation({ file_format: ['must be pdf or zip'] });
    if (format === 'zip') throw validation({ file_format: ['zip is not offered by the sandbox: ask for pdf'] });
    const loaded = await load(id);
    if (loaded === null || loaded.row.status !== 'Completed') throw documentNotFound();
    if (urlOnly) {
      ctx.body = {
        file_url: `${baseUrl(ctx)}/signwell/files/${encodeURIComponent(id)}/completed.pdf?token=${encodeURIComponent(loaded.row.file_token)}&audit_page=${auditPage}`,
      };
      return;
    }
    const pdf = await completedFile(id, auditPage);
    if (pdf === null) throw documentNotFound();
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${pdfName(loaded.row.name)}"`);
    ctx.body = pdf;
  });

  router.get(`${SIGNWELL_API_PREFIX}/hooks`, async (ctx) => {
    const hooks = (await db.table(TABLES.signwellHooks).orderBy('created_at').select('id', 'callback_url')) as { id: string; callback_url: string }[];
    ctx.body = hooks;
  });

  router.post(`${SIGNWELL_API_PREFIX}/hooks`, async (ctx) => {
    const body = ctx.request.body;
    const callbackUrl = isRecord(body) ? body['callback_url'] : undefined;
    if (!isHttpUrl(callbackUrl)) throw validation({ callback_url: [callbackUrl === undefined || callbackUrl === '' ? "can't be blank" : 'is not a valid URL'] });
    const apiApplicationId = isRecord(body) && typeof body['api_application_id'] === 'string' ? body['api_application_id'] : null;
    const id = randomUUID();
    await db.table(TABLES.signwellHooks).insert({ id, callback_url: callbackUrl, api_application_id: apiApplicationId, created_at: now() });
    ctx.status = 201;
    ctx.body = { id, callback_url: callbackUrl };
  });

  router.delete(`${SIGNWELL_API_PREFIX}/hooks/:id`, async (ctx) => {
    const deleted = await db.table(TABLES.signwellHooks).where({ id: String(ctx.params.id) }).delete();
    if (deleted === 0) throw metaError(404, 'Not found', 'record_not_found', "Couldn't find the webhook requested");
    ctx.status = 204;
  });

  // -- the completed file behind url_only=true (a signed link: no API key) --

  router.get('/signwell/files/:id/completed.pdf', async (ctx) => {
    const id = String(ctx.params.id);
    const loaded = await load(id);
    if (loaded === null || !sameSecret(field(ctx.query, 'token'), loaded.row.file_token)) {
      ctx.status = 404;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'Not found';
      return;
    }
    const pdf = await completedFile(id, field(ctx.query, 'audit_page') !== 'false');
    if (pdf === null) {
      ctx.status = 404;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'Not found';
      return;
    }
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="${pdfName(loaded.row.name)}"`);
    ctx.body = pdf;
  });

  // -- the browser script --

  router.get('/signwell/assets/embedded.js', (ctx) => {
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.body = SCRIPT_SOURCE;
  });
};
