export * from './database.ts';
export * from './knex.ts';
export { migrateToLatest, migrationSource } from './migrations/index.ts';
export * from './models/index.ts';
export * from './repositories/audit-log.repository.ts';
export * from './repositories/database-health.repository.ts';
export * from './repositories/patient-session.repository.ts';
export * from './repositories/provider-cache.repository.ts';
export * from './repositories/app-secrets.repository.ts';
