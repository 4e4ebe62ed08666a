/**
 * The house's layer rules, checked by `npm test` (see docs/decisions/0005-layer-check.md):
 * core ← contracts ← adapters ← apps; frontends see only contracts and ui.
 */
module.exports = {
  forbidden: [
    {
      name: 'core-is-pure',
      comment: 'core imports nothing outside core except fp-ts and io-ts',
      severity: 'error',
      from: { path: '^core/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^core/', '^node_modules/(fp-ts|io-ts)/'] },
    },
    {
      name: 'contracts-only-on-core',
      comment: 'contracts are codecs: they may use core values, fp-ts and io-ts, nothing else',
      severity: 'error',
      from: { path: '^contracts/', pathNot: ['\\.test\\.ts$', '^contracts/src/test-support\\.ts$'] },
      to: { pathNot: ['^contracts/', '^core/', '^node_modules/(fp-ts|io-ts)/'] },
    },
    {
      name: 'frontends-not-core',
      comment: 'a frontend reads domain values through contracts, never from core',
      severity: 'error',
      from: { path: '^frontends/' },
      to: { path: '^core/' },
    },
    {
      name: 'frontends-not-server',
      comment: 'a frontend never imports adapters or apps',
      severity: 'error',
      from: { path: '^frontends/' },
      to: { path: '^(adapters|apps)/' },
    },
    {
      name: 'micro-frontends-independent',
      comment: 'a micro-frontend imports only itself, ui and contracts (each deploys on its own)',
      severity: 'error',
      from: { path: '^frontends/([^/]+)/' },
      to: { path: '^frontends/', pathNot: ['^frontends/$1/', '^frontends/ui/'] },
    },
    {
      name: 'adapters-not-apps',
      comment: 'adapters implement core ports; only apps wire things together',
      severity: 'error',
      from: { path: '^(adapters|core|contracts)/' },
      to: { path: '^apps/' },
    },
    {
      name: 'worker-not-api',
      comment: 'the worker has its own composition root (@portal/composition, 0017): it never imports the API',
      severity: 'error',
      from: { path: '^apps/worker/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'composition-not-apps',
      comment: 'the shared composition root wires adapters to core ports for every app; it imports no app (no HTTP)',
      severity: 'error',
      from: { path: '^apps/composition/' },
      to: { path: '^apps/', pathNot: ['^apps/composition/'] },
    },
    {
      name: 'apps-speak-no-sql',
      comment:
        'the API and the worker reach the database only through the persistence adapter (issue 12): no knex or pg of their own. Tests may seed and inspect tables directly.',
      severity: 'error',
      from: { path: '^apps/(api|worker)/', pathNot: ['\\.test\\.ts$', '^apps/api/src/http/security/actors\\.ts$'] },
      to: { path: '^node_modules/(knex|pg|pg-[^/]+|objection)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^(core|contracts|adapters|apps)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Browser tests drive the whole portal from outside; they are not part of any layer.
    exclude: { path: ['(^|/)(dist|\\.data)/', '\\.e2e\\.ts$'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'] },
  },
};
