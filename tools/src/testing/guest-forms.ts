/**
 * The guest enrollment form (spec enrollment-and-payment §3) as the browser sends it, for HTTP
 * tests and provider states: Margaret Sullivan enrolling as the existing patient she is (her
 * chart holds the guest's verified email or phone when the guest is her), and Avery Lindqvist,
 * a person the health record does not know yet.
 */
import type { VerifiedGuest } from './guest.ts';

const verifiedContact = (guest: VerifiedGuest) => ({
  email: guest.email,
  phone: guest.phone.slice(2),
  verificationToken: guest.verificationToken,
});

export const existingPatientForm = (guest: VerifiedGuest, overrides: Record<string, unknown> = {}) => ({
  patientStatus: 'existing',
  firstName: 'Margaret',
  lastName: 'Sullivan',
  dateOfBirth: '04/12/1979',
  ...verifiedContact(guest),
  address1: '1 Main Street',
  city: 'Lincoln',
  state: 'RI',
  zipCode: '02865',
  lastFourSSN: '4412',
  department: '1',
  membershipTier: '120_annual',
  hasMedicareInsurance: 'no',
  isGuardianSigning: false,
  ...overrides,
});

/** Registered by the enrollment; the street's ', Apt 3' and the lower-case state are normalised by the codec. */
export const newPatientForm = (guest: VerifiedGuest, overrides: Record<string, unknown> = {}) => ({
  patientStatus: 'new',
  firstName: 'Avery',
  lastName: 'Lindqvist',
  dateOfBirth: '1988-05-14',
  ...verifiedContact(guest),
  address1: '12 Elm Street, Apt 3',
  city: 'Lincoln',
  state: 'ri',
  zipCode: '02865',
  fullSSN: '900-99-0417',
  sex: 'F',
  emergencyContactName: 'Sam Lindqvist',
  emergencyContactPhone: '(401) 555-0123',
  contactrelationship: 'SPOUSE',
  department: '1',
  preferredProvider: '15',
  membershipTier: '70_biannual',
  hasMedicareInsurance: 'no',
  isGuardianSigning: false,
  ...overrides,
});
