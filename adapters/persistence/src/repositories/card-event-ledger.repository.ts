/** The ledger of handled Stripe events and one-time notices (`card_events`); `record` is an insert that ignores a repeat. */
import type { Knex } from 'knex';
import type { CardEventLedger } from '@portal/core';
import { CardEventModel } from '../models/index.ts';

export class PostgresCardEventLedger implements CardEventLedger {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async has(id: string): Promise<boolean> {
    return (await CardEventModel.query(this.#knex).findById(id)) !== undefined;
  }

  async record(entry: { readonly id: string; readonly type: string; readonly objectId: string }): Promise<boolean> {
    // An upsert that does nothing on a repeat reads plainest in the query builder.
    const inserted = await this.#knex('card_events').insert(entry).onConflict('id').ignore().returning('id');
    return inserted.length === 1;
  }
}
