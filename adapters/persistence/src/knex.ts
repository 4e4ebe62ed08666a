/** The one knex instance of a process, wired to PostgreSQL with the spec's camelCase columns. */
import knexFactory, { type Knex } from 'knex';

export interface KnexOptions {
  readonly url: string;
  readonly poolMax?: number;
}

export const createKnex = ({ url, poolMax = 10 }: KnexOptions): Knex =>
  knexFactory({
    client: 'pg',
    connection: url,
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10_000,
    // knex also prints pool errors to the console, with connection details; every such error
    // already reaches the caller as a rejected promise, which is where it is handled and logged.
    log: { warn: () => {}, error: () => {}, deprecate: () => {}, debug: () => {} },
  });
