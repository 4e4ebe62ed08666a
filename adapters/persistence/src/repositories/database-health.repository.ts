import type { Knex } from 'knex';
import type { DatabaseHealth } from '@portal/core';

export class PostgresHealth implements DatabaseHealth {
  readonly #knex: Knex;

  constructor(knex: Knex) {
    this.#knex = knex;
  }

  async ping(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const roundTrip = this.#knex
      .raw('select 1 as ok')
      .then(() => true)
      .catch(() => false);
    try {
      return await Promise.race([roundTrip, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
