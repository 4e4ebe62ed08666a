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
file('frontends/dashboard/src/page.ts', "import { button } from '../../ui/src/button.ts';\nimport { session } from '../../client/src/session.ts';\nimport { words } from '../../i18n/src/words.ts';\nexport const fine = [button, session, words];\n");
file('frontends/i18n/src/words.ts', 'export const words = 1;\n');
file('frontends/i18n/src/draws.ts', "import { button } from '../../ui/src/button.ts';\nexport const drawsToo = button;\n");
file('frontends/client/src/session.ts', 'export const session = 1;\n');
file('frontends/ui/src/signed-in.ts', "import { session } from '../../client/src/session.ts';\nexport const signedIn = session;\n");
file('frontends/client/src/draws.ts', "import { button } from '../../ui/src/button.ts';\nexport const draws = button;\n");

const violations = async () => {
  const result = await cruise(['core', 'adapters', 'frontends'], { baseDir: tree, ruleSet: { forbidden } as never, validate: true, tsPreCompilationDeps: true });
  const output = result.output as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };
  return output.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
};

describe('the layer rules', () => {
  it('flag core importing an adapter, a frontend importing core, one micro-frontend importing another, the client or the languages runtime importing ui — and nothing else', async () => {
    expect((await violations()).sort()).toEqual([
      'client-not-on-ui: frontends/client/src/draws.ts → frontends/ui/src/button.ts',
      'core-is-pure: core/src/leaks.ts → adapters/db/src/adapter.ts',
      'frontends-not-core: frontends/shell/src/page.ts → core/src/pure.ts',
      'i18n-draws-and-fetches-nothing: frontends/i18n/src/draws.ts → frontends/ui/src/button.ts',
      'micro-frontends-independent: frontends/booking/src/page.ts → frontends/shell/src/page.ts',
    ]);
  });
});

describe("core's inner direction, test code and dead code", () => {
  const inner = mkdtempSync(path.join(tmpdir(), 'layer-rules-inner-'));
  afterAll(() => rmSync(inner, { recursive: true, force: true }));
  const put = (relative: string, text: string) => {
    mkdirSync(path.dirname(path.join(inner, relative)), { recursive: true });
    writeFileSync(path.join(inner, relative), text);
  };
  put('core/src/domain/tier.ts', "import { rule } from '../policies/rule.ts';\nexport const tier = rule;\n");
  put('core/src/policies/rule.ts', "import type { Port } from '../ports/port.ts';\nexport const rule: Port | 1 = 1;\n");
  put('core/src/ports/port.ts', "import type { Result } from '../use-cases/use.ts';\nexport type Port = Result;\n");
  put('core/src/use-cases/use.ts', "import { tier } from '../domain/tier.ts';\nimport { helper } from './use.test.ts';\nexport type Result = typeof tier;\nexport const used = helper;\n");
  put('core/src/use-cases/use.test.ts', 'export const helper = 1;\n');
  put('core/src/testing/fake.ts', "import type { Port } from '../ports/port.ts';\nexport const fake: Port | 1 = 1;\n");
  put('core/src/index.ts', "export * from './use-cases/use.ts';\nexport * from './testing/fake.ts';\n");
  put('core/src/forgotten.ts', 'export const nobodyImportsMe = 1;\n');
  put('frontends/shell/src/a.ts', "import { b } from './b.ts';\nexport const a = () => b;\n");
  put('frontends/shell/src/b.ts', "import { a } from './a.ts';\nexport const b = () => a;\n");

  it('flag a domain importing a policy, a policy a port, a port a use case, fakes in the main entry, code importing a test, an orphan and a cycle', async () => {
    const result = await cruise(['core', 'frontends'], { baseDir: inner, ruleSet: { forbidden } as never, validate: true, tsPreCompilationDeps: true });
    const output = result.output as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };
    const names = new Set(output.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from}`));
    expect([...names].sort()).toEqual(
      expect.arrayContaining([
        'core-domain-innermost: core/src/domain/tier.ts',
        'core-policies-on-domain: core/src/policies/rule.ts',
        'core-ports-speak-domain: core/src/ports/port.ts',
        'core-fakes-not-in-main-entry: core/src/index.ts',
        'not-to-spec: core/src/use-cases/use.ts',
        'no-orphans: core/src/forgotten.ts',
        'no-circular: frontends/shell/src/a.ts',
      ]),
    );
  });
});
