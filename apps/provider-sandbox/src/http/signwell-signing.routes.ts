/** SignWell's signing page (/signwell/sign/{documentId}/{recipientId}?token=…): view, sign, decline, the outcome pages. */
import { randomBytes } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { TERMINAL, type SignwellDocuments } from '../signwell/document-store.ts';
import type { SignwellDocumentRow, SignwellRecipientRow } from '../signwell/documents.ts';
import { TABLES } from '../store/schema.ts';
import type { SandboxContext } from './context.ts';
import { baseUrl, field } from './shapes.ts';
import { sameSecret } from './signwell-api-middleware.ts';
import { outcomePage, signPage, signwellPageCsp, type SignPageInput } from './signwell-page.ts';

/** The signing page that embedded_signing_url opens: viewing, signing, declining. */
export const signwellSigningRoutes = (router: Router, sandbox: SandboxContext, documents: SignwellDocuments): void => {
  const { db, now } = sandbox;
  const { load, fire } = documents;

  const pageOptions = (ctx: Context) => {
    const showHeader = field(ctx.query, 'header') !== '0';
    const embedDecline = field(ctx.query, 'decline') !== '0';
    const carry = new URLSearchParams();
    if (!showHeader) carry.set('header', '0');
    if (!embedDecline) carry.set('decline', '0');
    const query = carry.toString();
    return { showHeader, embedDecline, carry: query === '' ? '' : `?${query}` };
  };

  const html = (ctx: Context, status: number, nonce: string, body: string): void => {
    ctx.status = status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Security-Policy', signwellPageCsp(nonce));
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.remove('X-Frame-Options');
    ctx.body = body;
  };

  const invalidLink = (ctx: Context, nonce: string, showHeader: boolean, documentId: string | null): void =>
    html(
      ctx,
      404,
      nonce,
      outcomePage({
        event: 'error',
        documentId,
        title: 'This signing link is not valid',
        message: 'The document may have been deleted, or the link is incomplete. Ask the sender for a new link.',
        documentName: null,
        showHeader,
        nonce,
        redirectUrl: null,
      }),
    );

  const outcome = (ctx: Context, nonce: string, showHeader: boolean, row: SignwellDocumentRow, status = 200): void => {
    const completed = row.status === 'Completed';
    const declined = row.status === 'Declined';
    html(
      ctx,
      status,
      nonce,
      outcomePage({
        event: completed ? 'completed' : declined ? 'declined' : 'error',
        documentId: row.id,
        title: completed ? 'Document signed' : declined ? 'You declined to sign' : 'This document can no longer be signed',
        message: completed
          ? 'Thank you. Your signature has been recorded.'
          : declined
            ? 'The sender has been told that you declined.'
            : `The document is ${row.status.toLowerCase()}.`,
        documentName: row.name,
        showHeader,
        nonce,
        redirectUrl: completed ? row.redirect_url : declined ? row.decline_redirect_url : null,
        testMode: row.test_mode,
      }),
    );
  };

  const findRecipient = (loaded: { readonly recipients: readonly SignwellRecipientRow[] } | null, recipientId: string, token: string) => {
    const recipient = loaded?.recipients.find((candidate) => candidate.id === recipientId);
    return recipient !== undefined && sameSecret(token, recipient.token) ? recipient : null;
  };

  const formInput = (
    row: SignwellDocumentRow,
    recipient: SignwellRecipientRow,
    options: ReturnType<typeof pageOptions>,
    nonce: string,
  ): SignPageInput => ({
    documentId: row.id,
    recipientId: recipient.id,
    token: recipient.token,
    documentName: row.name,
    recipientName: recipient.name,
    recipientEmail: recipient.email,
    files: row.files.map((file) => ({ name: file.name, pagesNumber: file.pages_number })),
    previewText: row.preview_text,
    allowDecline: row.allow_decline && options.embedDecline,
    showHeader: options.showHeader,
    testMode: row.test_mode,
    nonce,
    carry: options.carry,
  });

  router.get('/signwell/sign/:documentId/:recipientId', async (ctx) => {
    const nonce = randomBytes(16).toString('base64');
    const options = pageOptions(ctx);
    const documentId = String(ctx.params.documentId);
    const loaded = await load(documentId);
    const recipient = findRecipient(loaded, String(ctx.params.recipientId), field(ctx.query, 'token'));
    if (loaded === null || recipient === null) return invalidLink(ctx, nonce, options.showHeader, loaded === null ? null : documentId);
    const { row } = loaded;
    if (TERMINAL.has(row.status) || recipient.status === 'signed' || recipient.status === 'declined') return outcome(ctx, nonce, options.showHeader, row);
    if (row.status === 'Draft') return outcome(ctx, nonce, options.showHeader, row, 409);
    const at = now();
    await db.table(TABLES.signwellRecipients).where({ document_id: row.id, id: recipient.id }).update({
      status: recipient.status === 'created' ? 'viewed' : recipient.status,
      viewed_at: recipient.viewed_at ?? at,
    });
    if (row.status === 'Pending' || row.status === 'Sent') {
      await db.table(TABLES.signwellDocuments).where({ id: row.id }).update({ status: 'Viewed', updated_at: at });
    }
    await fire(baseUrl(ctx), 'document_viewed', row.id).catch(() => undefined);
    html(ctx, 200, nonce, signPage(formInput(row, recipient, options, nonce)));
  });

  router.post('/signwell/sign/:documentId/:recipientId', async (ctx) => {
    const nonce = randomBytes(16).toString('base64');
    const options = pageOptions(ctx);
    const documentId = String(ctx.params.documentId);
    const recipientId = String(ctx.params.recipientId);
    const body = ctx.request.body;
    const action = field(body, 'action') === 'decline' ? 'decline' : 'sign';
    const fullName = field(body, 'full_name').replace(/\s+/g, ' ');
    const declineReason = field(body, 'decline_reason');
    const values = { fullName, agreeTerms: field(body, 'agree_terms') !== '', agreeEsign: field(body, 'agree_esign') !== '', declineReason };
    const at = now();
    const events: string[] = [];
    const result = await db.knex.transaction(async (trx) => {
      const loaded = await load(documentId, trx, true);
      const recipient = findRecipient(loaded, recipientId, field(body, 'token'));
      if (loaded === null || recipient === null) return { kind: 'invalid' as const, documentKnown: loaded !== null };
      const { row } = loaded;
      if (TERMINAL.has(row.status) || row.status === 'Draft' || recipient.status === 'signed' || recipient.status === 'declined') {
        return { kind: 'outcome' as const, row };
      }
      const errors: Partial<Record<'full_name' | 'agree_terms' | 'agree_esign' | 'decline', string>> = {};
      if (action === 'decline') {
        if (!row.allow_decline) errors.decline = 'This document cannot be declined.';
        else if (declineReason.length > 500) errors.decline = 'Keep the reason under 500 characters.';
      } else {
        if (fullName === '') errors.full_name = 'Type your full name to sign.';
        else if (fullName.length > 255) errors.full_name = 'Your name must be 255 characters or fewer.';
        if (!values.agreeTerms) errors.agree_terms = 'Confirm that you have read and agree to the document.';
        if (!values.agreeEsign) errors.agree_esign = 'Agree to sign electronically.';
      }
      if (Object.keys(errors).length > 0) return { kind: 'form' as const, row, recipient, errors };
      const who = { client_ip: ctx.ip.slice(0, 100), user_agent: ctx.get('User-Agent').slice(0, 300) || null };
      if (action === 'decline') {
        await db.table(TABLES.signwellRecipients, trx).where({ document_id: row.id, id: recipient.id }).update({
          status: 'declined',
          declined_at: at,
          decline_reason: declineReason === '' ? null : declineReason,
          viewed_at: recipient.viewed_at ?? at,
          ...who,
        });
        await db.table(TABLES.signwellDocuments, trx).where({ id: row.id }).update({
          status: 'Declined',
          decline_message: declineReason === '' ? null : declineReason,
          updated_at: at,
        });
        events.push('document_declined');
      } else {
        await db.table(TABLES.signwellRecipients, trx).where({ document_id: row.id, id: recipient.id }).update({
          status: 'signed',
          signed_at: at,
          signature_name: fullName,
          viewed_at: recipient.viewed_at ?? at,
          ...who,
        });
        events.push('document_signed');
        const remaining = loaded.recipients.filter((other) => other.id !== recipient.id && other.status !== 'signed');
        if (remaining.length === 0) {
          await db.table(TABLES.signwellDocuments, trx).where({ id: row.id }).update({ status: 'Completed', completed_at: at, updated_at: at });
          events.push('document_completed');
        } else {
          await db.table(TABLES.signwellDocuments, trx).where({ id: row.id }).update({ status: 'Pending', updated_at: at });
        }
      }
      const after = await load(documentId, trx);
      return { kind: 'done' as const, row: after?.row ?? row };
    });
    const base = baseUrl(ctx);
    for (const type of events) await fire(base, type, documentId).catch(() => undefined);
    switch (result.kind) {
      case 'invalid':
        return invalidLink(ctx, nonce, options.showHeader, result.documentKnown ? documentId : null);
      case 'outcome':
        return outcome(ctx, nonce, options.showHeader, result.row, 409);
      case 'form':
        return html(ctx, 422, nonce, signPage({ ...formInput(result.row, result.recipient, options, nonce), errors: result.errors, values }));
      case 'done':
        // A document with more signers stays open: this signer sees their own outcome.
        return result.row.status === 'Pending'
          ? html(
              ctx,
              200,
              nonce,
              outcomePage({
                event: 'completed',
                documentId,
                title: 'Document signed',
                message: 'Thank you. The document is complete once everyone has signed.',
                documentName: result.row.name,
                showHeader: options.showHeader,
                nonce,
                redirectUrl: result.row.redirect_url,
                testMode: result.row.test_mode,
              }),
            )
          : outcome(ctx, nonce, options.showHeader, result.row);
    }
  });
};
