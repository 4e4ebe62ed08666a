/** Display formatting shared by every micro-frontend. Pure functions, no React. */

const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** US national digits of a phone value: drops a leading country code 1 from 11 digits. */
const nationalDigits = (value: string): string => {
  const digits = digitsOf(value);
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
};

/** '4015550101' → '(401) 555-0101'. Values that are not 10 US digits are returned unchanged. */
export const formatPhone = (value: string): string => {
  const digits = nationalDigits(value);
  if (digits.length !== 10) return value;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
};

/** Formats a phone number as it is typed: '40155' → '(401) 55'. Keeps at most 10 digits. */
export const formatPhoneInput = (value: string): string => {
  const digits = digitsOf(value).slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
};

/** A tel: link for a US phone number: 'tel:+14015550101'. */
export const telHref = (value: string): string => {
  const digits = nationalDigits(value);
  return digits.length === 10 ? `tel:+1${digits}` : `tel:${digits}`;
};

/** '028651234' → '02865-1234'; 5 digits stay as they are. Keeps at most 9 digits. */
export const formatZip = (value: string): string => {
  const digits = digitsOf(value).slice(0, 9);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
};

const pad2 = (value: number): string => String(value).padStart(2, '0');

/** A date as the portal shows it, 'MM/DD/YYYY', from 'M/D/YYYY' or 'YYYY-MM-DD'; anything else as it came. */
export const formatUsDate = (value: string): string => {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (us) return `${pad2(Number(us[1]))}/${pad2(Number(us[2]))}/${us[3]}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (iso) return `${iso[2]}/${iso[3]}/${iso[1]}`;
  return value;
};

/** '14:05' → '2:05 PM', '00:30' → '12:30 AM', '12:00' → '12:00 PM'. Not a time: as it came. */
export const formatTime12h = (value: string): string => {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!match || Number(match[1]) > 23) return value;
  const hours = Number(match[1]);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
};
