// @ts-check
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** Imports that would cross the boundaries of DESIGN.md: client and server never meet; shared stands alone. */
const noImportOf = (/** @type {string[]} */ roots, /** @type {object[]} */ paths = []) => ({
  'no-restricted-imports': [
    'error',
    {
      paths,
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
  {
    // No import circles (issue 48): a module and what it imports form a tree one can read from
    // the top down. The rule skips type-only imports (`import type`, all-type specifiers), so a
    // circle closed only by types passes; dynamic import() counts like a static one.
    files: ['src/**', 'tests/**', 'bench/**', 'scripts/**'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['src/client/**'],
    rules: noImportOf(
      ['server'],
      [
        {
          name: 'react-router',
          importNames: ['Link', 'NavLink'],
          message:
            'Import Link and NavLink from lib/link.tsx: they leave React Router’s unused parts out of the bundle (issue 48).',
        },
      ],
    ),
  },
  { files: ['src/server/**'], rules: noImportOf(['client']) },
  {
    files: ['src/shared/**'],
    rules: {
      ...noImportOf(['client', 'server']),
    },
  },
);
