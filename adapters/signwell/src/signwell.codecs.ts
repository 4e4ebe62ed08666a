/**
 * io-ts codecs for every SignWell answer the adapter reads (docs: shared design INTEGRATIONS §2,
 * SignWell's openapi.yaml). They state only what the adapter relies on; everything else SignWell
 * sends is ignored, and optional fields may be null.
 */
import * as t from 'io-ts';
import { SIGNING_STATUSES } from '@portal/core';

/** A value SignWell may leave out or send as null. */
const maybe = <C extends t.Mixed>(codec: C) => t.union([codec, t.null, t.undefined]);

export const SignwellStatus = t.keyof(
  Object.fromEntries(SIGNING_STATUSES.map((status) => [status, null])) as Record<(typeof SIGNING_STATUSES)[number], null>,
  'SignwellStatus',
);
export type SignwellStatus = t.TypeOf<typeof SignwellStatus>;

export const SignwellRecipient = t.intersection([
  t.type({ id: t.string }),
  t.partial({
    name: maybe(t.string),
    email: maybe(t.string),
    status: maybe(t.string),
    embedded_signing_url: maybe(t.string),
    signing_url: maybe(t.string),
  }),
]);
export type SignwellRecipient = t.TypeOf<typeof SignwellRecipient>;

/** SignWell's metadata: string keys and values; null when none was given. */
export const SignwellMetadata = maybe(t.record(t.string, t.string));
export type SignwellMetadata = t.TypeOf<typeof SignwellMetadata>;

export const SignwellDocument = t.intersection([
  t.type({ id: t.string, status: SignwellStatus }),
  t.partial({
    name: maybe(t.string),
    test_mode: maybe(t.boolean),
    embedded_signing: maybe(t.boolean),
    metadata: SignwellMetadata,
    recipients: maybe(t.array(SignwellRecipient)),
    decline_message: maybe(t.string),
    created_at: maybe(t.string),
    updated_at: maybe(t.string),
  }),
]);
export type SignwellDocument = t.TypeOf<typeof SignwellDocument>;

export const SignwellHook = t.type({ id: t.string, callback_url: t.string });
export type SignwellHook = t.TypeOf<typeof SignwellHook>;

export const SignwellHookList = t.array(SignwellHook);
export type SignwellHookList = t.TypeOf<typeof SignwellHookList>;

export const CompletedPdfUrl = t.type({ file_url: t.string });
export type CompletedPdfUrl = t.TypeOf<typeof CompletedPdfUrl>;

/** 400/422: `{errors: {field: msg | msg[] | nested}}`. */
export const SignwellValidationError = t.type({ errors: t.UnknownRecord });
export type SignwellValidationError = t.TypeOf<typeof SignwellValidationError>;

/** 401/404 and others: `{message, meta: {error, message, messages}}`. */
export const SignwellErrorBody = t.partial({
  message: maybe(t.string),
  meta: maybe(t.partial({ error: maybe(t.string) })),
});
export type SignwellErrorBody = t.TypeOf<typeof SignwellErrorBody>;

/** A webhook delivery: `{event: {type, time, hash}, data: {...}}`. */
export const SignwellEventPayload = t.type({
  event: t.type({ type: t.string, time: t.union([t.number, t.string]), hash: t.string }),
});
export type SignwellEventPayload = t.TypeOf<typeof SignwellEventPayload>;
