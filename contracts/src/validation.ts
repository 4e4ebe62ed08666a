/**
 * A small validation toolkit on io-ts's stable API.
 *
 * Every field codec fails with ONE message: the first rule it breaks, in the spec's exact words.
 * A `form` decodes its fields one by one (so every failing field is reported, not only the
 * first), then runs its cross-field rules (new vs existing patient, guardian signing, insurance)
 * on the fields that decoded, and reports errors in field order. `decodeBody` turns io-ts errors
 * into `{ errors: [{ field, message }] }` with dotted paths ('address.postalCode'), one entry per
 * field. The API answers 400 with that body; forms show the message beside the field.
 */
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';

// ---------------------------------------------------------------------------------------------
// Failures

export interface FieldError {
  /** Dotted path of the field ('zipCode', 'address.postalCode'); '' for the body itself. */
  readonly field: string;
  readonly message: string;
}

export interface ValidationFailure {
  readonly errors: Array<FieldError>;
}

/** Message used when the body (or a nested object) is not a JSON object. */
export const NOT_AN_OBJECT_MESSAGE = 'Request body must be a JSON object';

const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === 'object' && u !== null && !Array.isArray(u);

/**
 * Dotted path of an io-ts context. The root entry (key '') is dropped, and so are the member
 * indices io-ts inserts under unions and intersections, which are not fields.
 */
export const pathOf = (context: t.Context): string => {
  const keys: string[] = [];
  for (let i = 1; i < context.length; i++) {
    const parent = context[i - 1]?.type;
    const entry = context[i];
    if (entry === undefined) continue;
    if (parent instanceof t.UnionType || parent instanceof t.IntersectionType) continue;
    keys.push(entry.key);
  }
  return keys.join('.');
};

/** One entry per field, first message wins, order of first appearance (forms emit field order). */
export const toValidationFailure = (errors: t.Errors): ValidationFailure => {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of errors) {
    const field = pathOf(error.context);
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: error.message ?? (field === '' ? 'Invalid value' : `${field} is invalid`) });
  }
  return { errors: out };
};

/** Decodes an untrusted body (or any value) with a codec. */
export const decodeBody = <A>(codec: t.Decoder<unknown, A>, input: unknown): E.Either<ValidationFailure, A> => {
  const result = codec.decode(input);
  return E.isLeft(result) ? E.left(toValidationFailure(result.left)) : E.right(result.right);
};

/** The API's 400 body for a validation failure (codec `ValidationErrorResponse` in errors.codecs.ts). */
export const validationErrorBody = (
  failure: ValidationFailure,
): { readonly error: string; readonly message: string; readonly errors: Array<FieldError> } => ({
  error: 'Validation failed',
  message: failure.errors[0]?.message ?? 'Validation failed',
  errors: failure.errors,
});

// ---------------------------------------------------------------------------------------------
// Checks and normalisers

export interface Check<A> {
  readonly test: (value: A) => boolean;
  readonly message: string;
}

export const check = <A>(test: (value: A) => boolean, message: string): Check<A> => ({ test, message });

export const matches = (pattern: RegExp, message: string): Check<string> =>
  check((value) => pattern.test(value), message);

export const minLength = (length: number, message: string): Check<string> =>
  check((value) => value.length >= length, message);

export const maxLength = (length: number, message: string): Check<string> =>
  check((value) => value.length <= length, message);

export const exactLength = (length: number, message: string): Check<string> =>
  check((value) => value.length === length, message);

export const firstFailure = <A>(value: A, checks: ReadonlyArray<Check<A>>): string | undefined =>
  checks.find((c) => !c.test(value))?.message;

/** Absent, null, or a string of only whitespace. */
export const isBlank = (u: unknown): boolean =>
  u === undefined || u === null || (typeof u === 'string' && u.trim() === '');

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Normalisers the spec describes (enrollment-and-payment §2 "Input behaviour", §5). */
export const normalize = {
  /** Phone: non-digits are stripped. */
  digits: (value: string): string => value.replace(/\D/g, ''),
  /** Typing aids only: spaces, hyphens, dots, parentheses; anything else is left for a check to refuse. */
  withoutFormatting: (value: string): string => value.replace(/[\s().-]/g, ''),
  /** State is uppercased. */
  upper: (value: string): string => value.toUpperCase(),
  /** Staff email is lowercased (and, like every text field, trimmed). */
  lower: (value: string): string => value.toLowerCase(),
  /** The street address keeps only the part before a comma. */
  beforeComma: (value: string): string => (value.split(',')[0] ?? '').trim(),
  /** ZIP+4 is written with a hyphen: '028651234' → '02865-1234'. */
  zip: (value: string): string => (/^\d{9}$/.test(value) ? `${value.slice(0, 5)}-${value.slice(5)}` : value),
} as const;

// ---------------------------------------------------------------------------------------------
// Field codecs

/** A codec from a parse function; the Left string is the failure message. */
export const fieldCodec = <A>(
  name: string,
  is: (u: unknown) => u is A,
  parse: (u: unknown) => E.Either<string, A>,
): t.Type<A, A, unknown> =>
  new t.Type<A, A, unknown>(
    name,
    is,
    (u, c) => {
      const result = parse(u);
      return E.isLeft(result) ? t.failure(u, c, result.left) : t.success(result.right);
    },
    t.identity,
  );

// ---------------------------------------------------------------------------------------------
// Safe text: what any string of a request may hold

/** The longest text a request field takes unless its codec says otherwise. */
export const DEFAULT_TEXT_MAX_LENGTH = 255;

/** Limits of the kinds of text the forms take (an email address is at most 254 characters, RFC 5321). */
export const TEXT_LIMITS = {
  name: 100,
  email: 254,
  address: 200,
  id: 64,
  token: 4096,
} as const;

/**
 * Characters no request field may hold: the C0 controls (NUL, tab and line breaks included:
 * every field is one line, and surrounding whitespace is trimmed before this check), DEL, the
 * C1 controls, the line and paragraph separators, the bidirectional embeddings, overrides and
 * isolates (they make a name display as another), the byte order mark, and lone surrogate
 * halves (not text at all). Letters, marks and emoji of every script are fine.
 */
const FORBIDDEN_CHARACTERS =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasForbiddenCharacters = (value: string): boolean => FORBIDDEN_CHARACTERS.test(value);

export const tooLongMessage = (label: string, max: number): string => `${label} is too long (at most ${max} characters)`;
export const forbiddenCharactersMessage = (label: string): string => `${label} contains characters that are not allowed`;

/** 'guardianAddress2' → 'Guardian address 2', 'lastFourSSN' → 'Last four SSN', 'paymentMethodId' → 'Payment method ID'. */
export const labelOfKey = (key: string): string => {
  const words = key
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return 'Value';
  const text = words.map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word === 'Id' || word === 'id' ? 'ID' : word.toLowerCase())).join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
};

/** The field's name for messages: 'First name is required' → 'First name'; else from its key. */
const labelFrom = (requiredMessage: string | undefined, context: t.Context): string => {
  const fromMessage = requiredMessage === undefined ? undefined : /^(.+?) (?:is|are) required\b/.exec(requiredMessage)?.[1];
  if (fromMessage !== undefined) return fromMessage;
  const key = context[context.length - 1]?.key ?? '';
  return key === '' || /^\d+$/.test(key) ? 'Value' : labelOfKey(key);
};

export interface TextOptions {
  /** Applied after trimming, before the checks. */
  readonly normalize?: (value: string) => string;
  readonly checks?: ReadonlyArray<Check<string>>;
  /** Accept a JSON number too (ids, phone numbers) and read it as its decimal text. */
  readonly acceptNumber?: boolean;
  /** Message for a value of the wrong JSON type; defaults to the required message (or the first check's). */
  readonly typeMessage?: string;
  /** Longest text accepted (after trimming); DEFAULT_TEXT_MAX_LENGTH when not given. */
  readonly maxLength?: number;
  /** The field's name in the too-long and not-allowed messages; by default from the required message or the key. */
  readonly label?: string;
  /** Message for a text over maxLength when the spec has one for the field ('State must be 2 characters'). */
  readonly tooLongMessage?: string;
  /** One message for a text over maxLength or with forbidden characters (a header token: 'Authentication Error'). */
  readonly unsafeMessage?: string;
}

const isString = (u: unknown): u is string => typeof u === 'string';
const isOptionalString = (u: unknown): u is string | undefined => u === undefined || typeof u === 'string';

const asText = (u: unknown, acceptNumber: boolean): string | undefined => {
  if (typeof u === 'string') return u.trim();
  if (acceptNumber && typeof u === 'number' && Number.isFinite(u)) return String(u);
  return undefined;
};

/** The message for a text too long or holding forbidden characters, else undefined. */
export const unsafeTextMessage = (value: string, label: string, options: Pick<TextOptions, 'maxLength' | 'tooLongMessage' | 'unsafeMessage'> = {}): string | undefined => {
  const max = options.maxLength ?? DEFAULT_TEXT_MAX_LENGTH;
  if (value.length > max) return options.unsafeMessage ?? options.tooLongMessage ?? tooLongMessage(label, max);
  if (hasForbiddenCharacters(value)) return options.unsafeMessage ?? forbiddenCharactersMessage(label);
  return undefined;
};

const parseText = (raw: string, options: TextOptions, label: () => string): E.Either<string, string> => {
  const unsafe = unsafeTextMessage(raw, options.label ?? label(), options);
  if (unsafe !== undefined) return E.left(unsafe);
  const value = options.normalize ? options.normalize(raw) : raw;
  const failed = firstFailure(value, options.checks ?? []);
  return failed === undefined ? E.right(value) : E.left(failed);
};

/** A text codec whose parse may name the field (from the decoding context) in its messages. */
const textCodec = <A>(name: string, is: (u: unknown) => u is A, parse: (u: unknown, label: () => string) => E.Either<string, A>, labelSource: string | undefined): t.Type<A, A, unknown> =>
  new t.Type<A, A, unknown>(
    name,
    is,
    (u, c) => {
      const result = parse(u, () => labelFrom(labelSource, c));
      return E.isLeft(result) ? t.failure(u, c, result.left) : t.success(result.right);
    },
    t.identity,
  );

/**
 * A required, trimmed string: blank → `requiredMessage`; too long or holding forbidden
 * characters → a message naming the field; then normalise, then the checks in order.
 */
export const requiredText = (requiredMessage: string, options: TextOptions = {}): t.Type<string, string, unknown> =>
  textCodec(
    'RequiredText',
    isString,
    (u, label) => {
      if (isBlank(u)) return E.left(requiredMessage);
      const text = asText(u, options.acceptNumber ?? false);
      if (text === undefined) return E.left(options.typeMessage ?? requiredMessage);
      return parseText(text, options, label);
    },
    requiredMessage,
  );

/** An optional, trimmed string: absent, null or blank decode to undefined; otherwise as requiredText. */
export const optionalText = (options: TextOptions = {}): t.Type<string | undefined, string | undefined, unknown> =>
  textCodec(
    'OptionalText',
    isOptionalString,
    (u, label) => {
      if (isBlank(u)) return E.right(undefined);
      const text = asText(u, options.acceptNumber ?? false);
      if (text === undefined) {
        return E.left(options.typeMessage ?? options.checks?.[0]?.message ?? 'Must be text');
      }
      return parseText(text, options, label);
    },
    undefined,
  );

/** A choice as sent: trimmed text, or a JSON number read as text (department 1 → '1'). */
const asChoice = (u: unknown): unknown =>
  typeof u === 'string' ? u.trim() : typeof u === 'number' && Number.isFinite(u) ? String(u) : u;

/** One of a fixed list of strings. Blank → `requiredMessage`; anything else not listed → `invalidMessage`. */
export const oneOf = <const V extends string>(
  values: ReadonlyArray<V>,
  requiredMessage: string,
  invalidMessage: string = requiredMessage,
): t.Type<V, V, unknown> => {
  const is = (u: unknown): u is V => typeof u === 'string' && (values as ReadonlyArray<string>).includes(u);
  return fieldCodec<V>(`OneOf<${values.join('|')}>`, is, (u) => {
    if (isBlank(u)) return E.left(requiredMessage);
    const text = asChoice(u);
    return is(text) ? E.right(text) : E.left(invalidMessage);
  });
};

/** Like oneOf, but absent, null or blank decode to undefined. */
export const optionalOneOf = <const V extends string>(
  values: ReadonlyArray<V>,
  invalidMessage: string,
): t.Type<V | undefined, V | undefined, unknown> => {
  const is = (u: unknown): u is V => typeof u === 'string' && (values as ReadonlyArray<string>).includes(u);
  return fieldCodec<V | undefined>(
    `OptionalOneOf<${values.join('|')}>`,
    (u): u is V | undefined => u === undefined || is(u),
    (u) => {
      if (isBlank(u)) return E.right(undefined);
      const text = asChoice(u);
      return is(text) ? E.right(text) : E.left(invalidMessage);
    },
  );
};

/** A boolean with a default for absent or null. */
export const flag = (defaultValue: boolean, invalidMessage: string): t.Type<boolean, boolean, unknown> =>
  fieldCodec('Flag', (u): u is boolean => typeof u === 'boolean', (u) => {
    if (u === undefined || u === null) return E.right(defaultValue);
    return typeof u === 'boolean' ? E.right(u) : E.left(invalidMessage);
  });

/** Exactly `true` (an explicit confirmation). */
export const literalTrue = (message: string): t.Type<true, true, unknown> =>
  fieldCodec('LiteralTrue', (u): u is true => u === true, (u) => (u === true ? E.right(true as const) : E.left(message)));

/** Any codec, with every failure reported as `message` at the codec's own path. */
export const withMessage = <A, O>(codec: t.Type<A, O, unknown>, message: string): t.Type<A, O, unknown> =>
  new t.Type<A, O, unknown>(
    codec.name,
    codec.is,
    (u, c) => {
      const result = codec.validate(u, c);
      return E.isLeft(result) ? t.failure(u, c, message) : result;
    },
    codec.encode,
  );

// ---------------------------------------------------------------------------------------------
// Forms

type OptionalKeys<P extends t.Props> = {
  [K in keyof P]: undefined extends t.TypeOf<P[K]> ? K : never;
}[keyof P];
type RequiredKeys<P extends t.Props> = Exclude<keyof P, OptionalKeys<P>>;
type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** The decoded type of a form: fields whose codec may yield undefined are optional keys. */
export type FormType<P extends t.Props> = Flatten<
  { [K in RequiredKeys<P>]: t.TypeOf<P[K]> } & { [K in OptionalKeys<P>]?: t.TypeOf<P[K]> }
>;
export type FormOutput<P extends t.Props> = Flatten<
  { [K in RequiredKeys<P>]: t.OutputOf<P[K]> } & { [K in OptionalKeys<P>]?: t.OutputOf<P[K]> }
>;

/** A cross-field rule: sees the fields that decoded, returns errors naming top-level fields. */
export type FormRule<A> = (value: Partial<A>) => ReadonlyArray<{ readonly field: keyof A & string; readonly message: string }>;

export interface FieldSpec<A> {
  readonly field: keyof A & string;
  /** Message when the field is blank; without it a blank field passes this rule. */
  readonly required?: string;
  /** Checks on a present text value, in order. */
  readonly checks?: ReadonlyArray<Check<string>>;
}

/**
 * Rules applied only when `condition` holds on the decoded fields: for each field, the required
 * message when blank, else the first failing check. Fields are text after their own codec ran.
 */
export const when =
  <A>(condition: (value: Partial<A>) => boolean, ...fields: ReadonlyArray<FieldSpec<A>>): FormRule<A> =>
  (value) => {
    if (!condition(value)) return [];
    const errors: Array<{ field: keyof A & string; message: string }> = [];
    for (const spec of fields) {
      const fieldValue: unknown = value[spec.field];
      if (isBlank(fieldValue)) {
        if (spec.required !== undefined) errors.push({ field: spec.field, message: spec.required });
        continue;
      }
      if (typeof fieldValue !== 'string') continue;
      const failed = firstFailure(fieldValue, spec.checks ?? []);
      if (failed !== undefined) errors.push({ field: spec.field, message: failed });
    }
    return errors;
  };

/** Rules that always apply. */
export const always = <A>(...fields: ReadonlyArray<FieldSpec<A>>): FormRule<A> => when<A>(() => true, ...fields);

export interface FormOptions<A> {
  readonly rules?: ReadonlyArray<FormRule<A>>;
  /** Runs on a valid value (drop fields that do not apply, copy defaults). */
  readonly finalize?: (value: A) => A;
  /** Message when the input is not an object; for a nested form, its 'required' message. */
  readonly notObjectMessage?: string;
}

/**
 * An object codec that validates every field, then the cross-field rules, and reports one
 * error per failing field in the order of `props`. Unknown keys are dropped from the output.
 * A field whose own codec failed is not checked again by the rules (its first message stands).
 */
export const form = <P extends t.Props>(
  name: string,
  props: P,
  options: FormOptions<FormType<P>> = {},
): t.Type<FormType<P>, FormOutput<P>, unknown> => {
  const keys = Object.keys(props);
  const index = new Map(keys.map((key, i) => [key, i]));
  const notObjectMessage = options.notObjectMessage ?? NOT_AN_OBJECT_MESSAGE;
  type A = FormType<P>;

  const is = (u: unknown): u is A =>
    isRecord(u) && keys.every((key) => props[key]?.is(u[key]) ?? false);

  return new t.Type<A, FormOutput<P>, unknown>(
    name,
    is,
    (u, c) => {
      if (!isRecord(u)) return t.failure(u, c, notObjectMessage);
      const decoded: Record<string, unknown> = {};
      const found: Array<{ order: number; errors: t.Errors }> = [];
      const failedFields = new Set<string>();
      for (const key of keys) {
        const codec = props[key];
        if (codec === undefined) continue;
        const result = codec.validate(u[key], t.appendContext(c, key, codec, u[key]));
        if (E.isLeft(result)) {
          failedFields.add(key);
          found.push({ order: index.get(key) ?? 0, errors: result.left });
        } else if (result.right !== undefined) {
          decoded[key] = result.right;
        }
      }
      for (const rule of options.rules ?? []) {
        for (const error of rule(decoded as Partial<A>)) {
          if (failedFields.has(error.field)) continue;
          failedFields.add(error.field);
          const codec = props[error.field] ?? t.unknown;
          const context = t.appendContext(c, error.field, codec, u[error.field]);
          found.push({
            order: index.get(error.field) ?? keys.length,
            errors: [{ value: u[error.field], context, message: error.message }],
          });
        }
      }
      if (found.length > 0) {
        found.sort((a, b) => a.order - b.order);
        return t.failures(found.flatMap((f) => f.errors));
      }
      const value = decoded as A;
      return t.success(options.finalize ? options.finalize(value) : value);
    },
    (a) => {
      const out: Record<string, unknown> = {};
      const record = a as Record<string, unknown>;
      for (const key of keys) {
        const codec = props[key];
        if (codec !== undefined && record[key] !== undefined) out[key] = codec.encode(record[key]);
      }
      return out as FormOutput<P>;
    },
  );
};

/**
 * One request with several bodies (e.g. the three of POST /api/auth/update-session): `choose`
 * names the variant from the input's keys, so a failure reports that variant's messages instead
 * of every variant's.
 */
export const variants = <Cs extends Record<string, t.Mixed>>(
  name: string,
  codecs: Cs,
  choose: (input: Record<string, unknown>) => keyof Cs,
): t.Type<t.TypeOf<Cs[keyof Cs]>, t.OutputOf<Cs[keyof Cs]>, unknown> => {
  const all = Object.values(codecs);
  const pick = (input: Record<string, unknown>): t.Mixed => {
    const codec = codecs[choose(input)];
    if (codec === undefined) throw new Error(`${name}: choose() named no variant`);
    return codec;
  };
  return new t.Type<t.TypeOf<Cs[keyof Cs]>, t.OutputOf<Cs[keyof Cs]>, unknown>(
    name,
    (u): u is t.TypeOf<Cs[keyof Cs]> => all.some((codec) => codec.is(u)),
    (u, c) => (isRecord(u) ? pick(u).validate(u, c) : t.failure(u, c, NOT_AN_OBJECT_MESSAGE)),
    (a) => (isRecord(a) ? pick(a).encode(a) : a),
  );
};

/** `T | null` for response fields. */
export const nullable = <C extends t.Mixed>(codec: C): t.UnionC<[C, t.NullC]> => t.union([codec, t.null]);

/** A string literal union from a const list (response fields: statuses, tier codes). */
export const literalUnion = <const V extends string>(values: ReadonlyArray<V>, name: string): t.Type<V, V, unknown> =>
  t.keyof(Object.fromEntries(values.map((value) => [value, null])) as Record<V, null>, name) as unknown as t.Type<
    V,
    V,
    unknown
  >;
