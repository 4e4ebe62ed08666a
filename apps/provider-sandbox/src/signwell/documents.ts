/** SignWell's stored rows (documents, recipients, files, fields) and the document JSON the API answers with. */

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
export const time = (date: Date | null): string | null => (date === null ? null : date.toISOString().replace(/\.\d{3}Z$/, 'Z'));

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
