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

/*
 * The practice's contact address, the patient portal and membership details links, the concierge
 * doctors and the location addresses and phones are practice configuration (config/practice.json),
 * served by GET /api/config/practice: read them with usePractice() (practice.ts).
 */
