/** A layer rule: no file whose path matches `from` imports one whose path matches `to`. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from: { path: from }, to: { path: to } });

/**
 * Which folder may import which (npm run lint:deps, part of npm test). The layers, lowest first:
 *   core/     pure code both sides run (filters, text helpers, URL checks, rules and messages, API types)
 *   client/   browser code: islands and what they use            -> core
 *   views/    server-rendered React, <Island> and its registry    -> core, client (islands)
 *   src/      the NestJS server                                   -> core, views, migrations
 * and test/, bench/ and scripts/ on top. Nothing imports back down the list, and no two folders
 * import each other (a loop between folders is as hard to follow as one between files).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A file must not reach itself again through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'No two folders import each other, directly or round a loop.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    forbid(
      'core-is-pure',
      'core/ runs on the server and in the browser: it imports nothing of the application.',
      '^core/',
      '^(src|views|client|migrations|test|bench|scripts)/',
    ),
    forbid('client-only-core', 'Browser code may use core/, never the server or its views.', '^client/', '^(src|views|migrations)/'),
    forbid('views-not-server', 'Views render what the server hands them: they use core/ and the islands, never src/.', '^views/', '^(src|migrations)/'),
    forbid('server-not-client', 'The server reaches browser code only through the views (the island registry).', '^src/', '^client/'),
    forbid(
      'server-root-on-top',
      "src/'s own files (main.ts, app.module.ts, app.setup.ts) assemble the features: no feature folder imports them back (the loop src/api-docs had through src/metadata.ts).",
      '^src/[^/]+/',
      '^src/[^/]+[.]tsx?$',
    ),
    {
      name: 'infrastructure-not-features',
      comment:
        'The infrastructure (the request edge src/http, src/common, the page cache, the database, configuration, rendering, errors, lists, validation, outbound fetching) serves every feature and imports none: a feature plugs in by importing it (issue 41). The data source lists the entities, so an entity file is the one exception.',
      severity: 'error',
      from: { path: '^src/(http|common|page-cache|database|config|render|errors|lists|validation|outbound|start)/' },
      to: {
        path: '^src/[^/]+/',
        pathNot: ['^src/(http|common|page-cache|database|config|render|errors|lists|validation|outbound|start)/', '[.]entit(y|ies)[.]ts$'],
      },
    },
    forbid(
      'migrations-stand-alone',
      'A migration is a fixed step in history: it must not change when application code does.',
      '^migrations/',
      '^(src|views|client|core)/',
    ),
    {
      name: 'nothing-imports-tests',
      severity: 'error',
      from: { pathNot: '^test/' },
      to: { path: '^test/' },
    },
    {
      name: 'no-dev-dependencies-in-production',
      comment: 'What the server and the browser run must be in dependencies, not devDependencies.',
      severity: 'error',
      from: { path: '^(src|views|client|core|migrations)/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
