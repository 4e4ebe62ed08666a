/**
 * The two documents a member signs (spec enrollment-and-payment §2 'E-signature step', 'Privacy
 * step'): the membership agreement and, for new patients, the acknowledgment of the Notice of
 * Privacy Practices. Pure text: an adapter renders it to PDF with a signature block (signature,
 * date, printed name) on which SignWell places the signer's fields.
 *
 * The wording is the practice's to approve; it states only what the product does (spec §1).
 */
import { locationName, PRACTICE_LOCATIONS, PRACTICE_NAME, type PracticeLocation } from './practice.ts';
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
}

export interface ConsentDocumentInput {
  readonly patientName: string;
  readonly membershipTier: TierCode;
  readonly department: string | null;
  /** The person signing, when a caregiver signs for the patient. */
  readonly guardianName: string | null;
}

/** File names of the signed PDFs as filed into the chart. */
export const CONSENT_FILE_NAMES: Readonly<Record<ChartDocumentType, string>> = {
  membership_agreement: 'membership-agreement.pdf',
  privacy_practices: 'privacy-practices-acknowledgment.pdf',
};

export const MEMBERSHIP_AGREEMENT_TITLE = 'Membership Agreement';
export const PRIVACY_PRACTICES_TITLE = 'Acknowledgment of Notice of Privacy Practices';

const signerFacts = (input: ConsentDocumentInput): ReadonlyArray<readonly [string, string]> => [
  ['Patient', input.patientName],
  ...(input.guardianName ? ([['Signed by (caregiver)', input.guardianName]] as const) : []),
  ['Practice location', locationName(input.department)],
];

const parties = (input: ConsentDocumentInput): Pick<ConsentDocument, 'patientName' | 'signerName' | 'guardianSigning' | 'location'> => ({
  patientName: input.patientName,
  signerName: input.guardianName ?? input.patientName,
  guardianSigning: input.guardianName !== null,
  location: PRACTICE_LOCATIONS.find((location) => location.id === input.department) ?? null,
});

const renewalText = (code: TierCode): string => {
  const tier = TIERS[code];
  return tier.paid && tier.interval ? `Automatic, every ${tier.interval}, until cancelled` : 'None';
};

const priceText = (code: TierCode): string => {
  const tier = TIERS[code];
  return tier.paid && tier.interval ? `${formatDollars(tier.priceCents)} per ${tier.interval}` : '$0';
};

export const membershipAgreement = (input: ConsentDocumentInput): ConsentDocument => {
  const tier = TIERS[input.membershipTier];
  return {
    type: 'membership_agreement',
    title: MEMBERSHIP_AGREEMENT_TITLE,
    fileName: CONSENT_FILE_NAMES.membership_agreement,
    facts: [...signerFacts(input), ['Membership plan', tier.name], ['Price', priceText(input.membershipTier)], ['Renewal', renewalText(input.membershipTier)]],
    paragraphs: [
      `This agreement is between the patient named above and ${PRACTICE_NAME} for the ${tier.name} membership.`,
      `Membership fee. The fee is ${priceText(input.membershipTier)}, charged to the card given at enrollment. The membership renews automatically at the end of each period at the same price until it is cancelled. It can be cancelled at any time from the billing portal or by calling the practice; cancellation takes effect at the end of the period already paid.`,
      `Benefits. Members can manage appointments online (online scheduling and rescheduling), reach the members-only nurse phone and SMS line during business hours, use the billing portal, and receive ${tier.telemedicineVisits === 1 ? '1 free telemedicine visit' : `${tier.telemedicineVisits} free telemedicine visits`} a year.`,
      ...(tier.concierge
        ? ['Concierge services are offered only to patients of the three physicians named by the practice. By choosing a concierge plan the signer acknowledges this.']
        : []),
      'Membership is optional. It does not affect access to medically necessary care, and the membership fee is not a payment for any covered medical service; insurance is billed as usual for care received.',
      'Eligibility. Membership is open to patients aged 27 or older. Medicaid participants cannot enroll online.',
      'By signing below, the signer confirms having read this agreement and agrees to it on behalf of the patient named above.',
    ],
    ...parties(input),
  };
};

export const privacyPracticesAcknowledgment = (input: ConsentDocumentInput): ConsentDocument => ({
  type: 'privacy_practices',
  title: PRIVACY_PRACTICES_TITLE,
  fileName: CONSENT_FILE_NAMES.privacy_practices,
  facts: signerFacts(input),
  paragraphs: [
    `${PRACTICE_NAME} is required by law to protect the privacy of health information and to give patients its Notice of Privacy Practices, which describes how medical information about the patient may be used and disclosed and how the patient can get access to it.`,
    'The notice explains the uses of health information for treatment, payment and health care operations; the patient\'s rights to see and copy their records, to ask for corrections, to ask for limits on uses and disclosures, to receive confidential communications and an accounting of disclosures; and how to file a complaint.',
    'A copy of the notice is available at every practice location and from the front desk on request.',
    'By signing below, the signer acknowledges receiving the Notice of Privacy Practices of the practice.',
  ],
  ...parties(input),
});

export const consentDocument = (type: ChartDocumentType, input: ConsentDocumentInput): ConsentDocument =>
  type === 'membership_agreement' ? membershipAgreement(input) : privacyPracticesAcknowledgment(input);
