/**
 * What the practice location step chose, kept in sessionStorage for the tier step: the session
 * answer does not carry the chosen contact. The key holds 'enrollment', so a patient switch or a
 * session cleanup drops it; it also records whose session chose it and is ignored under another.
 */
import { PORTAL_KEY_PREFIX } from '@portal/client';

export const SELECTION_KEY = `${PORTAL_KEY_PREFIX}enrollment-selection`;

export interface EnrollmentSelection {
  /** The session's patient when the choice was made. */
  readonly sessionPatientId: string;
  readonly practiceLocation: string;
  readonly contactId: string;
  readonly contactType: string;
  readonly contactName: string;
  readonly hasMedicareInsurance: string;
}

const FIELDS = ['sessionPatientId', 'practiceLocation', 'contactId', 'contactType', 'contactName', 'hasMedicareInsurance'] as const;

/** The stored selection when it is well-formed and belongs to this session's patient, else null. */
export const parseSelection = (raw: string | null | undefined, sessionPatientId: string | null | undefined): EnrollmentSelection | null => {
  if (!raw || !sessionPatientId) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const record = parsed as Record<string, unknown>;
  if (!FIELDS.every((field) => typeof record[field] === 'string')) return null;
  const selection = Object.fromEntries(FIELDS.map((field) => [field, record[field] as string])) as unknown as EnrollmentSelection;
  if (selection.sessionPatientId !== sessionPatientId || selection.practiceLocation === '' || selection.contactId === '') return null;
  return selection;
};

const store = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

export const readSelection = (sessionPatientId: string | null | undefined): EnrollmentSelection | null => {
  try {
    return parseSelection(store()?.getItem(SELECTION_KEY), sessionPatientId);
  } catch {
    return null;
  }
};

export const saveSelection = (selection: EnrollmentSelection): void => {
  try {
    store()?.setItem(SELECTION_KEY, JSON.stringify(selection));
  } catch {
    // Blocked storage: the tier step then asks to choose again.
  }
};
