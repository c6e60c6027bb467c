import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noFocusedOrSkippedTests = ['describe', 'it', 'test'].flatMap((object) =>
  ['only', 'skip', 'todo'].map((property) => ({
    object,
    property,
    message: 'Every test runs: no .only, .skip or .todo.',
  })),
);

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'artifacts/**', 'test-results/**', 'playwright-report/**', 'data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-restricted-properties': ['error', ...noFocusedOrSkippedTests],
    },
  },
  {
    // No module may reach itself again through its imports, dynamic import() included: a knot makes the order modules
    // run in depend on who is loaded first, and ties every module in it into one piece nobody can change alone.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Which files import-x reads to follow their imports (by default only .js).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Imports are resolved as TypeScript does (the server imports its .ts files as './x.js'), with each app's tsconfig.
  ...['web', 'server'].map((app) => ({
    files: [`apps/${app}/src/**/*.{ts,tsx}`],
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: `apps/${app}/tsconfig.json` })] },
  })),
  {
    // The web app in layers: the route table (routes.tsx, lazy-pages.ts) loads the pages, features build screens, and
    // the shared folders below them import no feature and no page, so a feature never reaches another through them.
    // Tests may render a shared piece inside a real screen, or the whole route table: nothing imports a test.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./apps/web/src/{components,lib,api,i18n,session}/**/*'],
              from: ['./apps/web/src/features', './apps/web/src/lazy-pages.ts', './apps/web/src/routes.tsx'],
              message: 'A shared folder imports no feature and no page: move what both need below, or pass it in.',
            },
            {
              target: ['./apps/web/src/features/**/*'],
              from: ['./apps/web/src/lazy-pages.ts', './apps/web/src/routes.tsx'],
              message: 'Pages are loaded by the route table only: take a loader as a prop or a registration.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Scripts the service worker imports.
    files: ['apps/web/public/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
