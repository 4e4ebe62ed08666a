import { describe, expect, it } from '@jest/globals';
import { initialPatientForm, readOnlyFields, setCaregiver, setPatientText, validatePatientForm } from './patient-form.ts';

const guest = { email: 'carol@example.com', phone: '+14015550101' };

const filled = () => {
  let values = initialPatientForm(guest, '1');
  values = { ...values, firstName: 'Margaret', lastName: 'Sullivan', dateOfBirth: '1961-04-12' };
  values = setPatientText(values, 'zipCode', '02860');
  return setPatientText(values, 'lastFourSSN', '1234');
};

describe('the guest patient form', () => {
  it('starts with the verified email and phone (formatted), read-only', () => {
    const values = initialPatientForm(guest);
    expect(values).toMatchObject({ email: 'carol@example.com', phone: '(401) 555-0101', isGuardianSigning: false, patientStatus: 'existing' });
    expect([...readOnlyFields(values)].sort()).toEqual(['email', 'phone']);
  });

  it('formats as typed: phone (555) 123-4567, ZIP, last four digits only', () => {
    const values = initialPatientForm(guest);
    expect(setPatientText(values, 'guardianPhone', '5551234567').guardianPhone).toBe('(555) 123-4567');
    expect(setPatientText(values, 'zipCode', '028601234').zipCode).toBe('02860-1234');
    expect(setPatientText(values, 'lastFourSSN', '12a345').lastFourSSN).toBe('1234');
  });

  it('moves the verified email and phone to the caregiver when the box is checked, and back', () => {
    const checked = setCaregiver(filled(), true, guest);
    expect(checked).toMatchObject({ isGuardianSigning: true, guardianEmail: 'carol@example.com', guardianPhone: '(401) 555-0101', email: '', phone: '' });
    expect([...readOnlyFields(checked)].sort()).toEqual(['guardianEmail', 'guardianPhone']);
    const unchecked = setCaregiver(checked, false, guest);
    expect(unchecked).toMatchObject({ isGuardianSigning: false, guardianEmail: '', guardianPhone: '', email: 'carol@example.com', phone: '(401) 555-0101' });
  });

  it("gives the contracts' messages for missing fields", () => {
    const result = validatePatientForm(initialPatientForm(guest));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors['firstName']).toBe('First name is required');
    expect(result.errors['lastFourSSN']).toBe('Last 4 digits of SSN is required');
    expect(result.errors['department']).toBe('Please select a practice location');
    expect(result.order[0]).toBe('firstName');
  });

  it('requires the caregiver fields only with the box checked', () => {
    expect(validatePatientForm(filled()).ok).toBe(true);
    const caregiver = setCaregiver(filled(), true, guest);
    const result = validatePatientForm(caregiver);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors['guardianFirstName']).toBe('Guardian first name is required when signing as guardian');
  });

  it('sends the form without caregiver fields when not a caregiver', () => {
    const result = validatePatientForm(filled());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body).toMatchObject({ firstName: 'Margaret', lastName: 'Sullivan', zipCode: '02860', lastFourSSN: '1234', department: '1', isGuardianSigning: false });
    expect(result.body).not.toHaveProperty('guardianEmail');
  });
});
