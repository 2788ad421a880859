// The import boundaries of ENGINEERING.md §4 rule 1, checked by `npm run check:boundaries`.
// Every rule is an error: a boundary that is only a warning is crossed the first busy afternoon.

const WEB = '^apps/web/src/';
const API = '^apps/api/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-imports-no-app',
      comment: 'packages/shared is the contract both apps build on; it cannot depend on either of them.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-and-api-apart',
      comment: 'The web client and the API share code only through packages/shared.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'api-and-web-apart',
      comment: 'The web client and the API share code only through packages/shared.',
      severity: 'error',
      from: { path: '^apps/api/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'web-building-blocks-know-no-feature',
      comment: 'lib/ and components/ serve every feature and the shell, so they import neither.',
      severity: 'error',
      from: { path: `${WEB}(lib|components)/` },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'web-feature-knows-no-shell',
      comment: 'Imports flow shared -> features -> app: the shell composes features, never the reverse.',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-feature-public-surface-is-its-api',
      comment:
        "A feature may use another feature's api/ folder (its fetchers, query options and hooks) and nothing else of it.",
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: {
        path: `${WEB}features/([^/]+)/`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/api/`],
      },
    },
    {
      name: 'api-lib-knows-no-module-or-plugin',
      comment: 'lib/ is the toolbox of every module and plugin; it imports neither.',
      severity: 'error',
      from: { path: `${API}lib/` },
      to: { path: `${API}(modules|plugins)/` },
    },
    {
      name: 'api-plugin-knows-no-module',
      comment: 'Plugins wrap every route; what they need from a module is passed in by app.ts.',
      severity: 'error',
      from: { path: `${API}plugins/` },
      to: { path: `${API}modules/` },
    },
    {
      name: 'api-module-knows-no-other-module',
      comment:
        'Modules are composed in services.ts and app.ts; what two modules share belongs in lib/ or packages/shared.',
      severity: 'error',
      from: { path: `${API}modules/([^/]+)/` },
      to: { path: `${API}modules/([^/]+)/`, pathNot: `${API}modules/$1/` },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes the load order matter and the pieces impossible to take apart.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment:
        'A module nothing imports is dead, unless it is an entry point: servers, scripts, configs, tests, declarations.',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          '(^|/)\\.[^/]+\\.(c|m)?js$',
          '\\.d\\.m?ts$',
          '(^|/)(vite|vitest|playwright|drizzle)\\.config\\.ts$',
          '\\.(test|spec|setup)\\.tsx?$',
          '^apps/api/build\\.mjs$',
          '^apps/api/src/(server|demo-data)\\.ts$',
          '^apps/web/src/main\\.tsx$',
          // Inlined into the prerendered login page by apps/web/prerender-login-plugin.ts, not imported.
          '^apps/web/login-boot\\.js$',
          '^apps/web/e2e/support/mail-catcher\\.mjs$',
          '^scripts/',
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // What git ignores: builds, scratch folders, test output.
    exclude: {
      path: ['(^|/)node_modules/', '(^|/)(dist|coverage|data|test-results|playwright-report|\\.tmp)/'],
    },
    // Type-only imports are dependencies too: a type pulled from another module couples the two.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
