/**
 * The two documents a member signs (spec enrollment-and-payment §2 'E-signature step', 'Privacy
 * step'): the membership agreement and, for new patients, the acknowledgment of the Notice of
 * Privacy Practices. Pure text: an adapter renders it to PDF with a signature block (signature,
 * date, printed name) on which SignWell places the signer's fields.
 *
 * The wording is the practice's to approve; it states only what the product does (spec §1).
 *
 * Languages (issue 26): the document's own words (title, the facts' labels and values) follow the
 * signer's language; the body is the practice's text in each language the practice configuration
 * supplies (`agreements` in config/practice.json, read by parsePracticeConfig). English is always
 * there (below); where the practice gives no text in the signer's language, the body is English and
 * `agreementLanguage` says so, so the signing screen can tell the patient before signing.
 */
import { DEFAULT_LOCALE, type Locale } from './locale.ts';
import { locationName, practiceConfig, PRACTICE_LOCATIONS, PRACTICE_NAME, type PracticeConfig, type PracticeLocation } from './practice.ts';
import { TIERS, formatDollars, type TierCode } from './tier.ts';

/** The two documents the portal files into the chart. */
export const CHART_DOCUMENT_TYPES = ['membership_agreement', 'privacy_practices'] as const;
export type ChartDocumentType = (typeof CHART_DOCUMENT_TYPES)[number];

export interface ConsentDocument {
  readonly type: ChartDocumentType;
  /** Shown to the signer and printed on the PDF. */
  readonly title: string;
  readonly fileName: string;
  /** Lines printed under the title (who and what it is for). */
  readonly facts: ReadonlyArray<readonly [label: string, value: string]>;
  readonly paragraphs: readonly string[];
  readonly patientName: string;
  /** Who signs: the caregiver when one signs for the patient, else the patient. */
  readonly signerName: string;
  readonly guardianSigning: boolean;
  /** The enrollment's practice location (its address heads the document); null when unknown. */
  readonly location: PracticeLocation | null;
  /** The language of the document's own words (title, facts, the PDF's headings); English when absent. */
  readonly locale?: Locale;
  /** The language of the paragraphs: the signer's when the practice supplies its text in it, else English. */
  readonly bodyLocale?: Locale;
}

export interface ConsentDocumentInput {
  readonly patientName: string;
  readonly membershipTier: TierCode;
  readonly department: string | null;
  /** The person signing, when a caregiver signs for the patient. */
  readonly guardianName: string | null;
  /** The signer's language (issue 26); English when absent. */
  readonly locale?: Locale;
  /** The practice's texts in other languages; by default those of the installed practice configuration. */
  readonly agreements?: AgreementTexts;
}

// ---- the practice's text in other languages ----------------------------------------------------

/**
 * A paragraph of the practice's text: plain, or `{ "conciergeOnly": "…" }` for one printed only on a
 * concierge plan. Placeholders, filled in per document: {practice}, {plan}, {fee} (e.g. '$70 cada 6
 * meses') and {telemedicineVisits} (e.g. '1 consulta de telemedicina gratuita', counted in the text's language).
 */
export type AgreementParagraph = string | { readonly conciergeOnly: string };

/** The practice's texts per language other than English (which is the portal's own, below), per document. */
export type AgreementTexts = Partial<Record<Exclude<Locale, 'en-US'>, Partial<Record<ChartDocumentType, readonly AgreementParagraph[]>>>>;

/** The practice configuration with its optional texts in other languages (what parsePracticeConfig reads). */
export type PracticeConfigWithAgreements = PracticeConfig & { readonly agreements?: AgreementTexts };

export const AGREEMENT_PLACEHOLDERS = ['practice', 'plan', 'fee', 'telemedicineVisits'] as const;

/** The placeholders a text uses that are not ours (a practice's typo, reported at start-up). */
export const unknownPlaceholders = (text: string): string[] =>
  [...text.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? '').filter((name) => !(AGREEMENT_PLACEHOLDERS as readonly string[]).includes(name));

const installedAgreements = (): AgreementTexts | undefined => {
  try {
    return (practiceConfig() as PracticeConfigWithAgreements).agreements;
  } catch {
    // No practice configuration installed (a browser bundle, a test): English only.
    return undefined;
  }
};

export interface AgreementLanguage {
  /** The language the patient asked for. */
  readonly requested: Locale;
  /** The language of the text the patient signs. */
  readonly locale: Locale;
  /** True when the practice supplies the text in the requested language (always for English). */
  readonly translated: boolean;
}

/**
 * In which language a document's body is signed: the requested one when the practice supplies its
 * text in it, else English. `translated: false` is the signing screen's cue to tell the patient, in
 * their language, that the text they sign is English.
 */
export const agreementLanguage = (
  config: PracticeConfig | PracticeConfigWithAgreements | null | undefined,
  locale: Locale,
  type: ChartDocumentType = 'membership_agreement',
): AgreementLanguage => {
  if (locale === 'en-US') return { requested: locale, locale, translated: true };
  const supplied = (config as PracticeConfigWithAgreements | null | undefined)?.agreements?.[locale]?.[type];
  return supplied && supplied.length > 0 ? { requested: locale, locale, translated: true } : { requested: locale, locale: DEFAULT_LOCALE, translated: false };
};

/** The language a document's body will be in for a signer who reads `locale`, by the installed configuration. */
export const documentBodyLocale = (type: ChartDocumentType, locale: Locale): Locale =>
  agreementLanguage({ agreements: installedAgreements() } as PracticeConfigWithAgreements, locale, type).locale;

/** File names of the signed PDFs as filed into the chart. */
export const CONSENT_FILE_NAMES: Readonly<Record<ChartDocumentType, string>> = {
  membership_agreement: 'membership-agreement.pdf',
  privacy_practices: 'privacy-practices-acknowledgment.pdf',
};

export const MEMBERSHIP_AGREEMENT_TITLE = 'Membership Agreement';
export const PRIVACY_PRACTICES_TITLE = 'Acknowledgment of Notice of Privacy Practices';

/** The document's own words in each language: titles, facts' labels and values. */
const WORDS: Readonly<
  Record<
    Locale,
    {
      readonly titles: Readonly<Record<ChartDocumentType, string>>;
      readonly patient: string;
      readonly caregiver: string;
      readonly location: string;
      readonly plan: string;
      readonly price: string;
      readonly renewal: string;
      readonly none: string;
      readonly every: (interval: string) => string;
      readonly per: (interval: string) => string;
      readonly renews: (every: string) => string;
      readonly telemedicine: (count: number) => string;
    }
  >
> = {
  'en-US': {
    titles: { membership_agreement: MEMBERSHIP_AGREEMENT_TITLE, privacy_practices: PRIVACY_PRACTICES_TITLE },
    patient: 'Patient',
    caregiver: 'Signed by (caregiver)',
    location: 'Practice location',
    plan: 'Membership plan',
    price: 'Price',
    renewal: 'Renewal',
    none: 'None',
    every: (interval) => `every ${interval}`,
    per: (interval) => `per ${interval}`,
    renews: (every) => `Automatic, ${every}, until cancelled`,
    telemedicine: (count) => (count === 1 ? '1 free telemedicine visit' : `${count} free telemedicine visits`),
  },
  'es-US': {
    titles: { membership_agreement: 'Acuerdo de membresía', privacy_practices: 'Constancia de recibo del aviso de privacidad' },
    patient: 'Paciente',
    caregiver: 'Firmado por (persona que cuida)',
    location: 'Sede del consultorio',
    plan: 'Plan de membresía',
    price: 'Precio',
    renewal: 'Renovación',
    none: 'Ninguna',
    every: (interval) => (interval === 'year' ? 'cada año' : interval === '6 months' ? 'cada 6 meses' : `cada ${interval}`),
    per: (interval) => (interval === 'year' ? 'al año' : interval === '6 months' ? 'cada 6 meses' : `cada ${interval}`),
    renews: (every) => `Automática, ${every}, hasta que se cancele`,
    telemedicine: (count) =>
      `${count} ${new Intl.PluralRules('es-US').select(count) === 'one' ? 'consulta de telemedicina gratuita' : 'consultas de telemedicina gratuitas'}`,
  },
};

const localeOf = (input: ConsentDocumentInput): Locale => input.locale ?? DEFAULT_LOCALE;

const signerFacts = (input: ConsentDocumentInput): ReadonlyArray<readonly [string, string]> => {
  const words = WORDS[localeOf(input)];
  return [
    [words.patient, input.patientName],
    ...(input.guardianName ? ([[words.caregiver, input.guardianName]] as const) : []),
    [words.location, locationName(input.department)],
  ];
};

const parties = (input: ConsentDocumentInput): Pick<ConsentDocument, 'patientName' | 'signerName' | 'guardianSigning' | 'location'> => ({
  patientName: input.patientName,
  signerName: input.guardianName ?? input.patientName,
  guardianSigning: input.guardianName !== null,
  location: PRACTICE_LOCATIONS.find((location) => location.id === input.department) ?? null,
});

const renewalText = (code: TierCode, locale: Locale): string => {
  const tier = TIERS[code];
  const words = WORDS[locale];
  return tier.paid && tier.interval ? words.renews(words.every(tier.interval)) : words.none;
};

const priceText = (code: TierCode, locale: Locale): string => {
  const tier = TIERS[code];
  return tier.paid && tier.interval ? `${formatDollars(tier.priceCents)} ${WORDS[locale].per(tier.interval)}` : '$0';
};

/** The locale-specific parts every document shares: its language, its body's language, its title. */
const language = (type: ChartDocumentType, input: ConsentDocumentInput): { locale: Locale; body: readonly AgreementParagraph[] | null; bodyLocale: Locale } => {
  const locale = localeOf(input);
  const agreements = input.agreements ?? installedAgreements();
  const chosen = agreementLanguage({ agreements } as PracticeConfigWithAgreements, locale, type);
  const body = chosen.locale === DEFAULT_LOCALE ? null : (agreements?.[chosen.locale as Exclude<Locale, 'en-US'>]?.[type] ?? null);
  return { locale, body, bodyLocale: chosen.locale };
};

/** The practice's text in a language it supplies, its placeholders filled in. */
const filled = (paragraphs: readonly AgreementParagraph[], values: Readonly<Record<(typeof AGREEMENT_PLACEHOLDERS)[number], string>>, concierge: boolean): string[] =>
  paragraphs
    .flatMap((paragraph) => (typeof paragraph === 'string' ? [paragraph] : concierge ? [paragraph.conciergeOnly] : []))
    .map((paragraph) => paragraph.replace(/\{(practice|plan|fee|telemedicineVisits)\}/g, (_, name: keyof typeof values) => values[name]));

/** The document's language fields: absent for English, so an English document is what it always was. */
const languageFields = (locale: Locale, bodyLocale: Locale): Pick<ConsentDocument, 'locale' | 'bodyLocale'> =>
  locale === DEFAULT_LOCALE && bodyLocale === DEFAULT_LOCALE ? {} : { locale, bodyLocale };

export const membershipAgreement = (input: ConsentDocumentInput): ConsentDocument => {
  const tier = TIERS[input.membershipTier];
  const { locale, body, bodyLocale } = language('membership_agreement', input);
  const words = WORDS[locale];
  return {
    type: 'membership_agreement',
    title: words.titles.membership_agreement,
    fileName: CONSENT_FILE_NAMES.membership_agreement,
    facts: [...signerFacts(input), [words.plan, tier.name], [words.price, priceText(input.membershipTier, locale)], [words.renewal, renewalText(input.membershipTier, locale)]],
    paragraphs: body
      ? filled(
          body,
          {
            practice: PRACTICE_NAME,
            plan: tier.name,
            fee: priceText(input.membershipTier, bodyLocale),
            telemedicineVisits: WORDS[bodyLocale].telemedicine(tier.telemedicineVisits),
          },
          tier.concierge,
        )
      : [
          `This agreement is between the patient named above and ${PRACTICE_NAME} for the ${tier.name} membership.`,
          `Membership fee. The fee is ${priceText(input.membershipTier, DEFAULT_LOCALE)}, charged to the card given at enrollment. The membership renews automatically at the end of each period at the same price until it is cancelled. It can be cancelled at any time from the billing portal or by calling the practice; cancellation takes effect at the end of the period already paid.`,
          `Benefits. Members can manage appointments online (online scheduling and rescheduling), reach the members-only nurse phone and SMS line during business hours, use the billing portal, and receive ${WORDS[DEFAULT_LOCALE].telemedicine(tier.telemedicineVisits)} a year.`,
          ...(tier.concierge
            ? ['Concierge services are offered only to patients of the three physicians named by the practice. By choosing a concierge plan the signer acknowledges this.']
            : []),
          'Membership is optional. It does not affect access to medically necessary care, and the membership fee is not a payment for any covered medical service; insurance is billed as usual for care received.',
          'Eligibility. Membership is open to patients aged 27 or older. Medicaid participants cannot enroll online.',
          'By signing below, the signer confirms having read this agreement and agrees to it on behalf of the patient named above.',
        ],
    ...parties(input),
    ...languageFields(locale, bodyLocale),
  };
};

export const privacyPracticesAcknowledgment = (input: ConsentDocumentInput): ConsentDocument => {
  const tier = TIERS[input.membershipTier];
  const { locale, body, bodyLocale } = language('privacy_practices', input);
  return {
    type: 'privacy_practices',
    title: WORDS[locale].titles.privacy_practices,
    fileName: CONSENT_FILE_NAMES.privacy_practices,
    facts: signerFacts(input),
    paragraphs: body
      ? filled(
          body,
          { practice: PRACTICE_NAME, plan: tier.name, fee: priceText(input.membershipTier, bodyLocale), telemedicineVisits: WORDS[bodyLocale].telemedicine(tier.telemedicineVisits) },
          tier.concierge,
        )
      : [
          `${PRACTICE_NAME} is required by law to protect the privacy of health information and to give patients its Notice of Privacy Practices, which describes how medical information about the patient may be used and disclosed and how the patient can get access to it.`,
          'The notice explains the uses of health information for treatment, payment and health care operations; the patient\'s rights to see and copy their records, to ask for corrections, to ask for limits on uses and disclosures, to receive confidential communications and an accounting of disclosures; and how to file a complaint.',
          'A copy of the notice is available at every practice location and from the front desk on request.',
          'By signing below, the signer acknowledges receiving the Notice of Privacy Practices of the practice.',
        ],
    ...parties(input),
    ...languageFields(locale, bodyLocale),
  };
};

export const consentDocument = (type: ChartDocumentType, input: ConsentDocumentInput): ConsentDocument =>
  type === 'membership_agreement' ? membershipAgreement(input) : privacyPracticesAcknowledgment(input);
