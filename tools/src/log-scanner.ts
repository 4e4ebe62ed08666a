/**
 * The LOGS suite's detector: given the people and secrets of a run, finds them in a line of log or
 * stored error text. A hit names the kind and whose/which value it is, and shows the matched text
 * masked (two characters and its length), never in full.
 *
 * What counts:
 * - people (the sandbox's seeded nine, and everyone the run put on its record or sent a code to):
 *   full names ("First Last", "Last, First", any case); for the seeded people also the first or
 *   last name alone, capitalised or upper case, as a whole word; birth dates as MM/DD/YYYY,
 *   M/D/YYYY and YYYY-MM-DD; SSNs (nine digits, with or without dashes or spaces); emails; phone
 *   numbers (ten digits, +1, dashes, dots, spaces, brackets); street addresses.
 * - shapes, whoever they belong to: anything SSN-shaped (123-45-6789), four digits after an SSN
 *   key (`ssnLast4: 4412`), any email address, any 401-555 test phone number, any +1 E.164 number,
 *   any card number (13-19 digits starting 3-6 that pass the Luhn check, e.g. Stripe's test cards).
 * - secrets: the codes and tokens the run issued (exact values), our `verified_` and `es_` tokens,
 *   JWTs, session cookies, Authorization credentials, Stripe keys and client secrets, the
 *   sandbox's published secrets, and any standalone 256-bit base64url token (our session tokens).
 *
 * Department names, provider names and street names are not people: only people are listed.
 */

export interface Person {
  readonly id: string;
  readonly firstname?: string | null;
  readonly lastname?: string | null;
  /** MM/DD/YYYY (athenahealth's format) or YYYY-MM-DD. */
  readonly dob?: string | null;
  /** Nine digits. */
  readonly ssn?: string | null;
  readonly email?: string | null;
  readonly phones?: readonly (string | null | undefined)[];
  /** Street address (first line), e.g. `42 Old River Road`. */
  readonly address?: string | null;
  /** A seeded person: their first and last names alone count too. */
  readonly seeded?: boolean;
}

export interface Facts {
  readonly people: readonly Person[];
  /** Emails and phone numbers codes were sent to. */
  readonly contacts: readonly string[];
  /** One-time codes the run issued (six digits). */
  readonly codes: readonly string[];
  /** Tokens and secrets the run issued, exact values (found by their base64url runs of 16 or more). */
  readonly tokens: readonly string[];
}

export interface Hit {
  /** name, birth date, ssn, email, phone, address, card, code, token, key */
  readonly kind: string;
  /** Whose or which, without the value: `person 5101 last name`, `issued code`. */
  readonly what: string;
  /** The matched text, masked. */
  readonly masked: string;
}

/** Two characters and the length: enough to find it, never the value. */
export const mask = (value: string): string => (value.length <= 4 ? `${'•'.repeat(value.length)} (${value.length})` : `${value.slice(0, 2)}•••• (${value.length})`);

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const digits = (text: string): string => text.replace(/\D/g, '');
const phoneKey = (text: string): string | null => {
  const d = digits(text);
  if (d.length === 10) return d;
  if (d.length === 11 && d.startsWith('1')) return d.slice(1);
  return null;
};
const dateKey = (year: string, month: string, day: string): string => `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
/** MM/DD/YYYY or YYYY-MM-DD → YYYY-MM-DD; null otherwise. */
const dobKey = (dob: string): string | null => {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(dob.trim());
  if (us) return dateKey(us[3] as string, us[1] as string, us[2] as string);
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(dob.trim());
  return iso ? dateKey(iso[1] as string, iso[2] as string, iso[3] as string) : null;
};
const words = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, ' ');

// Shapes found in a line first, then looked up: a handful of regexes per line whatever the number of people.
const DATE_US = /(?<![\d/])(\d{1,2})\/(\d{1,2})\/(\d{4})(?![\d/])/g;
const DATE_ISO = /(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])/g;
const NINE_DIGITS = /(?<![\d-])\d{3}[- ]?\d{2}[- ]?\d{4}(?![\d-])/g;
const SSN_SHAPE = /(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])/g;
// Card last fours (`last4`) are not SSNs: only an SSN key counts.
const SSN_LAST4 = /(?:ssn|social.?security)[a-z0-9_]*["']?\s*[:=]?\s*["']?(\d{4})(?!\d)/gi;
const PHONE = /(?<![\d+])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?!\d)/g;
const TEST_PHONE = /^401555\d{4}$/;
const E164 = /(?<![\w+])\+1\d{10}(?!\d)/g;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const RUN = /[A-Za-z0-9_-]+/g;
// 13-19 digits in one run, or in fours split by spaces or dashes; never a piece of a longer token (a UUID's digit groups).
const CARD = /(?<![\w-])(?:[3-6]\d{12,18}|[3-6]\d{3}(?:[ -]\d{4}){2,3}(?:[ -]\d{1,3})?)(?![\w-])/g;
const luhn = (number: string): boolean => {
  let sum = 0;
  [...number].reverse().forEach((char, index) => {
    const n = Number(char) * (index % 2 === 1 ? 2 : 1);
    sum += n > 9 ? n - 9 : n;
  });
  return sum % 10 === 0;
};

const SECRET_SHAPES: ReadonlyArray<readonly [RegExp, string, string]> = [
  [/verified_[A-Za-z0-9_-]{8,}/g, 'token', 'guest verification token (verified_)'],
  [/(?<![A-Za-z0-9])es_eyJ[A-Za-z0-9_-]+/g, 'token', 'email session token (es_)'],
  [/eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, 'token', 'JWT'],
  [/(?:__Host-)?portal_session=[^;\s"',]{8,}/g, 'token', 'session cookie'],
  [/\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, 'token', 'Authorization credentials'],
  [/\b(?:sk|rk)_(?:test|live)_[A-Za-z0-9_]{4,}/g, 'key', 'Stripe secret key'],
  [/\bwhsec_[A-Za-z0-9_]{4,}/g, 'key', 'Stripe webhook secret'],
  [/_secret_[A-Za-z0-9]{6,}/g, 'key', 'Stripe client secret'],
  [/portal-sandbox-secret|sandbox-signwell-key|sandbox-turnstile-secret|[1-3]x0{31}AA/g, 'key', "provider sandbox's secret"],
];
/** A standalone 43-character base64url run with letters and digits: 256 random bits, as our session and staff tokens. */
const OPAQUE_TOKEN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])[A-Za-z0-9_-]{43}$/;

export class LogScanner {
  readonly #names: RegExp | null;
  readonly #nameOwner = new Map<string, string>();
  readonly #singleNames: RegExp | null;
  readonly #singleOwner = new Map<string, string>();
  readonly #dobs = new Map<string, string>();
  readonly #ssns = new Map<string, string>();
  readonly #phones = new Map<string, string>();
  readonly #emails = new Map<string, string>();
  readonly #addresses: RegExp | null;
  readonly #addressOwner = new Map<string, string>();
  readonly #codes: ReadonlySet<string>;
  readonly #tokens: ReadonlySet<string>;

  constructor(facts: Facts) {
    const fullNames: string[] = [];
    const addresses: string[] = [];
    const singles: string[] = [];
    for (const person of facts.people) {
      const label = `person ${person.id}`;
      const first = person.firstname?.trim();
      const last = person.lastname?.trim();
      if (first && last) {
        this.#nameOwner.set(words(`${first} ${last}`), `${label} full name`);
        this.#nameOwner.set(words(`${last}, ${first}`), `${label} full name`);
        fullNames.push(`${escape(first)}\\s+${escape(last)}`, `${escape(last)},\\s*${escape(first)}`);
      }
      if (person.seeded) {
        for (const [name, part] of [
          [first, 'first name'],
          [last, 'last name'],
        ] as const) {
          if (!name || name.length < 3) continue;
          for (const form of [name, name.toUpperCase()]) {
            this.#singleOwner.set(form, `${label} ${part}`);
            singles.push(escape(form));
          }
        }
      }
      const dob = person.dob ? dobKey(person.dob) : null;
      if (dob) this.#dobs.set(dob, `${label} birth date`);
      const ssn = person.ssn ? digits(person.ssn) : '';
      if (ssn.length === 9) this.#ssns.set(ssn, `${label} SSN`);
      if (person.email) this.#emails.set(person.email.toLowerCase(), `${label} email`);
      const address = person.address?.trim();
      if (address && /\d/.test(address) && address.length >= 8) {
        this.#addressOwner.set(words(address), `${label} street address`);
        addresses.push(address.split(/\s+/).map(escape).join('\\s+'));
      }
      for (const phone of person.phones ?? []) {
        const key = phone ? phoneKey(phone) : null;
        if (key) this.#phones.set(key, `${label} phone`);
      }
    }
    for (const contact of facts.contacts) {
      if (contact.includes('@')) {
        if (!this.#emails.has(contact.toLowerCase())) this.#emails.set(contact.toLowerCase(), 'email a code was sent to');
      } else {
        const key = phoneKey(contact);
        if (key && !this.#phones.has(key)) this.#phones.set(key, 'phone a code was sent to');
      }
    }
    this.#names = fullNames.length > 0 ? new RegExp(`(?<![A-Za-z])(?:${fullNames.join('|')})(?![A-Za-z])`, 'gi') : null;
    this.#addresses = addresses.length > 0 ? new RegExp(`(?<![\\w])(?:${addresses.join('|')})(?![\\w])`, 'gi') : null;
    this.#singleNames = singles.length > 0 ? new RegExp(`(?<![A-Za-z])(?:${[...new Set(singles)].join('|')})(?![A-Za-z])`, 'g') : null;
    this.#codes = new Set(facts.codes.filter((code) => /^\d{6}$/.test(code)));
    // A token is found by its long base64url runs (a Turnstile token `0.sbx.<64 chars>` by the last part).
    const runs = new Set<string>();
    for (const token of facts.tokens) for (const [run] of token.matchAll(RUN)) if (run.length >= 16) runs.add(run);
    this.#tokens = runs;
  }

  /** Every hit in one line (the same text is reported once, under its most specific kind). */
  scan(line: string): Hit[] {
    const hits: Hit[] = [];
    const seen = new Set<string>();
    const hit = (kind: string, what: string, text: string) => {
      const key = `${kind}|${text}`;
      if (seen.has(key)) return;
      seen.add(key);
      hits.push({ kind, what, masked: mask(text) });
    };
    const all = (pattern: RegExp) => line.matchAll(pattern);

    // A first or last name inside a full name or an email address is that hit, not another.
    const fullNameSpans: Array<readonly [number, number]> = [...all(EMAIL)].map((match) => [match.index, match.index + match[0].length] as const);
    if (this.#names) {
      for (const match of all(this.#names)) {
        fullNameSpans.push([match.index, match.index + match[0].length]);
        hit('name', this.#nameOwner.get(words(match[0].replace(/,\s*/, ', '))) ?? 'a person’s full name', match[0]);
      }
    }
    if (this.#singleNames) {
      for (const match of all(this.#singleNames)) {
        if (fullNameSpans.some(([start, end]) => match.index >= start && match.index < end)) continue;
        hit('name', this.#singleOwner.get(match[0]) ?? 'a seeded name', match[0]);
      }
    }

    for (const match of all(DATE_US)) {
      const owner = this.#dobs.get(dateKey(match[3] as string, match[1] as string, match[2] as string));
      if (owner) hit('birth date', owner, match[0]);
    }
    for (const match of all(DATE_ISO)) {
      const owner = this.#dobs.get(dateKey(match[1] as string, match[2] as string, match[3] as string));
      if (owner) hit('birth date', owner, match[0]);
    }

    for (const [text] of all(NINE_DIGITS)) {
      const owner = this.#ssns.get(digits(text));
      if (owner) hit('ssn', owner, text);
    }
    for (const [text] of all(SSN_SHAPE)) hit('ssn', this.#ssns.get(digits(text)) ?? 'SSN-shaped number', text);
    for (const match of all(SSN_LAST4)) hit('ssn', 'SSN last four', match[0]);

    for (const [text] of all(EMAIL)) hit('email', this.#emails.get(text.toLowerCase()) ?? 'email address', text);

    for (const [text] of all(PHONE)) {
      const key = phoneKey(text);
      if (!key) continue;
      const owner = this.#phones.get(key) ?? (TEST_PHONE.test(key) ? '401-555 phone number' : undefined);
      if (owner) hit('phone', owner, text);
    }
    for (const [text] of all(E164)) hit('phone', this.#phones.get(digits(text).slice(1)) ?? 'E.164 phone number', text);

    if (this.#addresses) for (const [text] of all(this.#addresses)) hit('address', this.#addressOwner.get(words(text)) ?? 'a street address', text);
    for (const [text] of all(CARD)) if (luhn(digits(text))) hit('card', 'card number', text);

    for (const [pattern, kind, what] of SECRET_SHAPES) for (const [text] of all(pattern)) hit(kind, what, text);
    for (const [run] of all(RUN)) {
      if (this.#codes.has(run)) hit('code', 'one-time code issued in the run', run);
      else if (this.#tokens.has(run)) hit('token', 'token or secret issued in the run', run);
      else if (OPAQUE_TOKEN.test(run)) hit('token', '256-bit token', run);
    }
    return hits;
  }
}
