// One jest, three projects: unit (pure, beside the code), int (real PostgreSQL), e2e (real Chromium).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2023',
    },
    module: { type: 'es6' },
  },
];

const common = {
  rootDir: '.',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  testEnvironment: 'node',
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.data/'],
  setupFilesAfterEnv: ['<rootDir>/tools/src/testing/preload-esm.ts'],
};

// A real PostgreSQL for the run (DATABASE_URL, else embedded); each test file makes its own database.
// Tests and hooks that start servers get 30 s instead of jest's 5 s (servers-timeout.ts).
const withDatabase = {
  globalSetup: '<rootDir>/tools/src/testing/global-setup.ts',
  globalTeardown: '<rootDir>/tools/src/testing/global-teardown.ts',
  setupFilesAfterEnv: [...common.setupFilesAfterEnv, '<rootDir>/tools/src/testing/servers-timeout.ts'],
};

export default {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/*.test.ts', '<rootDir>/**/*.test.tsx'],
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, '\\.int\\.test\\.ts$'],
    },
    { ...common, ...withDatabase, displayName: 'int', testMatch: ['<rootDir>/**/*.int.test.ts'] },
    {
      ...common,
      ...withDatabase,
      displayName: 'e2e',
      // Node's, plus the open pages' address, alerts and a screenshot when a test fails.
      testEnvironment: '<rootDir>/tools/src/testing/e2e-environment.mjs',
      testMatch: ['<rootDir>/**/*.e2e.ts'],
    },
  ],
};
