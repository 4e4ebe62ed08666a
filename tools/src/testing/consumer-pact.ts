/**
 * A Pact consumer for an adapter's contract tests, writing contracts/pacts/{consumer}-{provider}.json.
 * Pact merges interactions into its file as each test runs, and the sandbox's verification may read
 * the contract in the same jest run: so the file is written in a work folder beside the real one
 * and moved into place whole (a rename) after the file's tests.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from '@jest/globals';
import { PactV4 } from '@pact-foundation/pact';

export const PACT_DIR = fileURLToPath(new URL('../../../contracts/pacts/', import.meta.url));

export const consumerPact = (consumer: string, provider: string): PactV4 => {
  const workDir = path.join(PACT_DIR, `.tmp-${provider}-${process.pid}`);
  const fileName = `${consumer}-${provider}.json`;
  beforeAll(() => {
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
  });
  afterAll(() => {
    renameSync(path.join(workDir, fileName), path.join(PACT_DIR, fileName));
    rmSync(workDir, { recursive: true, force: true });
  });
  return new PactV4({ consumer, provider, dir: workDir, logLevel: 'warn' });
};
