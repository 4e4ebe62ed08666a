// For the int and e2e projects: a test or hook that starts servers or drives a browser may wait
// seconds for a busy machine's two cores; a stuck one still fails within 30 s. Set here because
// jest-circus takes its default timeout from the global config only (a project's `testTimeout`
// is not read).
import { jest } from '@jest/globals';

jest.setTimeout(30_000);
