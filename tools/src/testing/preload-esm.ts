/**
 * Loads `jose` (ESM only) before a test file's own imports. firebase-admin (CommonJS) require()s
 * it too; if that require ran while the test's ESM graph was still linking jose, jest would refuse
 * it as a require cycle. Plain Node has no such problem: this is jest's module registry only.
 */
await import('jose');

/**
 * Installs the repository's practice configuration (config/practice.json) in core, as the API and
 * the worker do at start-up (apps/composition readPracticeConfig), so location details read in
 * tests are the practice's.
 */
{
  const { readFileSync } = await import('node:fs');
  const { configurePractice, parsePracticeConfig } = await import('@portal/core');
  const file = new URL('../../../config/practice.json', import.meta.url);
  configurePractice(parsePracticeConfig(JSON.parse(readFileSync(file, 'utf8')), file.pathname));
}

/**
 * Outside webpack, message catalogs arrive as ICU source (the build compiles them): give every
 * micro-frontend's messages Lingui's compiler (decision 0057).
 */
{
  const { compileMessage } = await import('@lingui/message-utils/compileMessage');
  const { setCatalogCompiler } = await import('@portal/i18n/messages.ts');
  setCatalogCompiler(compileMessage);
}
