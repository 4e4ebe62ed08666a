/**
 * SignWell's documented answers for the calls `adapters/signwell` makes, from SignWell's API
 * reference (developers.signwell.com/reference, whose OpenAPI document SignWell publishes with its
 * SDKs — the models are named as there: DocumentResponse, DocumentResponseRecipientsInner,
 * DocumentResponseFieldsInnerInner, FileInfo, WebhookResponse, ErrorResponse, ErrorResponseMeta,
 * CompletedPdfUrlResponse). Objects are closed. Optional members may be null.
 */
import { closed, type Schema } from './schema-kit.ts';

const REF = 'https://developers.signwell.com/reference';
const opt = (type: string | readonly string[]): Schema => ({ type: [...(Array.isArray(type) ? type : [type]), 'null'] });
const str = opt('string');
const bool = opt('boolean');
const int = opt('integer');
const num = opt('number');

/** DocumentResponseFieldsInnerInner (x, y, page required). */
const field = closed(
  {
    x: { type: 'number' }, y: { type: 'number' }, page: { type: 'integer' }, recipient: opt('object'), api_id: str, name: str, date_format: str,
    fixed_width: bool, formula: str, label: str, lock_sign_date: bool, required: bool, type: str, validation: str, value: {},
    height: opt(['string', 'number']), width: opt(['string', 'number']), recipient_id: str, signing_elements_group_id: str,
    placeholder_name: str, options: opt('array'), default_option: str, allow_other: bool,
  },
  ['x', 'y', 'page'],
);

/** DocumentResponseRecipientsInner (name, email required). */
const recipient = closed(
  {
    id: str, name: opt('string'), email: { type: 'string' }, body: str, message: str, subject: str, send_email: bool, send_email_delay: int,
    signing_order: int, signing_url: str, embedded_signing_url: str, bounced: bool, bounced_details: str, attachment_requests: opt('array'),
    passcode: str, status: str,
  },
  ['email'],
);

/** DocumentResponse (test_mode, id required). */
export const documentResponse = closed(
  {
    test_mode: { type: 'boolean' }, id: { type: 'string' }, api_application_id: str, requester_email_address: str, custom_requester_name: str,
    custom_requester_email: str, name: str, subject: str, message: str, metadata: opt('object'), created_at: str, updated_at: str,
    recipients: { type: ['array', 'null'], items: recipient }, status: str, reminders: bool, archived: bool, embedded_signing: bool,
    embedded_edit_url: str, embedded_preview_url: str, apply_signing_order: bool, redirect_url: str, decline_redirect_url: str,
    language: str, expires_in: int, decline_message: str, error_message: str, template_id: str, template_ids: opt('array'),
    embedded_signing_notifications: bool, attachment_requests: opt('array'),
    files: { type: ['array', 'null'], items: closed({ name: { type: 'string' }, pages_number: { type: 'integer' } }, ['name', 'pages_number']) },
    copied_contacts: opt('array'), fields: { type: ['array', 'null'], items: { type: 'array', items: field } }, allow_decline: bool,
    allow_reassign: bool, labels: opt('array'), checkbox_groups: opt('array'),
  },
  ['test_mode', 'id'],
);

const webhook = closed({ id: { type: 'string' }, callback_url: { type: 'string' }, event: str, api_application_id: str }, ['id', 'callback_url']);

/** ErrorResponse: {message, meta: ErrorResponseMeta {error, message, messages}}. */
export const errorResponse = closed({ message: str, meta: { anyOf: [{ type: 'null' }, closed({ error: str, message: str, messages: opt('array') }, [])] } }, []);

/** 400/422: `{errors: {...}}` (the field errors' shape varies by field). */
export const validationErrors = closed({ errors: { type: 'object' } }, ['errors']);

export interface SignwellEndpoint {
  readonly name: string;
  readonly method: string;
  /** Matched against the path after `/api/v1`. */
  readonly path: RegExp;
  readonly page: string;
  /** The schema of a 2xx answer; null: no body (204) or not JSON (the PDF). */
  readonly ok: Schema | null;
}

export const signwellEndpoints: readonly SignwellEndpoint[] = [
  { name: 'POST /documents', method: 'POST', path: /^\/documents\/?$/, page: `${REF}/create-a-document`, ok: documentResponse },
  { name: 'GET /documents/{id}', method: 'GET', path: /^\/documents\/[^/]+\/?$/, page: `${REF}/get-a-document`, ok: documentResponse },
  { name: 'DELETE /documents/{id}', method: 'DELETE', path: /^\/documents\/[^/]+\/?$/, page: `${REF}/delete-a-document`, ok: null },
  {
    name: 'GET /documents/{id}/completed_pdf',
    method: 'GET',
    path: /^\/documents\/[^/]+\/completed_pdf$/,
    page: `${REF}/completed-pdf`,
    ok: closed({ file_url: { type: 'string' } }, ['file_url']),
  },
  { name: 'GET /hooks', method: 'GET', path: /^\/hooks\/?$/, page: `${REF}/list-webhooks`, ok: { type: 'array', items: webhook } },
  { name: 'POST /hooks', method: 'POST', path: /^\/hooks\/?$/, page: `${REF}/create-webhook`, ok: webhook },
  { name: 'DELETE /hooks/{id}', method: 'DELETE', path: /^\/hooks\/[^/]+$/, page: `${REF}/delete-webhook`, ok: null },
];
