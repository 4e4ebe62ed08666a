/** SignWell's error shapes: 422 {errors: {field: [msg]}}, 401/404 {message, meta}. */

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

export const metaError = (status: number, message: string, error: string, detail: string): SignwellApiError =>
  new SignwellApiError(status, { message, meta: { error, message: detail, messages: [detail] } });

export const unauthorized = (): SignwellApiError =>
  metaError(401, 'Missing or invalid authorization key', 'api_key_unauthorized_error', 'Not valid authorization token');

export const documentNotFound = (): SignwellApiError => metaError(404, 'Not found', 'record_not_found', "Couldn't find the document requested");

export const validation = (errors: Record<string, unknown>): SignwellApiError => new SignwellApiError(422, { errors });
