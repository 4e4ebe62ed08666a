/**
 * The practice configuration as the browser gets it (issue 14, docs/decisions/0028):
 *
 *   GET /api/config/practice → { supportEmail, patientPortalUrl, membershipDetailsUrl,
 *                                conciergeDoctors: [name], locations: [{ id, name, address1, city, state, zip, phone }] }
 *   GET /api/nurse-line      → { phone, hours }   // active members only; 403 for guests and non-members
 *
 * The nurse line number is never in the first answer. Phones are 10 digits (format for display).
 */
import * as t from 'io-ts';
import { urlString } from './fields.ts';

const tenDigits = new t.Type<string, string, unknown>(
  'TenDigitPhone',
  (u): u is string => typeof u === 'string' && /^\d{10}$/.test(u),
  (u, c) => (typeof u === 'string' && /^\d{10}$/.test(u) ? t.success(u) : t.failure(u, c, 'a 10-digit phone number')),
  t.identity,
);

export const PracticeLocationResponse = t.type(
  { id: t.string, name: t.string, address1: t.string, city: t.string, state: t.string, zip: t.string, phone: tenDigits },
  'PracticeLocationResponse',
);
export type PracticeLocationResponse = t.TypeOf<typeof PracticeLocationResponse>;

export const PracticeResponse = t.type(
  {
    supportEmail: t.string,
    patientPortalUrl: urlString('Patient portal URL is invalid'),
    membershipDetailsUrl: urlString('Membership details URL is invalid'),
    conciergeDoctors: t.array(t.string),
    locations: t.array(PracticeLocationResponse),
  },
  'PracticeResponse',
);
export type PracticeResponse = t.TypeOf<typeof PracticeResponse>;

export const NurseLineResponse = t.type({ phone: tenDigits, hours: t.string }, 'NurseLineResponse');
export type NurseLineResponse = t.TypeOf<typeof NurseLineResponse>;
