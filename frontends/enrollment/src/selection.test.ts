import { describe, expect, it } from '@jest/globals';
import { SELECTION_KEY, parseSelection } from './selection.ts';

const selection = {
  sessionPatientId: 'p1',
  practiceLocation: '2',
  contactId: 'p2',
  contactType: 'caregiver',
  contactName: 'Sam Doe',
  hasMedicareInsurance: 'no',
};

describe('stored selection', () => {
  it('is a portal key that a patient switch drops', () => {
    expect(SELECTION_KEY.startsWith('portal:')).toBe(true);
    expect(SELECTION_KEY).toContain('enrollment');
  });

  it("is read back for the same session's patient only", () => {
    expect(parseSelection(JSON.stringify(selection), 'p1')).toEqual(selection);
    expect(parseSelection(JSON.stringify(selection), 'p9')).toBeNull();
    expect(parseSelection(JSON.stringify(selection), null)).toBeNull();
  });

  it('ignores malformed values', () => {
    expect(parseSelection(null, 'p1')).toBeNull();
    expect(parseSelection('{', 'p1')).toBeNull();
    expect(parseSelection('"text"', 'p1')).toBeNull();
    expect(parseSelection(JSON.stringify({ ...selection, contactId: 5 }), 'p1')).toBeNull();
    expect(parseSelection(JSON.stringify({ ...selection, practiceLocation: '' }), 'p1')).toBeNull();
  });
});
