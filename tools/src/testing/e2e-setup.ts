// A browser step on two shared cores can take seconds; a stuck one still fails within 30 s.
import { jest } from '@jest/globals';

jest.setTimeout(30_000);
