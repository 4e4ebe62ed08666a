/**
 * Loads `jose` (ESM only) before a test file's own imports. firebase-admin (CommonJS) require()s
 * it too; if that require ran while the test's ESM graph was still linking jose, jest would refuse
 * it as a require cycle. Plain Node has no such problem: this is jest's module registry only.
 */
await import('jose');
