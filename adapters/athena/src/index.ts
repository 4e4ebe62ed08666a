/**
 * @portal/athena: the HealthRecord and PatientLogin ports over athenahealth (or the provider
 * sandbox, which speaks the same wire: docs/design/athena-wire.md).
 */
export { AthenaHealthRecord } from './athena-health-record.adapter.ts';
/** The ports' shapes (core's), for callers that import them from here. */
export type { AdminDocumentInput, ChartAdminDocument, CustomFieldUpdate, CustomFieldsUpdateResult, Appointment, AppointmentType, OpenSlot } from '@portal/core';
export { AthenaPatientLogin, ID_TOKEN_ALG, PATIENT_SCOPE, SMART_CONFIGURATION_PATH, isLoopbackHttp, proprietaryPatientId } from './athena-patient-login.adapter.ts';
export type { CodeExchange } from './athena-patient-login.adapter.ts';
export { AthenaHttpClient } from './athena-http.client.ts';
export type { AthenaRequest, AthenaFailure, AthenaMethod } from './athena-http.client.ts';
export {
  athenaConfigFromEnv,
  DEFAULT_PRACTICE_ID,
  SANDBOX_CLIENT_ID,
  SANDBOX_CLIENT_SECRET,
  SANDBOX_PATIENT_CLIENT_ID,
} from './athena.config.ts';
export type { AthenaConfig, AthenaEnvConfig, AthenaRequestEvent } from './athena.config.ts';
export { AthenaDecodeError, AthenaRejectedError } from './athena.errors.ts';
