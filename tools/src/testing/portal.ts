/** The whole portal for a browser test: its own database, the API on a free port, the built frontends. */
import { startApi, type RunningApi } from '@portal/api';
import { capturingLogger } from '../../../apps/api/src/testing.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestPortal {
  readonly url: string;
  readonly db: TestDatabase;
  readonly api: RunningApi;
  logs(): string[];
  close(): Promise<void>;
}

export const startTestPortal = async (env: NodeJS.ProcessEnv = {}): Promise<TestPortal> => {
  const db = await createTestDatabase();
  const { logger, lines } = capturingLogger();
  const api = await startApi({ databaseUrl: db.url, port: 0, env: { LOG_LEVEL: 'info', ...env }, logger });
  return {
    url: api.url,
    db,
    api,
    logs: lines,
    close: async () => {
      await api.close();
      await db.drop();
    },
  };
};
