/**
 * The import rules of docs/architecture.md ("Dependency rules"), checked by `npm run check`.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Modules that import each other, type imports included: one of them holds what both need.',
      from: { path: '^(apps|packages)/[^/]+/src/' },
      to: { circular: true },
    },
    {
      name: 'storefront-not-api-or-db',
      severity: 'error',
      comment: 'The storefront talks to the API over HTTP only; it shares schemas through packages/domain.',
      from: { path: '^apps/storefront/' },
      to: { path: '^(apps/(api|sandbox)|packages/db)/' },
    },
    {
      name: 'backoffice-not-api-or-db',
      severity: 'error',
      comment: 'The back office talks to the API over HTTP only; it shares schemas through packages/domain.',
      from: { path: '^apps/backoffice/' },
      to: { path: '^(apps/(api|sandbox|storefront)|packages/(db|tenants))/' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'packages/domain holds pure rules: no I/O, no other part of the shop.',
      from: { path: '^packages/domain/src/', pathNot: '\\.test\\.ts$' },
      to: {
        pathNot: ['^packages/domain/src/', '^node_modules/(zod|libphonenumber-js)/'],
      },
    },
    {
      name: 'sandbox-apart-from-api',
      severity: 'error',
      comment: 'The sandbox stands in for the outside world: it shares no code with the API, either way.',
      from: { path: '^apps/sandbox/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'api-apart-from-sandbox',
      severity: 'error',
      comment: 'The API reaches the sandbox over HTTP only; its tests start the sandbox as a caller would.',
      from: { path: '^apps/api/src/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/sandbox/' },
    },
    {
      name: 'db-below-apps',
      severity: 'error',
      comment: 'The shared packages serve the apps and never reach into them.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'primitives-behind-ui',
      severity: 'error',
      comment: 'The primitives library is reached through components/ui only (decision 0060).',
      from: { path: '^apps/storefront/src/', pathNot: '^apps/storefront/src/components/ui/' },
      to: { path: '(^|/)node_modules/@radix-ui/' },
    },
    {
      name: 'backoffice-primitives-behind-ui',
      severity: 'error',
      comment: 'In the back office too, the primitives library is reached through its ui/ folder only.',
      from: { path: '^apps/backoffice/src/', pathNot: '^apps/backoffice/src/ui/' },
      to: { path: '(^|/)node_modules/@radix-ui/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(apps|packages)/[^/]+/(\\.next|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
