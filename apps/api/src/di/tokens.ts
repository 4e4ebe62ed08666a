/** Service identifiers of the composition root. Core classes stay free of Inversify. */
import type { Knex } from 'knex';
import type { AuditLog, DatabaseHealth } from '@portal/core';
import type { AppConfig } from '../config.ts';
import type { Logger } from '../logger.ts';

const token = <T>(name: string) => Symbol.for(`portal.${name}`) as symbol & { readonly __type?: T };

export const TOKENS = {
  Config: token<AppConfig>('Config'),
  Logger: token<Logger>('Logger'),
  Knex: token<Knex>('Knex'),
  Clock: token<{ now(): Date }>('Clock'),
  AuditLog: token<AuditLog>('AuditLog'),
  DatabaseHealth: token<DatabaseHealth>('DatabaseHealth'),
} as const;
