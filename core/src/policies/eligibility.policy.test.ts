import { describe, it, expect } from '@jest/globals';
import * as E from 'fp-ts/lib/Either.js';
import {
  ageInYears,
  ageOn,
  checkEligibility,
  isOldEnoughToEnroll,
  requiresOfficeEnrollment,
} from './eligibility.policy.ts';

const at = (iso: string): Date => new Date(iso);

const OFFICE = {
  code: 'ENROLLMENT.OFFICE_ENROLLMENT_REQUIRED',
  title: 'Office Enrollment Required',
  message: 'Medicaid participants must complete enrollment by calling or visiting our office during business hours.',
};
const TOO_YOUNG = {
  code: 'ENROLLMENT.AGE_REQUIREMENT_NOT_MET',
  title: 'Age Requirement Not Met',
  message: 'Enrollment is currently only open to patients aged 27 and older.',
};

describe('ageOn', () => {
  it('counts whole years; the birthday itself counts', () => {
    const dob = { year: 1999, month: 3, day: 9 };
    expect(ageOn(dob, { year: 2026, month: 3, day: 8 })).toBe(26);
    expect(ageOn(dob, { year: 2026, month: 3, day: 9 })).toBe(27);
    expect(ageOn(dob, { year: 2026, month: 12, day: 31 })).toBe(27);
    expect(ageOn(dob, { year: 2027, month: 1, day: 1 })).toBe(27);
  });

  it('29 February: in a common year the birthday is reached on 1 March', () => {
    const dob = { year: 2000, month: 2, day: 29 };
    expect(ageOn(dob, { year: 2027, month: 2, day: 28 })).toBe(26);
    expect(ageOn(dob, { year: 2027, month: 3, day: 1 })).toBe(27);
  });

  it('29 February: in a leap year the birthday is on 29 February', () => {
    const dob = { year: 1996, month: 2, day: 29 };
    expect(ageOn(dob, { year: 2024, month: 2, day: 28 })).toBe(27);
    expect(ageOn(dob, { year: 2024, month: 2, day: 29 })).toBe(28);
  });

  it('is 0 on the day of birth', () => {
    expect(ageOn({ year: 2026, month: 3, day: 9 }, { year: 2026, month: 3, day: 9 })).toBe(0);
  });
});

describe('ageInYears (practice calendar)', () => {
  it('uses the New York date: 2026-03-10T03:30Z is still 9 March there', () => {
    const now = at('2026-03-10T03:30:00Z');
    expect(ageInYears('1999-03-10', now)).toEqual(E.right(26));
    // The same instant on the UTC calendar is already the birthday.
    expect(ageInYears('1999-03-10', now, 'UTC')).toEqual(E.right(27));
    // Midnight in New York (EDT, UTC-4) makes it the birthday.
    expect(ageInYears('1999-03-10', at('2026-03-10T04:00:00Z'))).toEqual(E.right(27));
    expect(ageInYears('1999-03-10', at('2026-03-10T03:59:59.999Z'))).toEqual(E.right(26));
  });

  it('uses the New York date in winter (UTC-5)', () => {
    expect(ageInYears('1999-01-15', at('2026-01-15T04:59:00Z'))).toEqual(E.right(26));
    expect(ageInYears('1999-01-15', at('2026-01-15T05:00:00Z'))).toEqual(E.right(27));
  });

  it('reads MM/DD/YYYY the same as YYYY-MM-DD', () => {
    const now = at('2026-06-01T12:00:00Z');
    expect(ageInYears('03/10/1999', now)).toEqual(E.right(27));
    expect(ageInYears('1999-03-10', now)).toEqual(E.right(27));
    expect(ageInYears('12/31/1999', now)).toEqual(E.right(26));
  });

  it('29 February birthday in a non-leap year turns at New York midnight of 1 March', () => {
    expect(ageInYears('02/29/2000', at('2027-03-01T04:59:00Z'))).toEqual(E.right(26));
    expect(ageInYears('02/29/2000', at('2027-03-01T05:00:00Z'))).toEqual(E.right(27));
  });

  it('requires a date of birth', () => {
    for (const empty of ['', '   ']) {
      expect(ageInYears(empty, at('2026-06-01T12:00:00Z'))).toEqual(
        E.left({ code: 'ENROLLMENT.DATE_OF_BIRTH_REQUIRED', message: 'Date of birth is required' }),
      );
    }
  });

  it.each(['1999-02-29', '02/30/1990', '13/01/1990', '1990/01/01', '1-2-1990', 'yesterday', '19900101'])(
    'rejects the malformed or impossible date %p',
    (dob) => {
      expect(ageInYears(dob, at('2026-06-01T12:00:00Z'))).toEqual(
        E.left({
          code: 'ENROLLMENT.INVALID_DATE_OF_BIRTH',
          title: 'Invalid Date of Birth',
          message: 'Please enter a valid date of birth (MM/DD/YYYY).',
        }),
      );
    },
  );

  it('rejects a date of birth after today in New York, even when it is today in UTC', () => {
    const now = at('2026-03-10T03:30:00Z');
    const future = E.left({
      code: 'ENROLLMENT.INVALID_DATE_OF_BIRTH',
      title: 'Invalid Date of Birth',
      message: 'Date of birth cannot be in the future.',
    });
    expect(ageInYears('2026-03-10', now)).toEqual(future);
    expect(ageInYears('01/01/2030', now)).toEqual(future);
    expect(ageInYears('2026-03-09', now)).toEqual(E.right(0));
  });
});

describe('checkEligibility', () => {
  const now = at('2026-03-09T16:00:00Z');

  it('turning 27 today is eligible; 27 tomorrow is not', () => {
    expect(checkEligibility({ dateOfBirth: '1999-03-09', hasMedicareInsurance: 'no' }, now)).toEqual(E.right({ age: 27 }));
    expect(checkEligibility({ dateOfBirth: '1999-03-10', hasMedicareInsurance: 'no' }, now)).toEqual(E.left(TOO_YOUNG));
  });

  it('accepts older patients and Medicare-only or unanswered insurance', () => {
    expect(checkEligibility({ dateOfBirth: '01/02/1950', hasMedicareInsurance: 'medicare' }, now)).toEqual(E.right({ age: 76 }));
    expect(checkEligibility({ dateOfBirth: '01/02/1950' }, now)).toEqual(E.right({ age: 76 }));
    expect(checkEligibility({ dateOfBirth: '01/02/1950', hasMedicareInsurance: null }, now)).toEqual(E.right({ age: 76 }));
  });

  it.each(['medicaid', 'both'])('sends %s participants to the office', (hasMedicareInsurance) => {
    expect(checkEligibility({ dateOfBirth: '1980-05-05', hasMedicareInsurance }, now)).toEqual(E.left(OFFICE));
  });

  it('reports age before Medicaid when both fail (the office cannot enroll them either)', () => {
    expect(checkEligibility({ dateOfBirth: '2005-05-05', hasMedicareInsurance: 'medicaid' }, now)).toEqual(E.left(TOO_YOUNG));
  });

  it('reports an invalid date before anything else', () => {
    const result = checkEligibility({ dateOfBirth: '02/31/1980', hasMedicareInsurance: 'medicaid' }, now);
    expect(E.isLeft(result) && result.left.code).toBe('ENROLLMENT.INVALID_DATE_OF_BIRTH');
  });

  it('uses the practice calendar at a UTC midnight', () => {
    // 03:30Z on 10 March is 23:30 on 9 March in New York: the 27th birthday has not come yet.
    expect(checkEligibility({ dateOfBirth: '03/10/1999', hasMedicareInsurance: 'no' }, at('2026-03-10T03:30:00Z'))).toEqual(
      E.left(TOO_YOUNG),
    );
    expect(checkEligibility({ dateOfBirth: '03/10/1999', hasMedicareInsurance: 'no' }, at('2026-03-10T04:00:00Z'))).toEqual(
      E.right({ age: 27 }),
    );
  });
});

describe('helpers', () => {
  it('requiresOfficeEnrollment only for medicaid and both', () => {
    expect(['no', 'medicare', 'medicaid', 'both', '', undefined, null].map(requiresOfficeEnrollment)).toEqual([
      false,
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('isOldEnoughToEnroll at 27 and over', () => {
    expect([26, 27, 28].map(isOldEnoughToEnroll)).toEqual([false, true, true]);
  });
});
