import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createKnex } from './knex.ts';
import { DatabaseInUseError, startEmbeddedPostgres } from './database.ts';

// Its own data folder and port, apart from the run's shared server.
const dataDir = path.resolve('.data/test-embedded-restart');
const port = 54331;

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('keeps data across a stop and a start, and refuses a second server on the same folder', async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const first = await startEmbeddedPostgres({ dataDir, port });
    try {
      const knex = createKnex({ url: first.url, poolMax: 1 });
      await knex.raw('create table kept (value text)');
      await knex('kept').insert({ value: 'still here' });
      await knex.destroy();

      await expect(startEmbeddedPostgres({ dataDir, port: port + 1 })).rejects.toThrow(DatabaseInUseError);
      await expect(startEmbeddedPostgres({ dataDir, port: port + 1 })).rejects.toThrow(/already in use by another process/);
    } finally {
      await first.stop();
    }

    const second = await startEmbeddedPostgres({ dataDir, port });
    try {
      const knex = createKnex({ url: second.url, poolMax: 1 });
      const rows = await knex('kept').select('value');
      await knex.destroy();
      expect(rows).toEqual([{ value: 'still here' }]);
    } finally {
      await second.stop();
    }
  }, 30_000);
});
