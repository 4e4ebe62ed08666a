/**
 * Practice reference data the frontends show. The tier table and locations come from core
 * through @portal/contracts (frontends never import core: docs/decisions/0005-layer-check.md).
 */
export { TIERS, TIER_CODES, formatDollars, PRACTICE_LOCATIONS, MINIMUM_ENROLLMENT_AGE } from '@portal/contracts';
export type { Tier, TierCode, PracticeLocation } from '@portal/contracts';

/** Shown in the header and footer. */
export const PRACTICE_NAME = 'MDRI Primary Care';

/** The practice tagline (enrollment-and-payment §9: it mentions Rhode Island). */
export const PRACTICE_TAGLINE = 'Personal primary care for Rhode Island families, close to home.';

/** The practice's contact address for the footer, logout confirmation and error pages. */
export const PRACTICE_CONTACT_EMAIL = 'frontdesk@mdri-primarycare.example';

/**
 * The external patient portal's login (the health record's own portal for practice 29391):
 * Patient Chart, Lab Results, Message Practice and Primary Care Billing all open it in a new tab.
 */
export const PATIENT_PORTAL_URL = 'https://29391.portal.athenahealth.com/';
