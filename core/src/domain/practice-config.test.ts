import { describe, expect, it } from '@jest/globals';
import { PRACTICE_LOCATIONS, configurePractice, practiceConfig } from './practice.ts';
import { PracticeConfigError, parsePracticeConfig, publicPracticeConfig } from './practice-config.ts';

const valid = {
  supportEmail: 'desk@practice.example',
  patientPortalUrl: 'https://1.portal.example/',
  membershipDetailsUrl: 'https://www.practice.example/membership',
  conciergeDoctors: ['Dr. A', 'Dr. B', 'Dr. C'],
  nurseLine: { phone: '4015550150', hours: 'Weekdays 8 to 5' },
  locations: [
    { id: '1', address1: '1 Main St', city: 'Lincoln', state: 'RI', zip: '02865', phone: '4015550101' },
    { id: '2', address1: '2 Post Rd', city: 'Warwick', state: 'RI', zip: '02888-1234', phone: '4015550102' },
    { id: '8', address1: '8 Hill Rd', city: 'Johnston', state: 'RI', zip: '02919', phone: '4015550108' },
  ],
};

describe('parsePracticeConfig', () => {
  it('reads a complete file', () => {
    expect(parsePracticeConfig(valid)).toEqual(valid);
  });

  it('names every problem at once: bad values, a missing department, an unknown key', () => {
    const bad = {
      ...valid,
      supportEmail: 'desk',
      patientPortalUrl: 'javascript:alert(1)',
      conciergeDoctors: [],
      nurseLine: { phone: '555-0150', hours: '' },
      locations: [valid.locations[0], { ...valid.locations[1], state: 'Rhode Island', zip: '2888' }, { ...valid.locations[0] }],
      nurseNumber: '4015550150',
    };
    let error: PracticeConfigError | null = null;
    try {
      parsePracticeConfig(bad, 'practice.json');
    } catch (caught) {
      error = caught as PracticeConfigError;
    }
    expect(error?.problems).toEqual([
      "unknown key 'nurseNumber'",
      'supportEmail must be an email address',
      'patientPortalUrl must be an http(s) URL',
      'conciergeDoctors must be a non-empty list of names',
      'nurseLine.phone must be 10 digits',
      'nurseLine.hours must be a non-empty text',
      'locations[1].state must be two capital letters',
      'locations[1].zip must be 5 digits or 5+4',
      "locations[2].id '1' is listed twice",
      "locations has no entry for department '8'",
    ]);
    expect(error?.message).toContain('practice.json');
  });

  it('refuses something that is not an object', () => {
    expect(() => parsePracticeConfig([])).toThrow(PracticeConfigError);
  });
});

describe('configurePractice', () => {
  it('fills in the locations every reader sees, and the public part leaves out the nurse line', () => {
    configurePractice(parsePracticeConfig(valid));
    expect(PRACTICE_LOCATIONS.find((location) => location.id === '2')).toEqual({ id: '2', name: 'Bay Primary Care', address1: '2 Post Rd', city: 'Warwick', state: 'RI', zip: '02888-1234', phone: '4015550102' });
    expect(practiceConfig().nurseLine.phone).toBe('4015550150');
    const served = publicPracticeConfig(practiceConfig());
    expect(JSON.stringify(served)).not.toContain('4015550150');
    expect(served.locations.map((location) => location.name)).toEqual(['Valley Family Practice', 'Bay Primary Care', 'Cherry Hill Medical']);
  });
});
