/**
 * Rows → athenahealth JSON. As athenahealth does, ids on patient and booked-appointment records
 * are strings, open slots carry numbers, and a field with no value is left out rather than null.
 */
import type { Context } from 'koa';
import { appointmentTypeById, CANCEL_REASONS } from '../seed/practice.ts';
import { badRequest } from './errors.ts';

export interface PatientRow {
  readonly patientid: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly dob: string;
  readonly sex: string;
  readonly email: string | null;
  readonly mobilephone: string | null;
  readonly homephone: string | null;
  readonly address1: string | null;
  readonly address2: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly zip: string | null;
  readonly primarydepartmentid: string;
  readonly primaryproviderid: string | null;
  readonly status: string;
  readonly portalaccount: boolean;
  readonly note: string;
}

export interface CustomFieldRow {
  readonly patientid: number;
  readonly customfieldid: string;
  readonly customfieldvalue: string | null;
  readonly optionid: string | null;
}

export interface AppointmentRow {
  readonly appointmentid: string;
  readonly day: string;
  readonly date: string;
  readonly starttime: string;
  readonly starts_at: Date;
  readonly duration: number;
  readonly departmentid: string;
  readonly providerid: number;
  readonly appointmenttypeid: string;
  readonly status: 'o' | 'f' | 'x';
  readonly patientid: number | null;
  readonly bookingnote: string | null;
  readonly booked_at: Date | null;
  readonly cancelled_at: Date | null;
  readonly appointmentcancelreasonid: string | null;
  readonly cancellationreason: string | null;
  readonly rescheduledappointmentid: string | null;
}

const present = <T extends Record<string, unknown>>(record: T): Partial<T> =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null && value !== undefined && value !== '')) as Partial<T>;

export const customFieldJson = (row: CustomFieldRow): Record<string, string> =>
  present({ customfieldid: row.customfieldid, customfieldvalue: row.customfieldvalue, optionid: row.optionid }) as Record<string, string>;

export const patientJson = (row: PatientRow, customfields?: readonly CustomFieldRow[]): Record<string, unknown> => ({
  ...present({
    patientid: String(row.patientid),
    firstname: row.firstname,
    lastname: row.lastname,
    dob: row.dob,
    sex: row.sex,
    email: row.email,
    mobilephone: row.mobilephone,
    homephone: row.homephone,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    primarydepartmentid: row.primarydepartmentid,
    departmentid: row.primarydepartmentid,
    primaryproviderid: row.primaryproviderid,
    status: row.status,
  }),
  emailexists: row.email !== null,
  portalaccessgiven: row.portalaccount,
  ...(customfields === undefined ? {} : { customfields: customfields.map(customFieldJson) }),
});

const typeName = (id: string): string => appointmentTypeById(id)?.name ?? 'Appointment';

/** GET /appointments/open item: numeric ids. */
export const openSlotJson = (row: AppointmentRow): Record<string, unknown> => ({
  appointmentid: Number(row.appointmentid),
  date: row.date,
  starttime: row.starttime,
  duration: row.duration,
  departmentid: Number(row.departmentid),
  providerid: row.providerid,
  appointmenttypeid: Number(row.appointmenttypeid),
  appointmenttype: typeName(row.appointmenttypeid),
  patientappointmenttypename: typeName(row.appointmenttypeid),
  frozen: false,
});

/** A booked or cancelled appointment: string ids, as in athenahealth's booking answers. */
export const appointmentJson = (row: AppointmentRow): Record<string, unknown> => ({
  appointmentid: String(row.appointmentid),
  appointmentstatus: row.status,
  ...(row.patientid === null ? {} : { patientid: String(row.patientid) }),
  date: row.date,
  starttime: row.starttime,
  duration: row.duration,
  departmentid: row.departmentid,
  providerid: String(row.providerid),
  appointmenttypeid: row.appointmenttypeid,
  appointmenttype: typeName(row.appointmenttypeid),
  patientappointmenttypename: typeName(row.appointmenttypeid),
  // athenahealth's output names (Appointment page): the reason's id and name, not the input's
  // `appointmentcancelreasonid` / `cancellationreason` (the free text is kept, not answered).
  ...present({
    cancelreasonid: row.appointmentcancelreasonid,
    cancelreasonname: CANCEL_REASONS.find((reason) => reason.appointmentcancelreasonid === row.appointmentcancelreasonid)?.name,
  }),
});

const DEFAULT_LIMIT = 1500;
const MAX_LIMIT = 5000;

export interface Page {
  readonly limit: number;
  readonly offset: number;
}

export const pageOf = (ctx: Context): Page => {
  const limitText = ctx.query.limit;
  const offsetText = ctx.query.offset;
  const limit = typeof limitText === 'string' && limitText !== '' ? Number(limitText) : DEFAULT_LIMIT;
  const offset = typeof offsetText === 'string' && offsetText !== '' ? Number(offsetText) : 0;
  if (!Number.isInteger(limit) || limit < 1) throw badRequest('limit must be a positive whole number.');
  if (!Number.isInteger(offset) || offset < 0) throw badRequest('offset must be a whole number, 0 or more.');
  return { limit: Math.min(limit, MAX_LIMIT), offset };
};

/** `{<collection>: [...], totalcount, next?, previous?}` for one page of `items`. */
export const listBody = <T>(ctx: Context, key: string, items: readonly T[], page: Page = pageOf(ctx)): Record<string, unknown> => {
  const slice = items.slice(page.offset, page.offset + page.limit);
  const link = (offset: number) => {
    const params = new URLSearchParams(ctx.querystring);
    params.set('offset', String(offset));
    params.set('limit', String(page.limit));
    return `${ctx.path}?${params.toString()}`;
  };
  return {
    [key]: slice,
    totalcount: items.length,
    ...(page.offset + page.limit < items.length ? { next: link(page.offset + page.limit) } : {}),
    ...(page.offset > 0 ? { previous: link(Math.max(0, page.offset - page.limit)) } : {}),
  };
};

/** One text field of a query or form body ('' when missing). */
export const field = (source: unknown, name: string): string => {
  const value = (source as Record<string, unknown> | undefined)?.[name];
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0].trim() : '';
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
};

export const requireField = (source: unknown, name: string): string => {
  const value = field(source, name);
  if (value === '') throw badRequest(`The ${name} field is required.`, `Missing ${name}`);
  return value;
};

export const flag = (source: unknown, name: string, fallback: boolean): boolean => {
  const value = field(source, name).toLowerCase();
  if (value === '') return fallback;
  return value === 'true' || value === '1' || value === 'y' || value === 'yes';
};

/** The sandbox's own base URL as the caller reached it (Koa 3's ctx.origin is the Origin header). */
export const baseUrl = (ctx: Context): string => `${ctx.protocol}://${ctx.host}`;
