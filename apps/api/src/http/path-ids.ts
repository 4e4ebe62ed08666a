/**
 * Ids in request paths are checked for shape before anything else reads them (security finding
 * 5): an enrollment id and a SignWell document id are UUIDs. An id of any other shape (a NUL, a
 * lone surrogate, broken percent-encoding, 5 000 characters) is answered exactly as a missing
 * object is — 404 with the route's own body — before any query with the id or any provider call,
 * whoever asks (signed in or not: the shape is public, so answering it first tells a caller
 * nothing about anyone's data). A signed-in or verified caller's refusal is audited as the
 * routes audit a missing object (the junk itself is not stored: its length and a hash prefix).
 *
 * Sibling routes with a literal segment where an id could stand (POST /api/enrollments/oauth)
 * are left to their routers.
 */
import type { Context, Next } from 'koa';
import { isUuid } from '@portal/contracts';
import { ENROLLMENT_NOT_FOUND } from './enrollment-access.ts';
import { HttpError } from './errors.ts';

interface PathId {
  /** Matches the path; group 1 is the id as sent (percent-encoded), group 2 what follows it. */
  readonly pattern: RegExp;
  /** Literal segments of other routes that sit where the id does. */
  readonly siblings?: ReadonlyArray<string>;
  readonly valid: (id: string) => boolean;
  readonly notFound: () => HttpError;
  /** The audit action the route writes when it refuses this object. */
  readonly refusedAction: (ctx: Context, rest: string) => string;
}

/** Called for every refusal here (to audit it); the id as decoded (or as sent when it does not decode): it may hold anything. */
export type PathIdRefused = (ctx: Context, refusal: { readonly action: string; readonly requestedId: string }) => Promise<void>;

export const PATH_IDS: ReadonlyArray<PathId> = [
  // GET /api/enrollments/{id} and every /api/enrollments/{id}/… action.
  {
    pattern: /^\/api\/enrollments\/([^/]+)(\/[^/]*)?$/,
    siblings: ['oauth'],
    valid: isUuid,
    notFound: ENROLLMENT_NOT_FOUND,
    refusedAction: (ctx, rest) => (rest === '' || rest === '/' ? (ctx.method === 'GET' ? 'read_enrollment_refused' : 'enrollment_access_refused') : 'enrollment_access_refused'),
  },
  {
    pattern: /^\/api\/signwell\/verify-completion\/([^/]+)(\/)?$/,
    valid: isUuid,
    notFound: () => new HttpError(404, { error: 'Not Found', message: 'Document not found.' }),
    refusedAction: () => 'verify_document_refused',
  },
];

const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** The path's id, when it is one of ours and of the wrong shape, is a 404 here. */
export const pathIdShapes =
  (options: { readonly onRefused?: PathIdRefused; readonly ids?: ReadonlyArray<PathId> } = {}) =>
  async (ctx: Context, next: Next): Promise<void> => {
    for (const { pattern, siblings, valid, notFound, refusedAction } of options.ids ?? PATH_IDS) {
      const match = pattern.exec(ctx.path);
      if (!match) continue;
      const raw = match[1] ?? '';
      const rest = match[2] ?? '';
      if (siblings?.includes(raw) && (rest === '' || rest === '/')) break;
      const id = decoded(raw);
      if (id === null || !valid(id)) {
        await options.onRefused?.(ctx, { action: refusedAction(ctx, rest), requestedId: id ?? raw });
        throw notFound();
      }
      break;
    }
    await next();
  };
