// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Imports that would cross the boundaries of DESIGN.md: client and server never meet; shared stands alone. */
const noImportOf = (/** @type {string[]} */ roots) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: roots.map((root) => ({
        group: [`**/${root}/**`, `**/${root}`],
        message: `This source root may not import from src/${root} (DESIGN.md, "Shape").`,
      })),
    },
  ],
});

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', '.tmp', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['src/client/**'], rules: noImportOf(['server']) },
  { files: ['src/server/**'], rules: noImportOf(['client']) },
  {
    files: ['src/shared/**'],
    rules: {
      ...noImportOf(['client', 'server']),
    },
  },
);
