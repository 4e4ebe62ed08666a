/**
 * The catalog check (issue 26): every message of every patient-facing package exists in English
 * and Spanish, parses as ICU MessageFormat, has the same placeholders in both, and is used by
 * its package's code. The build compiles the same catalogs (tools/webpack/icu-catalog-loader.cjs).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { catalogPairs, placeholdersOf, sourceFiles } from './catalogs.ts';

const pairs = catalogPairs();
const PATIENT_FACING = ['frontends/shell', 'frontends/identity', 'frontends/enrollment', 'frontends/dashboard', 'frontends/booking', 'frontends/ui', 'frontends/client'];

describe('message catalogs', () => {
  it('reads placeholders through plurals and selects', () => {
    expect(placeholdersOf('{a} x {n, plural, one {# y {b}} other {z}} {s, select, m {q} other {r}}')).toEqual(['a', 'b', 'n', 's']);
    expect(placeholdersOf('Plain text')).toEqual([]);
  });

  it('exist for every patient-facing package', () => {
    expect(PATIENT_FACING.filter((pkg) => !pairs.some((pair) => pair.pkg === pkg))).toEqual([]);
  });

  it.each(pairs.map((pair) => [pair.dir, pair] as const))('%s: the same ids in English and Spanish', (_dir, pair) => {
    const en = Object.keys(pair.en).sort();
    const es = Object.keys(pair.es).sort();
    expect({ missingInSpanish: en.filter((id) => !(id in pair.es)), onlyInSpanish: es.filter((id) => !(id in pair.en)) }).toEqual({ missingInSpanish: [], onlyInSpanish: [] });
  });

  it.each(pairs.map((pair) => [pair.dir, pair] as const))('%s: valid ICU, the same placeholders, no empty or untranslated-looking text', (_dir, pair) => {
    const problems: string[] = [];
    for (const [id, english] of Object.entries(pair.en)) {
      const spanish = pair.es[id];
      if (typeof english !== 'string' || english.trim() === '') problems.push(`${id}: English is empty`);
      if (typeof spanish !== 'string' || spanish.trim() === '') {
        problems.push(`${id}: Spanish is empty`);
        continue;
      }
      try {
        compileMessage(english);
        compileMessage(spanish);
        const a = placeholdersOf(english).join(',');
        const b = placeholdersOf(spanish).join(',');
        if (a !== b) problems.push(`${id}: placeholders {${a}} in English, {${b}} in Spanish`);
        // Words left the same in both languages (outside the placeholders) were not translated.
        const words = english.replace(/\{[^{}]*\}/g, ' ').match(/[A-Za-z]{2,}/g) ?? [];
        if (spanish === english && words.length >= 2) problems.push(`${id}: the Spanish is the English`);
      } catch (error) {
        problems.push(`${id}: not ICU (${(error as Error).message})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(pairs.map((pair) => [pair.dir, pair] as const))('%s: every id is used by its package', (_dir, pair) => {
    const source = sourceFiles(pair.pkg)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = Object.keys(pair.en).filter((id) => {
      if (source.includes(`'${id}'`) || source.includes(`"${id}"`) || source.includes(`\`${id}\``)) return false;
      // Ids chosen at run time from a declared prefix: t(`apiError.${code}`).
      const parts = id.split('.');
      for (let end = parts.length - 1; end > 0; end -= 1) {
        const prefix = `${parts.slice(0, end).join('.')}.`;
        if (source.includes(`\`${prefix}\${`) || source.includes(`'${prefix}' +`)) return false;
      }
      return true;
    });
    expect(unused).toEqual([]);
  });
});
