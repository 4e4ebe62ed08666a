/** What the cluster's test files share: one cluster per file, its logs recorded for the LOGS suite. */
import createKnex from 'knex';
import { appendTestLog, recordDatabase } from '../src/testing/log-files.ts';
import { browserLike } from '../src/testing/sign-in.ts';
import type { Cluster } from './cluster.ts';

/** The API instances' and workers' JSON lines into the run's log folder (no-op outside `npm test`). */
export const recordClusterLogs = async (cluster: Cluster): Promise<void> => {
  const lines = [...cluster.apis.map((api) => api.process), ...cluster.workers.map((worker) => worker.process)].flatMap((proc) =>
    proc.lines().filter((line) => line.startsWith('{')),
  );
  appendTestLog('api.log.jsonl', lines);
  const knex = createKnex({ client: 'pg', connection: cluster.postgres.ownerUrl, pool: { min: 0, max: 1 } });
  try {
    await recordDatabase(knex);
  } finally {
    await knex.destroy();
  }
};

/**
 * A browser-like client of the portal (cookies for its origin) that also keeps every Set-Cookie
 * header as sent and, like a hostile client, claims another address in X-Forwarded-For.
 */
export const spoofingBrowser = (spoofedIp: string) => {
  const base = browserLike();
  const setCookies: string[] = [];
  return {
    jar: base.jar,
    setCookies,
    fetch: async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('X-Forwarded-For', spoofedIp);
      const response = await base.fetch(url, { ...init, headers });
      setCookies.push(...response.headers.getSetCookie());
      return response;
    },
  };
};
