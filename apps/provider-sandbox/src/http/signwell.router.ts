/**
 * SignWell's look-alike, the subset the portal uses: the REST API under /signwell/api/v1
 * (`X-Api-Key: sandbox-signwell-key`; documents, completed PDF, hooks), the signing page that
 * `embedded_signing_url` opens (/signwell/sign/{documentId}/{recipientId}?token=…), the completed
 * file behind `url_only=true`, and the embedded.js look-alike (/signwell/assets/embedded.js).
 * Errors have SignWell's shapes: 422 `{errors: {field: [msg]}}`, 401/404 `{message, meta}`.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { SIGNWELL_API_KEY, SIGNWELL_API_PREFIX } from '../seed/providers.ts';
import { completedPdf, type CompletedFile } from '../signwell/completed-pdf.ts';
import { countPdfPages, extractPdfText } from '@portal/pdf/pdf-read.ts';
import { TABLES } from '../store/schema.ts';
import type { SandboxContext } from './context.ts';
import { baseUrl, field } from './shapes.ts';
import { outcomePage, signPage, signwellPageCsp, type SignPageInput } from './signwell-page.ts';

export const isSignwellPath = (path: string): boolean => path === '/signwell' || path.startsWith('/signwell/');
export const isSignwellApiPath = (path: string): boolean => path === SIGNWELL_API_PREFIX || path.startsWith(`${SIGNWELL_API_PREFIX}/`);

const SCRIPT_SOURCE = readFileSync(new URL('../signwell/assets/embedded.js', import.meta.url), 'utf8');

/** The largest create body: SignWell takes files of tens of MB as base64. */
export const SIGNWELL_JSON_LIMIT = '40mb';

// ---- SignWell's error shapes -------------------------------------------------------------------

export class SignwellApiError extends Error {
  override readonly name = 'SignwellApiError';
  readonly status: number;
  readonly body: Readonly<Record<string, unknown>>;
  constructor(status: number, body: Readonly<Record<string, unknown>>) {
    super(`SignWell ${status}`);
    this.status = status;
    this.body = body;
  }
}

const metaError = (status: number, message: string, error: string, detail: string): SignwellApiError =>
  new SignwellApiError(status, { message, meta: { error, message: detail, messages: [detail] } });

const unauthorized = (): SignwellApiError =>
  metaError(401, 'Missing or invalid authorization key', 'api_key_unauthorized_error', 'Not valid authorization token');

const documentNotFound = (): SignwellApiError => metaError(404, 'Not found', 'record_not_found', "Couldn't find the document requested");

const validation = (errors: Record<string, unknown>): SignwellApiError => new SignwellApiError(422, { errors });

/** The API's own error shapes for everything under /signwell/api/v1, body parser failures included. */
export const signwellApiBoundary = () => async (ctx: Context, next: Next): Promise<void> => {
  if (!isSignwellApiPath(ctx.path)) return next();
  try {
    await next();
    // No route matched: the app's fallback answered in athenahealth's shape.
    if (ctx.status === 404 && !(isRecord(ctx.body) && ('message' in ctx.body || 'errors' in ctx.body))) {
      const error = metaError(404, 'Not found', 'route_not_found', `The sandbox has no ${ctx.method} ${ctx.path}.`);
      ctx.status = 404;
      ctx.body = error.body;
    }
  } catch (error) {
    if (error instanceof SignwellApiError) {
      ctx.status = error.status;
      ctx.body = error.body;
      return;
    }
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status !== 'number' || status < 400 || status >= 500) throw error;
    const detail = status === 413 ? `The request body is larger than ${SIGNWELL_JSON_LIMIT}.` : 'The request body is not valid JSON.';
    ctx.status = status === 413 ? 413 : 400;
    ctx.body = metaError(ctx.status, status === 413 ? 'Request body too large' : 'Bad request', 'bad_request', detail).body;
  }
};

/** JSON bodies up to SIGNWELL_JSON_LIMIT on the API (the app-wide parser stops at 1 MB). */
export const signwellBodyParser = () => {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: SIGNWELL_JSON_LIMIT, encoding: 'utf-8' });
  return async (ctx: Context, next: Next): Promise<void> => (isSignwellApiPath(ctx.path) ? parse(ctx, next) : next());
};

/** Every API call needs the sandbox key in X-Api-Key (compared in constant time). */
export const requireSignwellKey = () => async (ctx: Context, next: Next): Promise<void> => {
  if (!isSignwellApiPath(ctx.path)) return next();
  if (!sameSecret(ctx.get('X-Api-Key'), SIGNWELL_API_KEY)) throw unauthorized();
  return next();
};

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
};

// ---- rows and their JSON -----------------------------------------------------------------------

export interface StoredFile {
  readonly name: string;
  readonly pages_number: number;
  readonly size: number;
  readonly sha256: string;
  readonly file_url?: string;
}

export interface StoredField {
  readonly api_id: string;
  readonly type: string;
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly recipient_id: string;
  readonly required: boolean;
  readonly value: null;
  /** As sent, in SignWell's "pixels" (decision 0054); left out when not sent. */
  readonly width?: number;
  readonly height?: number;
  readonly lock_sign_date?: boolean;
}

export interface SignwellDocumentRow {
  readonly id: string;
  readonly name: string;
  readonly status: string;
  readonly test_mode: boolean;
  readonly embedded_signing: boolean;
  readonly draft: boolean;
  readonly with_signature_page: boolean;
  readonly allow_decline: boolean;
  readonly allow_reassign: boolean;
  readonly reminders: boolean;
  readonly apply_signing_order: boolean;
  readonly subject: string | null;
  readonly message: string | null;
  readonly redirect_url: string | null;
  readonly decline_redirect_url: string | null;
  readonly expires_in: number | null;
  readonly metadata: Record<string, string>;
  readonly fields: StoredField[][];
  readonly files: StoredFile[];
  readonly preview_text: string;
  readonly decline_message: string | null;
  readonly file_token: string;
  readonly created_at: Date;
  readonly updated_at: Date;
  readonly completed_at: Date | null;
}

export interface SignwellRecipientRow {
  readonly document_id: string;
  readonly id: string;
  readonly position: number;
  readonly name: string | null;
  readonly email: string;
  readonly status: string;
  readonly signing_order: number;
  readonly send_email: boolean;
  readonly token: string;
  readonly signature_name: string | null;
  readonly decline_reason: string | null;
  readonly client_ip: string | null;
  readonly user_agent: string | null;
  readonly viewed_at: Date | null;
  readonly signed_at: Date | null;
  readonly declined_at: Date | null;
}

/** SignWell writes times as 2026-02-25T21:12:28Z. */
const time = (date: Date | null): string | null => (date === null ? null : date.toISOString().replace(/\.\d{3}Z$/, 'Z'));

export const signingUrl = (base: string, documentId: string, recipient: Pick<SignwellRecipientRow, 'id' | 'token'>): string =>
  `${base}/signwell/sign/${encodeURIComponent(documentId)}/${encodeURIComponent(recipient.id)}?token=${encodeURIComponent(recipient.token)}`;

export const documentJson = (base: string, row: SignwellDocumentRow, recipients: readonly SignwellRecipientRow[]): Record<string, unknown> & { id: string } => ({
  id: row.id,
  archived: false,
  created_at: time(row.created_at),
  updated_at: time(row.updated_at),
  decline_message: row.decline_message,
  embedded_edit_url: null,
  embedded_preview_url: null,
  error_message: null,
  language: 'en',
  name: row.name,
  requester_email_address: 'sandbox@signwell.invalid',
  status: row.status,
  test_mode: row.test_mode,
  allow_decline: row.allow_decline,
  allow_reassign: row.allow_reassign,
  api_application_id: null,
  custom_requester_email: null,
  custom_requester_name: null,
  decline_redirect_url: row.decline_redirect_url,
  embedded_signing: row.embedded_signing,
  expires_in: row.expires_in,
  metadata: row.metadata,
  redirect_url: row.redirect_url,
  reminders: row.reminders,
  apply_signing_order: row.apply_signing_order,
  message: row.message,
  subject: row.subject,
  labels: [],
  fields: row.fields,
  files: row.files.map((file) => ({ name: file.name, pages_number: file.pages_number })),
  copied_contacts: [],
  recipients: [...recipients]
    .sort((a, b) => a.position - b.position)
    .map((recipient) => ({
      id: recipient.id,
      name: recipient.name,
      email: recipient.email,
      status: recipient.status,
      signing_order: recipient.signing_order,
      send_email: recipient.send_email,
      send_email_delay: 0,
      message: null,
      subject: null,
      passcode: null,
      signing_url: signingUrl(base, row.id, recipient),
      embedded_signing_url: row.embedded_signing ? signingUrl(base, row.id, recipient) : null,
      bounced: null,
      bounced_details: null,
      attachment_requests: [],
    })),
  checkbox_groups: [],
});

// ---- the create request ------------------------------------------------------------------------

const KNOWN_KEYS = new Set([
  'test_mode', 'files', 'name', 'subject', 'message', 'recipients', 'draft', 'with_signature_page', 'expires_in', 'reminders',
  'apply_signing_order', 'api_application_id', 'embedded_signing', 'embedded_signing_notifications', 'text_tags', 'custom_requester_name',
  'custom_requester_email', 'redirect_url', 'allow_decline', 'allow_reassign', 'decline_redirect_url', 'metadata', 'fields',
  'attachment_requests', 'copied_contacts', 'labels', 'checkbox_groups', 'language',
]);

const FIELD_TYPES = new Set([
  'signature', 'initials', 'checkbox', 'date', 'select', 'text', 'dropdown', 'autofill_company', 'autofill_email', 'autofill_first_name',
  'autofill_last_name', 'autofill_name', 'autofill_phone', 'autofill_title', 'autofill_date_signed',
]);

const FILE_EXTENSIONS = /\.(pdf|docx?|pptx?|xlsx?|key|numbers|pages|jpe?g|png|tiff?|webp|html?|txt|rtf|odt)$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface NewFile {
  readonly stored: StoredFile;
  readonly text: string;
}

interface NewDocument {
  readonly name: string;
  readonly files: readonly NewFile[];
  readonly recipients: readonly { readonly id: string; readonly name: string | null; readonly email: string; readonly sendEmail: boolean; readonly signingOrder: number }[];
  readonly fields: StoredField[][];
  readonly flags: {
    readonly test_mode: boolean;
    readonly embedded_signing: boolean;
    readonly draft: boolean;
    readonly with_signature_page: boolean;
    readonly allow_decline: boolean;
    readonly allow_reassign: boolean;
    readonly reminders: boolean;
    readonly apply_signing_order: boolean;
  };
  readonly subject: string | null;
  readonly message: string | null;
  readonly redirectUrl: string | null;
  readonly declineRedirectUrl: string | null;
  readonly expiresIn: number | null;
  readonly metadata: Record<string, string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const flag = (body: Record<string, unknown>, key: string, fallback: boolean, errors: Record<string, unknown>): boolean => {
  const value = body[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') {
    errors[key] = ['must be true or false'];
    return fallback;
  }
  return value;
};

const optionalText = (body: Record<string, unknown>, key: string, max: number, errors: Record<string, unknown>): string | null => {
  const value = body[key];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') errors[key] = ['must be a string'];
  else if (value.length > max) errors[key] = [`is too long (maximum is ${max} characters)`];
  else return value;
  return null;
};

const optionalUrl = (body: Record<string, unknown>, key: string, errors: Record<string, unknown>): string | null => {
  const value = body[key];
  if (value === undefined || value === null || value === '') return null;
  if (!isHttpUrl(value)) {
    errors[key] = ['is not a valid URL'];
    return null;
  }
  return value;
};

const readFiles = (value: unknown, errors: Record<string, unknown>): NewFile[] => {
  if (!Array.isArray(value) || value.length === 0) {
    errors['files'] = ["can't be blank"];
    return [];
  }
  const fileErrors: Record<string, unknown> = {};
  const files: NewFile[] = [];
  value.forEach((file: unknown, index) => {
    const key = `file_${index + 1}`;
    const problems: Record<string, string[]> = {};
    const entry = isRecord(file) ? file : {};
    const name = typeof entry['name'] === 'string' ? entry['name'].trim() : '';
    if (name === '') problems['name'] = ["can't be blank"];
    else if (!FILE_EXTENSIONS.test(name)) problems['name'] = ['The file extension is invalid.'];
    const base64 = entry['file_base64'];
    const url = entry['file_url'];
    const hasBase64 = typeof base64 === 'string' && base64 !== '';
    const hasUrl = typeof url === 'string' && url !== '';
    if (!hasBase64 && !hasUrl) problems['file_data'] = ['At least one of file_url or file_base64 should be present'];
    else if (hasBase64 && hasUrl) problems['file_data'] = ['Only one of file_url or file_base64 should be present, not both'];
    else if (hasUrl && !isHttpUrl(url)) problems['file_url'] = ['is not a valid URL'];
    let bytes: Buffer | null = null;
    if (hasBase64 && !hasUrl) {
      const text = (base64 as string).replace(/^data:[^,]*;base64,/, '').replace(/\s/g, '');
      bytes = /^[A-Za-z0-9+/]*={0,2}$/.test(text) ? Buffer.from(text, 'base64') : null;
      if (bytes === null || bytes.length === 0) problems['file_base64'] = ['is not valid base64'];
      else if (/\.pdf$/i.test(name) && !bytes.subarray(0, 1024).includes('%PDF-')) {
        problems['file_base64'] = ['the file type is unsupported: a .pdf file must hold a PDF'];
      }
    }
    if (Object.keys(problems).length > 0) {
      fileErrors[key] = problems;
      return;
    }
    if (bytes !== null) {
      const isPdf = bytes.subarray(0, 1024).includes('%PDF-');
      const text = isPdf ? extractPdfText(bytes) : '';
      files.push({
        stored: { name, pages_number: isPdf ? countPdfPages(bytes) : 1, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
        text: text !== '' ? text : `No text preview is available for ${name} in the sandbox.`,
      });
    } else {
      files.push({
        stored: { name, pages_number: 1, size: 0, sha256: createHash('sha256').update(url as string).digest('hex'), file_url: url as string },
        text: `SignWell would fetch ${name} from ${new URL(url as string).host}; the sandbox does not download files, so there is no preview.`,
      });
    }
  });
  if (Object.keys(fileErrors).length > 0) errors['files'] = fileErrors;
  return files;
};

const readRecipients = (value: unknown, embedded: boolean, errors: Record<string, unknown>): NewDocument['recipients'] => {
  if (!Array.isArray(value) || value.length === 0) {
    errors['recipients'] = ["can't be blank"];
    return [];
  }
  const problems: Record<string, unknown> = {};
  const recipients: { id: string; name: string | null; email: string; sendEmail: boolean; signingOrder: number }[] = [];
  value.forEach((recipient: unknown, index) => {
    const entry = isRecord(recipient) ? recipient : {};
    const own: Record<string, string[]> = {};
    const id = typeof entry['id'] === 'string' || typeof entry['id'] === 'number' ? String(entry['id']).trim() : '';
    const email = typeof entry['email'] === 'string' ? entry['email'].trim() : '';
    const name = typeof entry['name'] === 'string' && entry['name'].trim() !== '' ? entry['name'].trim() : null;
    if (id === '') own['id'] = ["can't be blank"];
    if (email === '') own['email'] = ["can't be blank"];
    else if (!EMAIL.test(email)) own['email'] = ['format is invalid.'];
    if (name !== null && name.length > 255) own['name'] = ['is too long (maximum is 255 characters)'];
    if (Object.keys(own).length > 0) problems[`recipient_${index + 1}`] = own;
    const sendEmail = typeof entry['send_email'] === 'boolean' ? entry['send_email'] : !embedded;
    const order = typeof entry['signing_order'] === 'number' && Number.isInteger(entry['signing_order']) ? entry['signing_order'] : index + 1;
    recipients.push({ id, name, email, sendEmail, signingOrder: order });
  });
  const duplicated = (values: string[]): string[] => [...new Set(values.filter((item, index) => item !== '' && values.indexOf(item) !== index))];
  const ids = duplicated(recipients.map((recipient) => recipient.id));
  const emails = duplicated(recipients.map((recipient) => recipient.email.toLowerCase()));
  if (ids.length > 0) problems['duplicated_ids'] = `These ids are duplicated: ${ids.join(', ')}.`;
  if (emails.length > 0) problems['duplicated_emails'] = `These emails are duplicated: ${emails.join(', ')}.`;
  if (Object.keys(problems).length > 0) errors['recipients'] = problems;
  return recipients;
};

/**
 * `fields[]` as SignWell's API reference (create-a-document) describes them: x, y, width and
 * height in pixels on the page; "If the page does not exist within the file then the field won't
 * be created" — such a field is left out, not refused. `pages[i]`: the page count of file i.
 */
const readFields = (value: unknown, fileCount: number, recipientIds: ReadonlySet<string>, errors: Record<string, unknown>, pages: readonly number[] = []): StoredField[][] => {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every(Array.isArray)) {
    errors['fields'] = ['must be an array with one array of fields per file'];
    return [];
  }
  const problems: Record<string, unknown> = {};
  const invalidIds = new Set<string>();
  const counters = new Map<string, number>();
  const result: StoredField[][] = (value as unknown[][]).map((fields, fileIndex) => {
    if (fileIndex >= fileCount) problems[`file_${fileIndex + 1}`] = ['There is no file for these fields'];
    return fields.flatMap((raw, fieldIndex) => {
      const entry = isRecord(raw) ? raw : {};
      const own: Record<string, string[]> = {};
      const type = typeof entry['type'] === 'string' ? entry['type'] : '';
      if (!FIELD_TYPES.has(type)) own['type'] = [`must be one of ${[...FIELD_TYPES].join(', ')}`];
      const page = entry['page'];
      if (typeof page !== 'number' || !Number.isInteger(page) || page < 1) own['page'] = ['must be a page number from 1'];
      for (const axis of ['x', 'y']) if (typeof entry[axis] !== 'number' || !Number.isFinite(entry[axis])) own[axis] = ['must be a number'];
      for (const size of ['width', 'height']) {
        const given = entry[size];
        if (given !== undefined && given !== null && (typeof given !== 'number' || !Number.isFinite(given) || given <= 0)) own[size] = ['must be a positive number'];
      }
      const recipientId = typeof entry['recipient_id'] === 'string' || typeof entry['recipient_id'] === 'number' ? String(entry['recipient_id']) : '';
      if (recipientId === '' && !type.startsWith('autofill_')) own['recipient_id'] = ["can't be blank"];
      else if (recipientId !== '' && !recipientIds.has(recipientId)) invalidIds.add(recipientId);
      if (Object.keys(own).length > 0) {
        problems[`file_${fileIndex + 1}`] = { ...(problems[`file_${fileIndex + 1}`] as object | undefined), [`field_${fieldIndex + 1}`]: own };
        return [];
      }
      const pageCount = pages[fileIndex];
      if (pageCount !== undefined && (page as number) > pageCount) return [];
      const label = type.charAt(0).toUpperCase() + type.slice(1).replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
      const count = (counters.get(label) ?? 0) + 1;
      counters.set(label, count);
      return [
        {
          api_id: typeof entry['api_id'] === 'string' && entry['api_id'] !== '' ? entry['api_id'] : `${label}_${count}`,
          type,
          page: page as number,
          x: entry['x'] as number,
          y: entry['y'] as number,
          recipient_id: recipientId,
          required: typeof entry['required'] === 'boolean' ? entry['required'] : true,
          value: null,
          ...(typeof entry['width'] === 'number' ? { width: entry['width'] } : {}),
          ...(typeof entry['height'] === 'number' ? { height: entry['height'] } : {}),
          ...(typeof entry['lock_sign_date'] === 'boolean' ? { lock_sign_date: entry['lock_sign_date'] } : {}),
        },
      ];
    });
  });
  if (invalidIds.size > 0) problems['invalid_ids'] = `These recipient ids are not present in the recipients array: [${[...invalidIds].join(', ')}]`;
  if (Object.keys(problems).length > 0) errors['fields'] = problems;
  return result;
};

const readMetadata = (value: unknown, errors: Record<string, unknown>): Record<string, string> => {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) {
    errors['metadata'] = ['must be an object of key/value pairs'];
    return {};
  }
  const messages: string[] = [];
  const entries = Object.entries(value);
  if (entries.length > 50) messages.push('The key/value pairs must not exceed 50');
  const longKeys = entries.filter(([key]) => key.length >= 40).map(([key]) => key);
  if (longKeys.length > 0) messages.push(`Check the following keys: [${longKeys.join(', ')}], length needs to be less than 40 characters`);
  const badValues = entries.filter(([, item]) => typeof item !== 'string' || item.length >= 500).map(([key]) => key);
  if (badValues.length > 0) messages.push(`Check the value of the following keys: [${badValues.join(', ')}], length needs to be less than 500 characters and must be a string`);
  if (messages.length > 0) {
    errors['metadata'] = messages;
    return {};
  }
  return Object.fromEntries(entries) as Record<string, string>;
};

/** Validates a create body as SignWell does (400 for unknown keys, 422 for the rest). */
export const readNewDocument = (body: unknown): NewDocument => {
  if (!isRecord(body)) throw new SignwellApiError(400, { errors: { message: 'The request body must be a JSON object.' } });
  const invalidKeys = Object.keys(body).filter((key) => !KNOWN_KEYS.has(key));
  if (invalidKeys.length > 0) throw new SignwellApiError(400, { errors: { message: 'The request contains invalid key values.', invalid_keys: invalidKeys } });
  const errors: Record<string, unknown> = {};
  const flags = {
    test_mode: flag(body, 'test_mode', false, errors),
    embedded_signing: flag(body, 'embedded_signing', false, errors),
    draft: flag(body, 'draft', false, errors),
    with_signature_page: flag(body, 'with_signature_page', false, errors),
    allow_decline: flag(body, 'allow_decline', true, errors),
    allow_reassign: flag(body, 'allow_reassign', true, errors),
    reminders: flag(body, 'reminders', true, errors),
    apply_signing_order: flag(body, 'apply_signing_order', false, errors),
  };
  const textTags = flag(body, 'text_tags', false, errors);
  const files = readFiles(body['files'], errors);
  const recipients = readRecipients(body['recipients'], flags.embedded_signing, errors);
  const fields = readFields(
    body['fields'],
    Array.isArray(body['files']) ? body['files'].length : 0,
    new Set(recipients.map((r) => r.id)),
    errors,
    Object.keys(errors).includes('files') ? [] : files.map((file) => file.stored.pages_number),
  );
  const fieldCount = fields.reduce((sum, list) => sum + list.length, 0);
  if (fieldCount === 0 && !flags.draft && !flags.with_signature_page && !textTags && errors['fields'] === undefined) {
    errors['fields'] = ['At least one field is required unless draft, with_signature_page or text_tags is true'];
  }
  const name = optionalText(body, 'name', 255, errors);
  const subject = optionalText(body, 'subject', 255, errors);
  const message = optionalText(body, 'message', 4000, errors);
  const redirectUrl = optionalUrl(body, 'redirect_url', errors);
  const declineRedirectUrl = optionalUrl(body, 'decline_redirect_url', errors);
  let expiresIn: number | null = null;
  if (body['expires_in'] !== undefined && body['expires_in'] !== null) {
    const value = body['expires_in'];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) errors['expires_in'] = ['must be a whole number of days from 1'];
    else if (value > 365) errors['expires_in'] = ['must be less than or equal to 365'];
    else expiresIn = value;
  }
  const metadata = readMetadata(body['metadata'], errors);
  if (Object.keys(errors).length > 0) throw validation(errors);
  return {
    name: name ?? files[0]?.stored.name ?? 'Document',
    files,
    recipients,
    fields,
    flags,
    subject,
    message,
    redirectUrl,
    declineRedirectUrl,
    expiresIn,
    metadata,
  };
};

// ---- the router --------------------------------------------------------------------------------

const TERMINAL = new Set(['Completed', 'Declined', 'Canceled', 'Expired']);

const signingToken = (): string => randomBytes(24).toString('base64url');

export const signwellRouter = (sandbox: SandboxContext): Router => {
  const router = new Router();
  const { db, now, inbox } = sandbox;

  const load = async (id: string, trx?: Knex.Transaction, lock = false) => {
    if (id.length > 100) return null;
    const query = db.table(TABLES.signwellDocuments, trx).where({ id });
    if (lock) query.forUpdate();
    const row = (await query.first()) as SignwellDocumentRow | undefined;
    if (row === undefined) return null;
    const recipients = (await db.table(TABLES.signwellRecipients, trx).where({ document_id: id }).orderBy('position')) as SignwellRecipientRow[];
    return { row, recipients };
  };

  const fire = async (base: string, type: string, id: string): Promise<void> => {
    const loaded = await load(id);
    if (loaded !== null) await sandbox.signwell.fire(type, documentJson(base, loaded.row, loaded.recipients));
  };

  // -- REST API --

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

  // -- the signing page --

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

  return router;
};
