/**
 * E-signing (SignWell) as the use cases need it: one document, one signer, signed in an iframe
 * on our page (embedded signing). The adapter speaks SignWell's REST API (adapters/signwell);
 * the provider sandbox speaks the same on this machine.
 *
 * The browser's "completed" callback is only a hint: confirm with `getDocument` (or a verified
 * webhook followed by `getDocument`) before acting, then keep `completedPdf`.
 */

/** SignWell's document statuses, spelled as SignWell spells them. */
export const SIGNING_STATUSES = [
  'Draft',
  'Created',
  'Sending',
  'Sent',
  'Pending',
  'Viewed',
  'Completed',
  'Manually completed',
  'Declined',
  'Canceled',
  'Bounced',
  'Blocked',
  'Error',
  'Expired',
] as const;
export type SigningStatus = (typeof SIGNING_STATUSES)[number];

export interface Signer {
  readonly name: string;
  readonly email: string;
}

/** The file to sign: a PDF as base64, or a URL SignWell fetches it from (exactly one). */
export type SigningFile =
  | { readonly pdfBase64: string; readonly fileUrl?: undefined }
  | { readonly fileUrl: string; readonly pdfBase64?: undefined };

/**
 * A place on the file where the signer signs or SignWell stamps the signing date: page from 1;
 * x, y (the field's top-left corner), width and height in PDF points from the page's top-left
 * corner (SignWell's `fields[]` "pixels" of a page shown at 72 per inch).
 */
export interface SigningField {
  readonly type: 'signature' | 'date';
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type EmbeddedDocumentInput = SigningFile & {
  /** Shown to the signer and printed on the completed PDF, e.g. "Membership Agreement". */
  readonly name: string;
  /** File name with its extension; default: `name` made file-safe + `.pdf`. */
  readonly fileName?: string;
  readonly signer: Signer;
  /**
   * Echoed back on every read and webhook: put our ids here (`enrollmentId`, `kind`), never PHI.
   * SignWell: at most 50 pairs, keys under 40 and values under 500 characters.
   */
  readonly metadata: Readonly<Record<string, string>>;
  /**
   * Where the signer signs and dates, on the file's own signature block. Without them SignWell
   * appends its signature page (signature and date) to the file.
   */
  readonly fields?: readonly SigningField[];
  /** Where SignWell sends the signer after signing when the page is not embedded (optional). */
  readonly redirectUrl?: string;
};

export interface EmbeddedDocument {
  /** SignWell's document id (uuid): our `signwellDocumentId`. */
  readonly documentId: string;
  /** Give it to the browser's `SignWellEmbed({ url })`; it is the signer's alone. */
  readonly embeddedSigningUrl: string;
  readonly status: SigningStatus;
}

export interface SigningDocument {
  readonly documentId: string;
  readonly name: string;
  readonly status: SigningStatus;
  /** status is Completed or Manually completed: the completed PDF can be fetched. */
  readonly completed: boolean;
  readonly declined: boolean;
  readonly metadata: Readonly<Record<string, string>>;
  /** The signer's reason, when they declined and gave one. */
  readonly declineMessage: string | null;
  /** The signer's embedded signing URL while the document waits for them; null otherwise or when SignWell omits it. */
  readonly embeddedSigningUrl: string | null;
  /** ISO 8601, SignWell's `updated_at`. */
  readonly updatedAt: string | null;
}

/**
 * E-signing of one document by one signer. Every method either answers or throws
 * SigningUnavailableError (after the adapter's own retries of reads) or SigningRejectedError
 * (SignWell refused the request: 4xx).
 */
export interface Signing {
  /** Creates and sends a document for embedded signing. Never retried: a repeat would create a second document. */
  createEmbeddedDocument(input: EmbeddedDocumentInput): Promise<EmbeddedDocument>;
  /** The document as SignWell has it now; null when SignWell does not know the id (404). */
  getDocument(documentId: string): Promise<SigningDocument | null>;
  /** The completed PDF with SignWell's audit page. Rejected (404) while the document is not completed. */
  completedPdf(documentId: string): Promise<Buffer>;
  /** Deletes the document and cancels its signing; an unknown id counts as deleted. */
  deleteDocument(documentId: string): Promise<void>;
}

/** SignWell did not answer in time, answered 5xx/429 after retries, refused our key, or answered in a shape we cannot read. */
export class SigningUnavailableError extends Error {
  override readonly name = 'SigningUnavailableError';
}

/** SignWell refused the request (a 4xx other than 401/429). The message holds no PHI. */
export class SigningRejectedError extends Error {
  override readonly name = 'SigningRejectedError';
  readonly status: number;
  /** The fields SignWell named in a 422 `errors` object (e.g. `recipients`, `files`), without its messages. */
  readonly fields: readonly string[];

  constructor(message: string, status: number, fields: readonly string[] = [], options?: ErrorOptions) {
    super(message, options);
    this.status = status;
    this.fields = fields;
  }
}
