import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Contact } from '@portal/contracts';
import {
  alreadyEnrolled,
  MEDICARE_OPTIONS,
  canContinue,
  contactSessionUpdate,
  contactView,
  initialContactId,
  locationFormError,
  medicareSessionUpdate,
  needsOfficeEnrollment,
  practiceLocationName,
} from './location-form.ts';
import { messages } from './i18n.ts';

beforeAll(() => messages.load('en-US'));

const me: Contact = { id: 'p1', type: 'patient', displayName: 'Jane Doe', displayEmail: 'jane@example.org', isCurrentPatient: true, relationship: null };
const child: Contact = { id: 'p2', type: 'caregiver', displayName: 'Sam Doe', displayEmail: null, isCurrentPatient: false, relationship: 'Child' };

describe('practice location form', () => {
  it('preselects the only contact, nobody otherwise', () => {
    expect(initialContactId([me])).toBe('p1');
    expect(initialContactId([me, child])).toBe('');
    expect(initialContactId([])).toBe('');
  });

  it('enables Continue once a location and a known contact are chosen, never for Medicaid', () => {
    expect(canContinue({ practiceLocation: '', contactId: 'p1', hasMedicareInsurance: '' }, [me])).toBe(false);
    expect(canContinue({ practiceLocation: '2', contactId: '', hasMedicareInsurance: '' }, [me])).toBe(false);
    expect(canContinue({ practiceLocation: '2', contactId: 'zz', hasMedicareInsurance: '' }, [me])).toBe(false);
    expect(canContinue({ practiceLocation: '3', contactId: 'p1', hasMedicareInsurance: '' }, [me])).toBe(false);
    expect(canContinue({ practiceLocation: '2', contactId: 'p1', hasMedicareInsurance: '' }, [me])).toBe(true);
    expect(canContinue({ practiceLocation: '8', contactId: 'p1', hasMedicareInsurance: 'both' }, [me])).toBe(false);
  });

  it('names the first problem in screen order', () => {
    expect(locationFormError({ practiceLocation: '', contactId: '', hasMedicareInsurance: '' }, [me])?.message).toBe('Please select a practice location');
    expect(locationFormError({ practiceLocation: '1', contactId: '', hasMedicareInsurance: '' }, [me])?.message).toBe(
      'Medicare/Medicaid participation required',
    );
    expect(locationFormError({ practiceLocation: '1', contactId: '', hasMedicareInsurance: 'medicaid' }, [me])?.message).toBe(
      'Medicaid participants must complete enrollment by calling or visiting our office during business hours.',
    );
    expect(locationFormError({ practiceLocation: '1', contactId: '', hasMedicareInsurance: 'no' }, [me])).toEqual({
      field: 'contactId',
      message: 'Please select who this enrollment is for',
    });
    expect(locationFormError({ practiceLocation: '1', contactId: 'p1', hasMedicareInsurance: 'medicare' }, [me])).toBeNull();
  });

  it('offers the four Medicare/Medicaid answers and sends Medicaid to the office', () => {
    expect(MEDICARE_OPTIONS.map((option) => option.value)).toEqual(['no', 'medicare', 'medicaid', 'both']);
    expect(MEDICARE_OPTIONS.filter((option) => needsOfficeEnrollment(option.value)).map((option) => option.value)).toEqual(['medicaid', 'both']);
  });

  it('builds the two update-session bodies', () => {
    expect(contactSessionUpdate('8', child)).toEqual({ practiceLocation: '8', workflowType: 'enrollment', selectedContactId: 'p2', selectedContactType: 'caregiver' });
    expect(medicareSessionUpdate('8', 'no')).toEqual({ practiceLocation: '8', workflowType: 'enrollment', hasMedicareInsurance: 'no' });
  });

  it('names the practice locations', () => {
    expect(practiceLocationName('8')).toBe('Cherry Hill Medical');
    expect(practiceLocationName('5')).toBe('Unknown Location');
  });

  it('shows the relationship only for caregivers', () => {
    expect(contactView(me)).toEqual({ name: 'Jane Doe', isYou: true, relationship: null, email: 'jane@example.org' });
    expect(contactView(child)).toEqual({ name: 'Sam Doe', isYou: false, relationship: 'Child', email: null });
    expect(contactView({ ...me, type: 'patient', relationship: 'Self' }).relationship).toBeNull();
  });
});

describe("alreadyEnrolled (the location step's 'Already Enrolled')", () => {
  const contacts = [
    { id: '5101', isCurrentPatient: true },
    { id: '5104', isCurrentPatient: false },
  ];
  it("is true when the session's own patient is chosen and the membership is active", () => {
    expect(alreadyEnrolled('5101', contacts, { hasActiveSubscription: true })).toBe(true);
  });
  it('is false for another contact (the server checks on the tier step), without a membership, or while the status is unknown', () => {
    expect(alreadyEnrolled('5104', contacts, { hasActiveSubscription: true })).toBe(false);
    expect(alreadyEnrolled('5101', contacts, { hasActiveSubscription: false })).toBe(false);
    expect(alreadyEnrolled('5101', contacts, undefined)).toBe(false);
    expect(alreadyEnrolled('', contacts, { hasActiveSubscription: true })).toBe(false);
  });
});
