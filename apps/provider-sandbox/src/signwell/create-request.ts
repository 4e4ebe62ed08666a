/** The create request (POST /documents): SignWell's validation of its body, files, recipients, fields and metadata. */
import { createHash } from 'node:crypto';
import { countPdfPages, extractPdfText } from '@portal/pdf/pdf-read.ts';
import { SignwellApiError, validation } from './api-errors.ts';
import type { StoredField, StoredFile } from './documents.ts';

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

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const isHttpUrl = (value: unknown): value is string => {
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
