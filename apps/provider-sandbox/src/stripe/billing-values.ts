/** The billing modules' shorthands: Obj (a stored Stripe object), rec/str for reading unknown values, listResponse. */
import { listObject } from './objects.ts';
import type { StripeObject } from './store.ts';

export type Obj = StripeObject;
export const rec = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
export const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export const listResponse = (data: readonly unknown[], url: string, hasMore = false): Record<string, unknown> => listObject(data, url, hasMore);
