import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import chromeEn from './messages/en.json' with { type: 'json' };
import lazyEn from '../messages/en.json' with { type: 'json' };
import { CHROME_STATIC_TEXT_IDS, LAZY_STATIC_TEXT_IDS } from './static-texts.ts';
import { formatText } from './chrome-format.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const page = readFileSync(path.join(here, '..', 'index.html'), 'utf8');

describe("index.html's texts for the API's Spanish first paint (issue 26)", () => {
  it('marks exactly the declared ids, each with its catalog English', () => {
    const marked = [...page.matchAll(/data-i18n(?:-([a-z-]+))?="([^"]+)"/g)].map((match) => match[2]!);
    expect([...new Set(marked)].sort()).toEqual([...CHROME_STATIC_TEXT_IDS, ...LAZY_STATIC_TEXT_IDS].sort());
    const english = { ...chromeEn, ...lazyEn } as Record<string, string>;
    for (const id of LAZY_STATIC_TEXT_IDS) expect(page.replace(/\s+/g, ' ')).toContain(english[id]);
    expect(page).toContain(`aria-label="${formatText(chromeEn['header.home'], { practice: 'MDRI Primary Care', title: chromeEn['header.defaultTitle'] })}"`);
  });

  it('no id is in both shell catalogs', () => {
    expect(Object.keys(chromeEn).filter((id) => id in lazyEn)).toEqual([]);
  });
});
