/**
 * The nurse line dialog's texts and call (booking-dashboard-staff §2 'Nurse line dialog', §6;
 * enrollment-and-payment §2 'Nurse line dialog'; issue 14). The number comes only from
 * GET /api/nurse-line, which answers it to an active member and 403 to anyone else.
 */
import { NurseLineResponse } from '@portal/contracts';
import type { ApiClient } from './api.ts';

export const NURSE_LINE_API_PATH = '/api/nurse-line';
export const NURSE_LINE_TITLE = 'Nurse Phone Messaging';
/** booking-dashboard-staff §2 names the button so; enrollment-and-payment §2 calls it the 'Wellness Messaging Number' (decision 0028). */
export const REVEAL_NURSE_LINE_LABEL = 'Reveal Nurse Line Number';
export const NURSE_LINE_GUEST_TEXT = 'Sign in with athenahealth credentials to access';
export const MEMBERSHIP_REQUIRED_TITLE = 'Membership Required';
export const ENROLL_IN_MEMBERSHIP_LABEL = 'Enroll in Membership';
export const NURSE_LINE_ENROLL_PATH = '/enrollment';
/** §9: the reveal's celebration lasts 3 seconds, with 20 icons (enrollment-and-payment §2). */
export const NURSE_CELEBRATION_MS = 3000;
export const NURSE_CELEBRATION_ICONS = 20;

export const NURSE_LINE_USES = [
  'Call a nurse for advice about symptoms, medications or whether you need a visit.',
  'Send a text message (SMS) with non-urgent questions.',
  'Nurses answer during business hours.',
] as const;

export const MEMBER_BENEFITS = [
  'A members-only nurse line by phone and text message',
  'Online scheduling and rescheduling of appointments',
  'Free telemedicine visits each year (1 with Enhanced, 4 with Concierge)',
] as const;

/** GET /api/nurse-line: the number and hours (active members only; 403 otherwise). */
export const fetchNurseLine = (client: ApiClient): Promise<NurseLineResponse> =>
  client.get<NurseLineResponse>(NURSE_LINE_API_PATH, { decode: NurseLineResponse, cache: 'no-store' });
