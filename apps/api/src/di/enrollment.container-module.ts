/** Enrollment: the enrollments repository and the health record's custom-field writes. */
import { ContainerModule } from 'inversify';
import type { Knex } from 'knex';
import type { AthenaHealthRecord } from '@portal/athena';
import { KnexEnrollmentRepository } from '@portal/persistence';
import { TOKENS } from './tokens.ts';

export const enrollmentModule = () =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.EnrollmentRepository)
      .toDynamicValue((context) => new KnexEnrollmentRepository(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
    // The same adapter as HealthRecord, seen through the port with custom-field writes.
    bind(TOKENS.EnrollmentHealthRecord)
      .toDynamicValue((context) => context.get<AthenaHealthRecord>(TOKENS.HealthRecord))
      .inSingletonScope();
  });
