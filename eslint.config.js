// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const features = readdirSync(path.join(import.meta.dirname, 'src/features'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'test-results',
      'playwright-report',
      'src/lib/graphql-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': 'error',
      'import-x/no-default-export': 'error',
    },
  },
  {
    // Layers: shared (api, components, config, lib) → features → app. src and server never meet.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src',
              from: './server',
              message: 'src/ and server/ never import each other.',
            },
            {
              target: './src',
              from: './tests',
              message: 'Application code must not import tests.',
            },
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message:
                'Features do not import each other: move shared code to src/api, src/components or src/lib.',
            })),
            {
              target: './src/features',
              from: './src/app',
              message: 'Features do not import the app layer.',
            },
            {
              target: ['./src/api', './src/components', './src/config', './src/lib'],
              from: ['./src/features', './src/app'],
              message: 'Shared code does not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './server',
              from: './src',
              message: 'src/ and server/ never import each other.',
            },
            { target: './server', from: './tests', message: 'Server code must not import tests.' },
            {
              target: './server/emulator',
              from: './server',
              except: ['./emulator'],
              message: 'The emulator stands alone: it must not use BFF code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Config files that tools load by default export.
    files: ['vite.config.ts', 'eslint.config.js', 'tests/e2e/playwright.config.ts'],
    rules: { 'import-x/no-default-export': 'off' },
  },
);
