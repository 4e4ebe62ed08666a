import { describe, expect, it } from '@jest/globals';
import {
  AppointmentTypesResponse,
  AvailabilityResponse,
  BookAppointmentRequest,
  BookAppointmentResponse,
  BookingConflictResponse,
  BookingLocationForm,
  BookingPatientForm,
  CancelAppointmentResponse,
  ProvidersResponse,
  RescheduleAppointmentRequest,
  RescheduleAppointmentResponse,
  UpcomingAppointmentsResponse,
} from './appointments.codecs.ts';
import { expectOnlyError, expectValid, without } from './test-support.ts';
import type { MessageCase } from './test-support.ts';

const slot = { providerId: '15', appointmentId: '9001', appointmentDate: '03/02/2026', appointmentTime: '09:30', appointmentTypeId: '5' };
const reschedule = { ...slot, existingAppointmentId: '8001', providerName: 'Dr. Smith' };

const patient = {
  firstName: 'Ann',
  lastName: 'Lee',
  dateOfBirth: '03/15/1980',
  email: 'ann@example.com',
  phone: '4015550101',
  zipCode: '02865',
  lastFourSSN: '1234',
  patientStatus: 'existing',
  department: '1',
};
const caregiver = {
  ...patient,
  isGuardianSigning: true,
  guardianFirstName: 'Cy',
  guardianLastName: 'Lee',
  guardianPhone: '4015550103',
  guardianEmail: 'cy@example.com',
  guardianRelationshipToPatient: 'authorized_representative',
};

describe('booking: one test per message (booking-dashboard-staff §5 and ours)', () => {
  const cases: ReadonlyArray<MessageCase> = [
    ['Practice location required - Please select a practice location to continue.', BookingLocationForm, {}, 'practiceLocation'],
    ['Provider is required', BookAppointmentRequest, without(slot, 'providerId'), 'providerId'],
    ['Appointment slot is required', BookAppointmentRequest, without(slot, 'appointmentId'), 'appointmentId'],
    ['Appointment date is required', BookAppointmentRequest, without(slot, 'appointmentDate'), 'appointmentDate'],
    ['Appointment date must be in MM/DD/YYYY format', BookAppointmentRequest, { ...slot, appointmentDate: '2026-03-02' }, 'appointmentDate'],
    ['Appointment time is required', BookAppointmentRequest, without(slot, 'appointmentTime'), 'appointmentTime'],
    ['Appointment time must be in HH:MM format', BookAppointmentRequest, { ...slot, appointmentTime: '9:30 AM' }, 'appointmentTime'],
    ['Appointment type is required', BookAppointmentRequest, without(slot, 'appointmentTypeId'), 'appointmentTypeId'],
    ['Existing appointment is required', RescheduleAppointmentRequest, without(reschedule, 'existingAppointmentId'), 'existingAppointmentId'],
    // Patient form: starred fields required, caregiver fields when checked, last four digits only
    ['First name is required', BookingPatientForm, without(patient, 'firstName'), 'firstName'],
    ['Last name is required', BookingPatientForm, without(patient, 'lastName'), 'lastName'],
    ['Date of birth is required', BookingPatientForm, without(patient, 'dateOfBirth'), 'dateOfBirth'],
    ['Email is required', BookingPatientForm, without(patient, 'email'), 'email'],
    ['Phone number is required', BookingPatientForm, without(patient, 'phone'), 'phone'],
    ['ZIP code is required', BookingPatientForm, without(patient, 'zipCode'), 'zipCode'],
    ['Last 4 digits of SSN is required', BookingPatientForm, without(patient, 'lastFourSSN'), 'lastFourSSN'],
    ['Last 4 digits of SSN must contain only numbers', BookingPatientForm, { ...patient, lastFourSSN: '12a4' }, 'lastFourSSN'],
    ['Patient status is required', BookingPatientForm, without(patient, 'patientStatus'), 'patientStatus'],
    ['Please select a practice location', BookingPatientForm, without(patient, 'department'), 'department'],
    [
      'Guardian first name is required when signing as guardian',
      BookingPatientForm,
      without(caregiver, 'guardianFirstName'),
      'guardianFirstName',
    ],
    [
      'Relationship to patient is required when signing as guardian',
      BookingPatientForm,
      without(caregiver, 'guardianRelationshipToPatient'),
      'guardianRelationshipToPatient',
    ],
  ];

  it.each(cases)('%s', (message, codec, input, field) => {
    expectOnlyError(codec, input, field, message);
  });

  it('last four SSN: at most 4 digits', () => {
    expectOnlyError(BookingPatientForm, { ...patient, lastFourSSN: '12345' }, 'lastFourSSN', 'Last 4 digits of SSN must be exactly 4 numbers');
  });
});

describe('booking requests: valid inputs', () => {
  it('POST /api/appointments/{id}/book', () => {
    expect(expectValid(BookAppointmentRequest, { ...slot, providerId: 15 })).toEqual(slot);
  });

  it('POST /api/appointments/{id}/reschedule', () => {
    expect(expectValid(RescheduleAppointmentRequest, reschedule)).toEqual(reschedule);
  });

  it('booking location form', () => {
    expect(expectValid(BookingLocationForm, { practiceLocation: '8' })).toEqual({ practiceLocation: '8' });
  });

  it('guest patient form, with and without a caregiver', () => {
    expect(expectValid(BookingPatientForm, { ...patient, guardianFirstName: 'dropped' })).toEqual({ ...patient, isGuardianSigning: false });
    const decoded = expectValid(BookingPatientForm, { ...caregiver, phone: '(401) 555-0101', guardianPhone: '(401) 555-0103' });
    expect(decoded).toMatchObject({ phone: '4015550101', guardianPhone: '4015550103', guardianRelationshipToPatient: 'authorized_representative' });
  });
});

describe('booking answers', () => {
  const existing = { appointmentId: '8001', date: '03/01/2026', starttime: '10:00', providername: 'Dr. Smith', appointmenttype: 'Office Visit' };
  it('decode what the API sends', () => {
    expectValid(ProvidersResponse, { providers: [{ id: '15', name: 'Smith', displayName: 'Dr. Smith', specialty: null }] });
    expectValid(AppointmentTypesResponse, { appointmentTypes: [{ id: '5', name: 'PHYS', displayName: 'Annual Physical' }] });
    expectValid(AvailabilityResponse, { slots: [{ appointmentId: '9001', date: '03/02/2026', time: '09:30' }] });
    expectValid(BookAppointmentResponse, { appointmentTypeName: 'Office Visit' });
    expectValid(BookingConflictResponse, { existingAppointments: [existing] });
    expectValid(RescheduleAppointmentResponse, { message: 'Rescheduled', appointmentTypeName: null });
    expectValid(CancelAppointmentResponse, { success: true, message: 'Cancelled' });
    expectValid(UpcomingAppointmentsResponse, {
      success: true,
      appointments: [{ appointmentId: '8001', date: '03/01/2026', startTime: '10:00', departmentId: '1', providerId: '15' }],
    });
  });
});
