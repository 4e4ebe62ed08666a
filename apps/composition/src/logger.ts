/**
 * Structured JSON logs that never carry health data. Values under keys that can hold PHI or
 * secrets are replaced, and free text is scrubbed of emails, phone numbers, SSNs and codes, so a
 * careless `log.info({ body })` still leaks nothing.
 */
import pino, { type Logger } from 'pino';

export type { Logger };

// Keys whose values are PHI or secrets whatever they hold (matched on the whole key).
const SENSITIVE_KEY =
  /^(.*name|.*birth.*|dob|.*ssn|.*email|.*phone|.*address\d?|street|city|state|zip(code)?|postal(code)?|code|otp.*|sms.*|.*token|.*secret|password|.*apikey|authorization|cookie|set-cookie|guardian.*|contact.*|insur.*|policy.*)$/i;

// Free-text fields get every pattern; other strings only the unmistakable ones, so ids survive.
const FREE_TEXT_KEY = /^(msg|message|stack|detail|reason)$/i;

const ALWAYS: ReadonlyArray<readonly [RegExp, string]> = [
  [/[\w.+-]+@[\w-]+\.[\w.-]+/g, '[email]'],
  [/\b\d{3}-\d{2}-\d{4}\b/g, '[ssn]'],
];
const IN_FREE_TEXT: ReadonlyArray<readonly [RegExp, string]> = [
  ...ALWAYS,
  [/\(?\+?\d[\d\s().\/-]{8,}\d/g, '[number]'],
  [/\b\d{4,}\b/g, '[number]'],
];

const apply = (text: string, patterns: typeof ALWAYS): string =>
  patterns.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), text);

/** Free text with emails, SSNs, phone numbers, dates and codes removed. */
export const scrubText = (text: string): string => apply(text, IN_FREE_TEXT);

/**
 * What a key is, remembered: every request's log line has the same few keys, and testing them
 * against SENSITIVE_KEY each time was a tenth of a signed-in read's CPU (issue 15's profile).
 * Bounded, since logged objects may carry keys from outside.
 */
const KEY_KINDS = new Map<string, { readonly sensitive: boolean; readonly freeText: boolean }>();
const kindOf = (key: string): { readonly sensitive: boolean; readonly freeText: boolean } => {
  let kind = KEY_KINDS.get(key);
  if (kind === undefined) {
    kind = { sensitive: SENSITIVE_KEY.test(key), freeText: FREE_TEXT_KEY.test(key) };
    if (KEY_KINDS.size < 1_000) KEY_KINDS.set(key, kind);
  }
  return kind;
};

/** A copy of `value` safe to log. */
export const redactPhi = (value: unknown, depth = 0, key = ''): unknown => {
  if (depth > 6) return '[depth]';
  if (typeof value === 'string') return kindOf(key).freeText ? scrubText(value) : apply(value, ALWAYS);
  if (Array.isArray(value)) return value.map((item) => redactPhi(item, depth + 1, key));
  if (value instanceof Error) return { name: value.name, message: scrubText(value.message), stack: scrubText(value.stack ?? '') };
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([entryKey, item]) => [
        entryKey,
        kindOf(entryKey).sensitive && item !== null && item !== undefined ? '[redacted]' : redactPhi(item, depth + 1, entryKey),
      ]),
    );
  }
  return value;
};

/**
 * Set to true on a log object whose every field is safe by construction (the access line: a
 * request id of a checked shape, the method, the route's pattern, numbers): it skips the
 * redaction pass, which otherwise cost half the access line (issue 15). Never set it on an object
 * that carries anything a request or a provider supplied as free text.
 */
export const SAFE_FIELDS = Symbol('portal.log.safe-fields');

/**
 * pino's isoTime, formatted once per millisecond: under load many lines share one, and formatting
 * the date was a few per cent of a request (issue 15's profile of /api/health).
 */
const isoTimeEachMillisecond = (() => {
  let at = -1;
  let text = '';
  return (): string => {
    const now = Date.now();
    if (now !== at) {
      at = now;
      text = `,"time":"${new Date(now).toISOString()}"`;
    }
    return text;
  };
})();

export const createLogger = (level: string, destination?: pino.DestinationStream): Logger =>
  pino(
    {
      level,
      base: { service: 'member-portal-api' },
      timestamp: isoTimeEachMillisecond,
      // Symbol keys are not serialised, so the mark itself never reaches the line.
      formatters: { log: (object) => ((object as Record<symbol, unknown>)[SAFE_FIELDS] === true ? object : (redactPhi(object) as Record<string, unknown>)) },
      hooks: {
        // Messages are free text too.
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
