/**
 * Who owns which styles (ARCHITECTURE §2: "A remote owns its routes and its styles"; frontends/ui
 * holds the shared design system "and nothing that belongs to one remote"):
 * - @portal/ui's styles.css holds only ui- classes, and only ones that are shared: used by ui's own
 *   components or by at least two frontends;
 * - each micro-frontend's stylesheet styles only classes with its own prefix (it stays on the page
 *   after the micro-frontend unmounts, so anything else would restyle its neighbours) and is
 *   imported by its exposed module, so it ships and loads with the micro-frontend.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const FRONTENDS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Each micro-frontend, its stylesheet and the prefix of its classes. */
const REMOTES = [
  { name: 'identity', stylesheet: 'identity.css', prefix: 'identity-' },
  { name: 'dashboard', stylesheet: 'dashboard.css', prefix: 'dash-' },
  { name: 'staff', stylesheet: 'staff.css', prefix: 'staff-' },
  { name: 'enrollment', stylesheet: 'enrollment.css', prefix: 'enrollment-' },
  { name: 'booking', stylesheet: 'booking.css', prefix: 'booking-' },
] as const;

const REMOTE_OR_SHELL_PREFIXES = [...REMOTES.map((remote) => remote.prefix), 'portal-'];

const read = (...parts: string[]): string => readFileSync(path.join(FRONTENDS, ...parts), 'utf8');

interface CssRule {
  /** One complex selector of a rule ('.a .b:hover'), or a @keyframes name as '@keyframes name'. */
  readonly selector: string;
}

/** The selectors of every style rule (inside @media too) and the names of @keyframes. */
const cssRules = (css: string): CssRule[] => {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: CssRule[] = [];
  // What each open block is: a style rule, a grouping at-rule (@media, @supports), or @keyframes.
  const open: Array<'rule' | 'group' | 'keyframes'> = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '{') {
      const prelude = text.slice(start, index).trim();
      start = index + 1;
      if (open.includes('keyframes')) {
        open.push('rule');
      } else if (prelude.startsWith('@keyframes')) {
        rules.push({ selector: `@keyframes ${prelude.split(/\s+/)[1]}` });
        open.push('keyframes');
      } else if (prelude.startsWith('@')) {
        open.push('group');
      } else {
        for (const selector of prelude.split(',')) rules.push({ selector: selector.trim() });
        open.push('rule');
      }
    } else if (char === '}') {
      open.pop();
      start = index + 1;
    } else if (char === ';' && open.at(-1) !== 'rule') {
      start = index + 1; // an @import or @charset statement
    }
  }
  return rules;
};

const classesIn = (selector: string): string[] => [...selector.matchAll(/\.([A-Za-z_][\w-]*)/g)].map((match) => match[1]!);

/** A class's block: 'ui-card' for ui-card, ui-card__icon and ui-card__icon--destructive. */
const blockOf = (className: string): string => className.split('__')[0]!.split('--')[0]!;

/** The source (not tests) of one frontend, as one string. */
const sourceOf = (name: string): string => {
  const dir = path.join(FRONTENDS, name, 'src');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.(?:tsx?|html)$/.test(file) && !/\.(?:test|e2e)\.tsx?$/.test(file),
  );
  return files.map((file) => readFileSync(path.join(dir, file), 'utf8')).join('\n');
};

const uses = (source: string, block: string): boolean => new RegExp(`(?<![\\w-])${block}(?:(?![\\w-])|(?=__|--))`).test(source);

describe("@portal/ui's styles.css", () => {
  const rules = cssRules(read('ui', 'src', 'styles.css'));
  const classes = [...new Set(rules.flatMap((rule) => classesIn(rule.selector)))];

  it('is parsed into rules (the check below would pass on an empty list)', () => {
    expect(rules.length).toBeGreaterThan(200);
    expect(classes).toContain('ui-button');
  });

  it('holds no class of a micro-frontend or of the shell', () => {
    const foreign = classes.filter((name) => REMOTE_OR_SHELL_PREFIXES.some((prefix) => name.startsWith(prefix)));
    expect(foreign).toEqual([]);
    expect(classes.filter((name) => !name.startsWith('ui-'))).toEqual([]);
  });

  it('holds only shared classes: used by ui itself or by at least two frontends', () => {
    const sources = Object.fromEntries(['ui', 'shell', ...REMOTES.map((remote) => remote.name)].map((name) => [name, sourceOf(name)]));
    const ownedByOne: string[] = [];
    for (const block of new Set(classes.map(blockOf))) {
      if (uses(sources.ui!, block)) continue;
      const users = Object.entries(sources).filter(([name, source]) => name !== 'ui' && uses(source, block));
      if (users.length < 2) ownedByOne.push(`${block} (${users.map(([name]) => name).join(', ') || 'unused'})`);
    }
    expect(ownedByOne).toEqual([]);
  });

  it('names its keyframes ui-', () => {
    const keyframes = rules.filter((rule) => rule.selector.startsWith('@keyframes'));
    expect(keyframes.length).toBeGreaterThan(0);
    expect(keyframes.filter((rule) => !rule.selector.startsWith('@keyframes ui-'))).toEqual([]);
  });
});

describe.each(REMOTES)("the $name micro-frontend's stylesheet", ({ name, stylesheet, prefix }) => {
  const rules = cssRules(read(name, 'src', stylesheet));

  it(`styles only its own ${prefix} classes`, () => {
    expect(rules.length).toBeGreaterThan(0);
    const strays = rules
      .filter((rule) => !rule.selector.startsWith('@keyframes'))
      .filter((rule) => !classesIn(rule.selector).some((className) => className.startsWith(prefix)))
      .map((rule) => rule.selector);
    expect(strays).toEqual([]);
    const keyframes = rules.filter((rule) => rule.selector.startsWith('@keyframes') && !rule.selector.startsWith(`@keyframes ${prefix}`));
    expect(keyframes).toEqual([]);
  });

  it('is imported by its exposed module, so it loads with the micro-frontend', () => {
    expect(read(name, 'src', 'app.tsx')).toContain(`import './${stylesheet}';`);
  });
});
