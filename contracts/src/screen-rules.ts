/**
 * The pure rules a screen runs itself, re-exported from core's one copy (docs/conventions/
 * one-home-per-rule.md). A module of its own, imported by path (`@portal/contracts/screen-rules.ts`),
 * so the shell's first load takes these few functions without the codecs of contracts' index.
 */
export { isMembershipActive, subscriptionDisplayStatus } from '@portal/core/policies/subscription-status.policy.ts';
export { ANNUAL_PHYSICAL_TYPE_IDS, PRACTICE_TIME_ZONE } from '@portal/core/domain/practice.ts';
