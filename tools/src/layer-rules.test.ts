/**
 * The layer rules of .dependency-cruiser.cjs catch what they promise to: a small tree with one
 * violation of each kind is cruised with the project's own rule set.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { cruise } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const { forbidden } = require('../../.dependency-cruiser.cjs') as { forbidden: unknown[] };

const tree = mkdtempSync(path.join(tmpdir(), 'layer-rules-'));
const file = (relative: string, text: string) => {
  mkdirSync(path.dirname(path.join(tree, relative)), { recursive: true });
  writeFileSync(path.join(tree, relative), text);
};

afterAll(() => rmSync(tree, { recursive: true, force: true }));

file('core/src/pure.ts', 'export const one = 1;\n');
file('core/src/leaks.ts', "import { adapter } from '../../adapters/db/src/adapter.ts';\nexport const two = adapter;\n");
file('adapters/db/src/adapter.ts', "import { one } from '../../../core/src/pure.ts';\nexport const adapter = one;\n");
file('frontends/shell/src/page.ts', "import { one } from '../../../core/src/pure.ts';\nexport const page = one;\n");
file('frontends/booking/src/page.ts', "import { page } from '../../shell/src/page.ts';\nexport const other = page;\n");
file('frontends/ui/src/button.ts', 'export const button = 1;\n');
file('frontends/dashboard/src/page.ts', "import { button } from '../../ui/src/button.ts';\nexport const fine = button;\n");

const violations = async () => {
  const result = await cruise(['core', 'adapters', 'frontends'], { baseDir: tree, ruleSet: { forbidden } as never, validate: true, tsPreCompilationDeps: true });
  const output = result.output as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };
  return output.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
};

describe('the layer rules', () => {
  it('flag core importing an adapter, a frontend importing core, and one micro-frontend importing another — and nothing else', async () => {
    expect((await violations()).sort()).toEqual([
      'core-is-pure: core/src/leaks.ts → adapters/db/src/adapter.ts',
      'frontends-not-core: frontends/shell/src/page.ts → core/src/pure.ts',
      'micro-frontends-independent: frontends/booking/src/page.ts → frontends/shell/src/page.ts',
    ]);
  });
});
