/**
 * Chart filing of signed documents: the submissions and their job queue (graphile-worker, in the
 * same PostgreSQL). The worker (apps/worker) builds this same container and adds the upload task.
 */
import { ContainerModule } from 'inversify';
import type { Knex } from 'knex';
import { PostgresDocumentFiling } from '@portal/persistence';
import { SHARED_TOKENS as TOKENS } from './tokens.ts';

export const documentsModule = () =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.DocumentFiling)
      .toDynamicValue((context) => new PostgresDocumentFiling(context.get<Knex>(TOKENS.Knex)))
      .inSingletonScope();
  });
