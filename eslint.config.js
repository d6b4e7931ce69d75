// Lint rules of the whole repository, with import boundaries:
// - a backend module reaches another module only through its service (or the auth module's authenticate.ts), a
//   repository also through another module's entity or repository; the layers of functions/src/module-layers.ts are
//   checked by functions/src/architecture.test.ts;
// - only repositories (and the table platform itself) touch the table client;
// - the platform layer (functions/src/platform) never imports a module;
// - a web feature never imports another feature's internals.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', 'test-results/**', '.data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    // configuration files and test setups are loaded by tools that expect a default export
    files: ['**/*.config.{ts,js,mjs}', 'test/*-global-setup.ts', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['functions/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/include': ['functions/src/**/*', 'web/src/**/*'],
      'boundaries/elements': [
        { type: 'module', pattern: 'functions/src/modules/*', mode: 'folder', capture: ['module'] },
        { type: 'table-client', pattern: 'functions/src/platform/table/client.ts', mode: 'full' },
        { type: 'platform', pattern: 'functions/src/platform', mode: 'folder' },
        { type: 'feature', pattern: 'web/src/features/*', mode: 'folder', capture: ['feature'] },
        { type: 'web-shared', pattern: 'web/src/*', mode: 'folder' },
      ],
    },
    rules: {
      'boundaries/entry-point': [
        'error',
        {
          default: 'allow',
          rules: [
            { target: ['module'], disallow: ['**'] },
            { target: ['module'], allow: ['*.service.ts', 'authenticate.ts'] },
          ],
        },
      ],
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: ['module', 'platform'],
              disallow: ['table-client'],
              message: 'Only repositories touch the table client.',
            },
            {
              from: ['platform'],
              disallow: ['module'],
              message:
                'The platform layer does not import a module: a Lambda entry registers what it needs (platform/http/authenticator.ts).',
            },
            {
              from: ['feature'],
              disallow: [['feature', { feature: '!${from.feature}' }]],
              message: 'Features do not import each other.',
            },
          ],
        },
      ],
    },
  },
  {
    // the exceptions to "only repositories touch the table client"
    files: ['functions/src/**/*.repository.ts', 'functions/src/platform/table/**/*.ts'],
    rules: { 'boundaries/element-types': 'off' },
  },
  {
    // a repository may join another module's key shapes or items (its entity or repository), never its service
    files: ['functions/src/**/*.repository.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'boundaries/entry-point': [
        'error',
        {
          default: 'allow',
          rules: [
            { target: ['module'], disallow: ['**'] },
            { target: ['module'], allow: ['*.service.ts', '*.entity.ts', '*.repository.ts', 'authenticate.ts'] },
          ],
        },
      ],
    },
  },
);
