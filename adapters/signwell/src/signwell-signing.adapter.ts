/**
 * The Signing port over SignWell's REST API: one document, one recipient (id "1"), embedded
 * signing; the signature and date fields where the file's signature block has them (`fields`), or
 * else SignWell's own signature page appended to the file. Also the webhook registration the composition root needs once at start.
 */
import { SigningUnavailableError } from '@portal/core';
import type { EmbeddedDocument, EmbeddedDocumentInput, Signing, SigningDocument } from '@portal/core';
import { SignwellDecodeError, SignwellHttpClient } from './signwell-http.client.ts';
import type { SignwellFailure } from './signwell-http.client.ts';
import { SignwellDocument, SignwellHook, SignwellHookList } from './signwell.codecs.ts';
import type { SignwellConfig } from './signwell.config.ts';

/** Our one signer's recipient id on every document. */
export const SIGNER_RECIPIENT_ID = '1';

const notFound = (failure: SignwellFailure): { readonly value: null } | undefined => (failure.status === 404 ? { value: null } : undefined);

/** SignWell's `files[].name` needs an extension; `name` may hold anything. */
export function fileNameFor(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w\s.-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase()
    .slice(0, 80);
  return `${base === '' ? 'document' : base.replace(/\.pdf$/, '')}.pdf`;
}

export class SignwellSigning implements Signing {
  readonly #http: SignwellHttpClient;
  readonly #testMode: boolean;

  constructor(config: SignwellConfig, http: SignwellHttpClient = new SignwellHttpClient(config)) {
    this.#http = http;
    this.#testMode = config.testMode;
  }

  async createEmbeddedDocument(input: EmbeddedDocumentInput): Promise<EmbeddedDocument> {
    const file =
      input.pdfBase64 !== undefined
        ? { name: input.fileName ?? fileNameFor(input.name), file_base64: input.pdfBase64 }
        : { name: input.fileName ?? fileNameFor(input.name), file_url: input.fileUrl };
    const fields = input.fields ?? [];
    const request = {
      method: 'POST',
      path: '/documents',
      body: {
        test_mode: this.#testMode,
        embedded_signing: true,
        draft: false,
        name: input.name,
        files: [file],
        recipients: [{ id: SIGNER_RECIPIENT_ID, name: input.signer.name, email: input.signer.email, send_email: false }],
        // Our fields on the file's signature block; without them SignWell appends a page with them.
        with_signature_page: fields.length === 0,
        ...(fields.length === 0
          ? {}
          : {
              fields: [
                fields.map((field) => ({
                  x: field.x,
                  y: field.y,
                  width: field.width,
                  height: field.height,
                  page: field.page,
                  recipient_id: SIGNER_RECIPIENT_ID,
                  type: field.type,
                  required: true,
                  // The date fills itself in with the day of signing; the signer cannot change it.
                  ...(field.type === 'date' ? { lock_sign_date: true } : {}),
                })),
              ],
            }),
        allow_decline: true,
        allow_reassign: false,
        reminders: false,
        metadata: input.metadata,
        ...(input.redirectUrl === undefined ? {} : { redirect_url: input.redirectUrl }),
      },
    } as const;
    const document = await this.#http.json(request, SignwellDocument);
    const recipient = document.recipients?.find((candidate) => candidate.id === SIGNER_RECIPIENT_ID);
    const url = recipient?.embedded_signing_url;
    if (url === undefined || url === null || url === '') {
      const what = `answered without an embedded_signing_url for recipient ${SIGNER_RECIPIENT_ID}`;
      throw new SigningUnavailableError(`signwell POST /documents ${what}`, { cause: new SignwellDecodeError(what) });
    }
    return { documentId: document.id, embeddedSigningUrl: url, status: document.status };
  }

  async getDocument(documentId: string): Promise<SigningDocument | null> {
    const document = await this.#http.json({ method: 'GET', path: '/documents/{id}', params: { id: documentId } }, SignwellDocument, notFound);
    if (document === null) return null;
    return {
      documentId: document.id,
      name: document.name ?? '',
      status: document.status,
      completed: document.status === 'Completed' || document.status === 'Manually completed',
      declined: document.status === 'Declined',
      metadata: document.metadata ?? {},
      declineMessage: document.decline_message ?? null,
      embeddedSigningUrl: document.recipients?.find((candidate) => candidate.id === SIGNER_RECIPIENT_ID)?.embedded_signing_url ?? null,
      updatedAt: document.updated_at ?? null,
    };
  }

  async completedPdf(documentId: string): Promise<Buffer> {
    const request = {
      method: 'GET',
      path: '/documents/{id}/completed_pdf',
      params: { id: documentId },
      query: { url_only: 'false', audit_page: 'true', file_format: 'pdf' },
    } as const;
    const { bytes, contentType } = await this.#http.download(request, 'application/pdf');
    // The bytes decide (a PDF served as octet-stream is still a PDF); the type is only reported.
    if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
      const what = `answered ${contentType === '' ? 'without a content type' : contentType.split(';')[0]} and a body that is not a PDF`;
      throw new SigningUnavailableError(`signwell GET ${request.path} ${what}`, { cause: new SignwellDecodeError(what) });
    }
    return bytes;
  }

  async deleteDocument(documentId: string): Promise<void> {
    await this.#http.empty({ method: 'DELETE', path: '/documents/{id}', params: { id: documentId } }, notFound);
  }

  // ---- webhooks: registration, not part of the port -------------------------------------------

  async listWebhooks(): Promise<readonly SignwellHook[]> {
    return this.#http.json({ method: 'GET', path: '/hooks' }, SignwellHookList);
  }

  /** Registers `callbackUrl`; the answer's `id` is the key of the events' hashes (SIGNWELL_WEBHOOK_ID). */
  async createWebhook(callbackUrl: string): Promise<SignwellHook> {
    return this.#http.json({ method: 'POST', path: '/hooks', body: { callback_url: callbackUrl } }, SignwellHook);
  }

  async deleteWebhook(webhookId: string): Promise<void> {
    await this.#http.empty({ method: 'DELETE', path: '/hooks/{id}', params: { id: webhookId } }, notFound);
  }

  /** The webhook for `callbackUrl`, created when none exists (so every start of the app can call it). */
  async ensureWebhook(callbackUrl: string): Promise<SignwellHook> {
    const existing = (await this.listWebhooks()).find((hook) => hook.callback_url === callbackUrl);
    return existing ?? this.createWebhook(callbackUrl);
  }
}

