/**
 * JSON Schema helpers shared by the provider schemas: closed objects (an undocumented field
 * fails), one ajv 8 instance, and a count of the fields an answer carried.
 */
import { Ajv, type ValidateFunction } from 'ajv';

export type Schema = Readonly<Record<string, unknown>>;

/** An object whose fields are exactly the documented ones (`additionalProperties: false`). */
export const closed = (properties: Readonly<Record<string, Schema>>, required: readonly string[]): Schema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

const ajv = new Ajv({ allErrors: true, strict: false });
const compiled = new WeakMap<Schema, ValidateFunction>();

/** The problems of `value` against `schema` ("/path message"), none when it is valid. */
export const problems = (schema: Schema, value: unknown): string[] => {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(schema as object);
    compiled.set(schema, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) =>
    error.keyword === 'additionalProperties'
      ? `${error.instancePath || '/'} has an undocumented field "${String((error.params as { additionalProperty?: string }).additionalProperty)}"`
      : `${error.instancePath || '/'} ${error.message ?? error.keyword}`,
  );
};

/** How many fields (object members, at every depth) a JSON value holds: what a check looked at. */
export const fieldCount = (value: unknown): number => {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + fieldCount(item), 0);
  if (value !== null && typeof value === 'object') return Object.values(value).reduce((sum: number, item) => sum + 1 + fieldCount(item), 0);
  return 0;
};
