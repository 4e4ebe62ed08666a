/**
 * The phone field of the phone card (enrollment-and-payment §5 'Verification inputs'): shown as
 * (xxx) xxx-xxxx while typing a US number, as +digits for an international one; checked and
 * turned into E.164 (+1 and the 10 digits unless already international) by the contracts' codec.
 */
import { VerificationPhone } from '@portal/contracts';
import { formatPhone } from '@portal/ui';

const MAX_DIGITS = 15;

const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** True when the value is meant as an international number: typed with '+', or more than 10 digits. */
export const isInternational = (value: string): boolean => value.trim().startsWith('+') || digitsOf(value).length > 10;

/**
 * The field's text for what was typed: '4015' → '(401) 5', '4015550101' → '(401) 555-0101',
 * '+44 20 7946 0958' → '+442079460958'. At most 15 digits.
 */
export const formatPhoneAsTyped = (value: string): string => {
  const digits = digitsOf(value).slice(0, MAX_DIGITS);
  if (isInternational(value)) return digits.length > 0 || value.trim().startsWith('+') ? `+${digits}` : '';
  if (digits.length === 0) return '';
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
};

/**
 * The next field text after an edit. Deleting only a formatting character (the ')' or '-')
 * would leave the digits as they were and the formatter would put it straight back, so the digit
 * before it goes instead.
 */
export const nextPhoneInput = (previous: string, typed: string): string => {
  const removedOnlyFormatting = typed.length < previous.length && digitsOf(typed) === digitsOf(previous) && !isInternational(typed);
  if (removedOnlyFormatting) {
    const digits = digitsOf(typed);
    return formatPhoneAsTyped(digits.slice(0, -1));
  }
  return formatPhoneAsTyped(typed);
};

export type PhoneCheck = { readonly ok: true; readonly e164: string } | { readonly ok: false; readonly message: string };

/** The E.164 number to send, or the spec's message ('Phone number is required' ...). */
export const checkPhone = (value: string): PhoneCheck => {
  const result = VerificationPhone.decode(value);
  if (result._tag === 'Right') return { ok: true, e164: result.right };
  return { ok: false, message: result.left[0]?.message ?? 'Please enter a valid phone number' };
};

/** How a number is shown back to the user: '+14015550101' → '(401) 555-0101'; others as they are. */
export const displayPhone = (e164: string): string => {
  const formatted = formatPhone(e164);
  return formatted === e164 ? e164 : formatted;
};
