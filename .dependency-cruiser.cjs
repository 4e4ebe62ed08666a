/**
 * The house's layer rules, checked by `npm test` (see docs/decisions/0005-layer-check.md):
 * core ← contracts ← adapters ← apps; frontends see only contracts, ui and client (client ← ui).
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
      name: 'core-domain-innermost',
      comment: "core's inner direction: domain ← policies ← ports ← use cases. The domain imports only the domain",
      severity: 'error',
      from: { path: '^core/src/domain/', pathNot: '\\.test\\.ts$' },
      to: { path: '^core/src/', pathNot: '^core/src/domain/' },
    },
    {
      name: 'core-policies-on-domain',
      comment: 'a policy is a pure rule over domain values: it imports the domain and other policies only',
      severity: 'error',
      from: { path: '^core/src/policies/', pathNot: '\\.test\\.ts$' },
      to: { path: '^core/src/', pathNot: ['^core/src/domain/', '^core/src/policies/'] },
    },
    {
      name: 'core-ports-speak-domain',
      comment: 'a port names domain values (and policies\' types), never a use case',
      severity: 'error',
      from: { path: '^core/src/ports/' },
      to: { path: '^core/src/', pathNot: ['^core/src/domain/', '^core/src/policies/', '^core/src/ports/'] },
    },
    {
      name: 'core-fakes-not-in-main-entry',
      comment: "test fakes are @portal/core/testing/index.ts, not core's main entry; no production code imports them",
      severity: 'error',
      from: { path: '^(core|contracts|adapters|apps|frontends)/', pathNot: ['\\.test\\.tsx?$', '\\.int\\.test\\.ts$', '^core/src/testing/', '^apps/api/src/pact/', '^apps/api/src/http/security/actors\\.ts$'] },
      to: { path: '^core/src/testing/' },
    },
    {
      name: 'not-to-spec',
      comment: 'code never imports a test file',
      severity: 'error',
      from: { pathNot: '\\.(test|int\\.test|pact\\.test)\\.tsx?$' },
      to: { path: '\\.(test|int\\.test|pact\\.test)\\.tsx?$' },
    },
    {
      name: 'no-orphans',
      comment: 'a module nobody imports is dead code (entries, configs, tests and declarations aside)',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          '\\.(test|int\\.test|pact\\.test)\\.tsx?$',
          '\\.d\\.ts$',
          '(^|/)(index|main|manifest|bootstrap|standalone-root|webpack\\.config)\\.[cm]?[jt]sx?$',
          '\\.config\\.[cm]?js$',
          '^tools/',
          '^knexfile\\.ts$',
          '/assets/',
        ],
      },
      to: {},
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
      comment: 'a micro-frontend imports only itself, ui, client, i18n and contracts (each deploys on its own)',
      severity: 'error',
      from: { path: '^frontends/([^/]+)/' },
      to: { path: '^frontends/', pathNot: ['^frontends/$1/', '^frontends/ui/', '^frontends/client/', '^frontends/i18n/'] },
    },
    {
      name: 'i18n-draws-and-fetches-nothing',
      comment: 'the languages runtime (@portal/i18n) is below the design system and the data client: it imports neither',
      severity: 'error',
      from: { path: '^frontends/i18n/' },
      to: { path: '^frontends/(?:ui|client)/' },
    },
    {
      name: 'client-not-on-ui',
      comment: 'the session and data client (@portal/client) draws nothing: the design system (@portal/ui) may import it, never the other way round',
      severity: 'error',
      from: { path: '^frontends/client/' },
      to: { path: '^frontends/ui/' },
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
      from: { path: '^(core|contracts|adapters|apps|frontends)/' },
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
