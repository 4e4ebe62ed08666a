/**
 * Reads the practice configuration (config/practice.json; docs/decisions/0028): a JSON value
 * checked key by key, every problem named at once, so a practice that mistypes a key learns it at
 * start-up rather than from a patient. Pure: the composition root reads the file and installs the
 * result with `configurePractice`.
 */
import { CHART_DOCUMENT_TYPES, unknownPlaceholders, type AgreementParagraph, type AgreementTexts, type PracticeConfigWithAgreements } from './consent-documents.ts';
import { LOCALES, type Locale } from './locale.ts';
import { DEPARTMENTS, DEPARTMENT_IDS, type DepartmentId, type PracticeConfig, type PracticeLocationContact } from './practice.ts';

export class PracticeConfigError extends Error {
  override readonly name = 'PracticeConfigError';
  readonly source: string;
  readonly problems: readonly string[];
  constructor(source: string, problems: readonly string[]) {
    super(`The practice configuration ${source} is not usable:\n- ${problems.join('\n- ')}`);
    this.source = source;
    this.problems = problems;
  }
}

/** The browser's part: everything but the nurse line number (served only to active members). */
export interface PublicPracticeConfig {
  readonly supportEmail: string;
  readonly patientPortalUrl: string;
  readonly membershipDetailsUrl: string;
  readonly conciergeDoctors: readonly string[];
  readonly locations: ReadonlyArray<PracticeLocationContact & { readonly name: string }>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\d{10}$/;
const ZIP = /^\d{5}(-\d{4})?$/;
const STATE = /^[A-Z]{2}$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isHttpsUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

const KNOWN_KEYS = ['supportEmail', 'patientPortalUrl', 'membershipDetailsUrl', 'conciergeDoctors', 'nurseLine', 'locations', 'agreements'];

/**
 * The optional `agreements` (issue 26): the practice's text of each consent document in a language
 * other than English, `{ "es-US": { "membership_agreement": [paragraph, …], "privacy_practices": […] } }`.
 * A paragraph is a text or `{ "conciergeOnly": text }`; {practice}, {plan}, {fee} and
 * {telemedicineVisits} are filled in per document (consent-documents.ts). A language or document left
 * out is signed in English, and the patient is told so before signing.
 */
const parseAgreements = (raw: unknown, problems: string[]): AgreementTexts | undefined => {
  if (raw === undefined) return undefined;
  if (!isRecord(raw)) {
    problems.push('agreements must be an object of languages');
    return undefined;
  }
  const texts: Partial<Record<Exclude<Locale, 'en-US'>, Partial<Record<(typeof CHART_DOCUMENT_TYPES)[number], AgreementParagraph[]>>>> = {};
  for (const [language, documents] of Object.entries(raw)) {
    if (language.startsWith('$')) continue;
    if (language === 'en-US' || !(LOCALES as readonly string[]).includes(language)) {
      problems.push(`agreements.${language}: only ${LOCALES.filter((l) => l !== 'en-US').join(', ')} may be given (the English text is the portal's own)`);
      continue;
    }
    if (!isRecord(documents)) {
      problems.push(`agreements.${language} must be an object of documents`);
      continue;
    }
    const perDocument: Partial<Record<(typeof CHART_DOCUMENT_TYPES)[number], AgreementParagraph[]>> = {};
    for (const [type, paragraphs] of Object.entries(documents)) {
      const at = `agreements.${language}.${type}`;
      if (!(CHART_DOCUMENT_TYPES as readonly string[]).includes(type)) {
        problems.push(`${at}: unknown document (${CHART_DOCUMENT_TYPES.join(', ')})`);
        continue;
      }
      if (!Array.isArray(paragraphs) || paragraphs.length === 0) {
        problems.push(`${at} must be a non-empty list of paragraphs`);
        continue;
      }
      const read: AgreementParagraph[] = [];
      paragraphs.forEach((paragraph: unknown, index) => {
        const text = typeof paragraph === 'string' ? paragraph : isRecord(paragraph) && Object.keys(paragraph).length === 1 && typeof paragraph.conciergeOnly === 'string' ? paragraph.conciergeOnly : null;
        if (text === null || text.trim() === '') return void problems.push(`${at}[${index}] must be a non-empty text or { "conciergeOnly": text }`);
        const unknown = unknownPlaceholders(text);
        if (unknown.length > 0) problems.push(`${at}[${index}] has unknown placeholders ${unknown.map((name) => `{${name}}`).join(', ')}`);
        read.push(typeof paragraph === 'string' ? text.trim() : { conciergeOnly: text.trim() });
      });
      perDocument[type as (typeof CHART_DOCUMENT_TYPES)[number]] = read;
    }
    texts[language as Exclude<Locale, 'en-US'>] = perDocument;
  }
  return texts;
};

export const parsePracticeConfig = (value: unknown, source = 'practice configuration'): PracticeConfigWithAgreements => {
  const problems: string[] = [];
  if (!isRecord(value)) throw new PracticeConfigError(source, ['the file must hold one JSON object']);
  for (const key of Object.keys(value)) if (!KNOWN_KEYS.includes(key) && !key.startsWith('$')) problems.push(`unknown key '${key}'`);

  const text = (key: string, raw: unknown, check: (v: string) => boolean, what: string): string => {
    if (typeof raw !== 'string' || !check(raw.trim())) {
      problems.push(`${key} must be ${what}`);
      return '';
    }
    return raw.trim();
  };

  const supportEmail = text('supportEmail', value.supportEmail, (v) => EMAIL.test(v), 'an email address');
  const patientPortalUrl = text('patientPortalUrl', value.patientPortalUrl, isHttpsUrl, 'an http(s) URL');
  const membershipDetailsUrl = text('membershipDetailsUrl', value.membershipDetailsUrl, isHttpsUrl, 'an http(s) URL');

  const doctors = Array.isArray(value.conciergeDoctors) ? value.conciergeDoctors : null;
  if (!doctors || doctors.length === 0 || !doctors.every((d) => typeof d === 'string' && d.trim() !== '')) {
    problems.push('conciergeDoctors must be a non-empty list of names');
  }
  const conciergeDoctors = (doctors ?? []).filter((d): d is string => typeof d === 'string').map((d) => d.trim());

  const nurse = isRecord(value.nurseLine) ? value.nurseLine : null;
  if (!nurse) problems.push('nurseLine must be an object with phone and hours');
  const nurseLine = {
    phone: text('nurseLine.phone', nurse?.phone, (v) => PHONE.test(v), '10 digits'),
    hours: text('nurseLine.hours', nurse?.hours, (v) => v !== '', 'a non-empty text'),
  };

  const rawLocations = Array.isArray(value.locations) ? value.locations : [];
  if (!Array.isArray(value.locations)) problems.push('locations must be a list');
  const locations: PracticeLocationContact[] = [];
  rawLocations.forEach((raw, index) => {
    const at = `locations[${index}]`;
    if (!isRecord(raw)) return void problems.push(`${at} must be an object`);
    const id = typeof raw.id === 'string' && (DEPARTMENT_IDS as readonly string[]).includes(raw.id) ? (raw.id as DepartmentId) : null;
    if (!id) return void problems.push(`${at}.id must be one of the health record's departments (${DEPARTMENT_IDS.join(', ')})`);
    if (locations.some((l) => l.id === id)) return void problems.push(`${at}.id '${id}' is listed twice`);
    locations.push({
      id,
      address1: text(`${at}.address1`, raw.address1, (v) => v !== '', 'a non-empty text'),
      city: text(`${at}.city`, raw.city, (v) => v !== '', 'a non-empty text'),
      state: text(`${at}.state`, raw.state, (v) => STATE.test(v), 'two capital letters'),
      zip: text(`${at}.zip`, raw.zip, (v) => ZIP.test(v), '5 digits or 5+4'),
      phone: text(`${at}.phone`, raw.phone, (v) => PHONE.test(v), '10 digits'),
    });
  });
  for (const id of DEPARTMENT_IDS) if (Array.isArray(value.locations) && !locations.some((l) => l.id === id) && !problems.some((p) => p.includes(`'${id}'`))) problems.push(`locations has no entry for department '${id}'`);

  const agreements = parseAgreements(value.agreements, problems);

  if (problems.length > 0) throw new PracticeConfigError(source, problems);
  return { supportEmail, patientPortalUrl, membershipDetailsUrl, conciergeDoctors, nurseLine, locations, ...(agreements === undefined ? {} : { agreements }) };
};

/** What GET /api/config/practice serves: the nurse line number is left out. */
export const publicPracticeConfig = (config: PracticeConfig): PublicPracticeConfig => ({
  supportEmail: config.supportEmail,
  patientPortalUrl: config.patientPortalUrl,
  membershipDetailsUrl: config.membershipDetailsUrl,
  conciergeDoctors: [...config.conciergeDoctors],
  locations: DEPARTMENTS.flatMap((department) => {
    const contact = config.locations.find((location) => location.id === department.id);
    return contact ? [{ ...contact, name: department.name }] : [];
  }),
});
