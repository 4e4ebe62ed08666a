/** Reading a failed call's JSON answer (re-exported by api.ts; apart so a first load that reads none does not carry it). */
import { ApiError } from './api.ts';

/**
 * The JSON object of a failed call's answer ({ error, message, errors, ... }), or null when
 * the failure is not an ApiError or its body is not a JSON object.
 */
export const apiErrorBody = (error: unknown): Readonly<Record<string, unknown>> | null => {
  if (!(error instanceof ApiError) || error.body === '') return null;
  try {
    const parsed: unknown = JSON.parse(error.body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** A string field of a failed call's JSON answer ('error', 'message'), or null. */
export const apiErrorField = (error: unknown, field: string): string | null => {
  const value = apiErrorBody(error)?.[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};
