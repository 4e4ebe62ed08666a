/** The sandbox's handle on its schema: every query goes through `table()`, which names the schema. */
import type { Knex } from 'knex';

export interface Db {
  readonly knex: Knex;
  readonly schema: string;
  /** A query on one of the sandbox's tables, in `trx` when given. */
  table(name: string, trx?: Knex | Knex.Transaction): Knex.QueryBuilder;
  /** A schema-qualified, quoted name for raw SQL: "provider_sandbox"."appointments". */
  qualified(name: string): string;
}

export const createDb = (knex: Knex, schema: string): Db => ({
  knex,
  schema,
  table: (name, trx) => (trx ?? knex).withSchema(schema).table(name),
  qualified: (name) => `"${schema}"."${name}"`,
});
