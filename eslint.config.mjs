// ESLint (npm run lint, part of npm test): typescript-eslint's recommended rules and React's rules of
// hooks, on everything that runs (src/api-docs/metadata.ts is generated); Prettier owns the formatting, so no style rule is switched on here.
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'bench/results/', '.data/', 'public/', 'src/api-docs/metadata.ts'] },
  js.configs.recommended,
  comments.recommended,
  {
    // A rule switched off in place says why, beside it.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: { '@eslint-community/eslint-comments/require-description': 'error' },
  },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused names are mistakes, except those a signature must name and a rest sibling leaves out.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' }],
      // Nest's empty module classes (@Module({...}) export class XModule {}) are how modules are declared.
      '@typescript-eslint/no-extraneous-class': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['info', 'warn', 'error'] }],
      'prefer-const': 'error',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}', 'views/**/*.tsx', 'core/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    // The rules of hooks; the React Compiler's stricter rules (v7's recommended set) wait until the islands adopt the compiler.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Code run inside the page by Playwright (page.evaluate) sees the browser's globals.
    files: ['bench/**', 'test/browser/**', 'test/support/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Scripts, benchmarks and tests report on the console; that is their output.
    files: ['scripts/**', 'bench/**', 'test/**', 'src/main.ts', 'src/database/seed.cli.ts'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
