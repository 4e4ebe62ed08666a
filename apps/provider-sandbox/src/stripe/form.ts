/**
 * Stripe's form encoding: `application/x-www-form-urlencoded` with bracket nesting, as stripe-node
 * and Stripe.js write it — `items[0][price]=price_1`, `expand[]=a&expand[]=b`, `metadata[k]=v`.
 * Numeric and empty brackets make arrays; other brackets make objects. Every leaf is a string
 * (Stripe coerces types per parameter). `__proto__`-style keys are refused.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

export class FormError extends Error {
  override readonly name = 'FormError';
}

/** `a[b][0][c]` → ['a', 'b', '0', 'c']; `a[]` → ['a', '']. */
export const splitKey = (key: string): string[] => {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  const rest = key.slice(open);
  const pattern = /\[([^\]]*)\]/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = pattern.exec(rest)) !== null) {
    parts.push(match[1] as string);
    consumed = pattern.lastIndex;
  }
  // Anything after the last bracket pair (`a[b]c`) is kept as part of the key, as qs does.
  if (consumed !== rest.length) return [key];
  return parts;
};

const isObject = (value: FormValue | undefined): value is { [key: string]: FormValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const assign = (target: FormObject | FormValue[], parts: readonly string[], value: string): void => {
  const [head, ...rest] = parts as [string, ...string[]];
  if (FORBIDDEN.has(head)) throw new FormError(`Invalid parameter name: ${head}`);
  if (Array.isArray(target)) {
    const index = head === '' ? target.length : Number(head);
    if (!Number.isInteger(index) || index < 0 || index > 1000) throw new FormError(`Invalid array index: ${head}`);
    if (rest.length === 0) {
      target[index] = value;
      return;
    }
    const nextIsArray = rest[0] === '' || /^\d+$/.test(rest[0] as string);
    let child = target[index];
    if (child === undefined || typeof child === 'string') {
      child = nextIsArray ? [] : {};
      target[index] = child;
    }
    assign(child as FormObject | FormValue[], rest, value);
    return;
  }
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const nextIsArray = rest[0] === '' || /^\d+$/.test(rest[0] as string);
  let child = target[head];
  if (child === undefined || typeof child === 'string') {
    child = nextIsArray ? [] : {};
    target[head] = child;
  } else if (Array.isArray(child) && !nextIsArray) {
    // `a[0]=x&a[k]=y`: becomes an object keyed by both.
    child = Object.fromEntries(child.map((entry, index) => [String(index), entry])) as FormObject;
    target[head] = child;
  } else if (isObject(child) && nextIsArray && rest[0] === '') {
    throw new FormError(`Invalid parameter: ${head}`);
  }
  assign(child as FormObject | FormValue[], rest, value);
};

const compact = (value: FormValue): FormValue => {
  if (Array.isArray(value)) return value.filter((entry) => entry !== undefined).map(compact);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, compact(entry)]));
  return value;
};

/** Parses a form body or a query string (without the leading `?`). */
export const parseForm = (text: string): FormObject => {
  const result: FormObject = Object.create(null) as FormObject;
  if (text === '') return {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (key === '') continue;
    assign(result, splitKey(key), value);
  }
  return { ...(compact(result) as FormObject) };
};

/** The reverse, as stripe-node encodes (for tests and the docs): arrays with indices, `[]` for expand. */
export const encodeForm = (value: Readonly<Record<string, unknown>>): string => {
  const pairs: [string, string][] = [];
  const walk = (prefix: string, entry: unknown): void => {
    if (entry === undefined) return;
    if (Array.isArray(entry)) {
      entry.forEach((item, index) => walk(`${prefix}[${typeof item === 'object' && item !== null ? index : index}]`, item));
      return;
    }
    if (typeof entry === 'object' && entry !== null) {
      for (const [key, item] of Object.entries(entry)) walk(prefix === '' ? key : `${prefix}[${key}]`, item);
      return;
    }
    pairs.push([prefix, entry === null ? '' : String(entry)]);
  };
  walk('', value);
  return new URLSearchParams(pairs).toString();
};

/** A canonical text of parsed params (keys sorted), for comparing idempotent requests. */
export const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
};
