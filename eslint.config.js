// @ts-check
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Architecture boundaries, checked on import specifiers (no resolver needed):
 * shared (src/api, components, config, lib) → features → app; features never import each other;
 * src/ and server/ never import each other; the emulator uses nothing from the BFF.
 * Inside src, leaving one's own folder goes through the `@/` alias, so specifiers say where they go.
 */
const boundaries = [
  { group: ['**/server/**', '**/server'], message: 'src/ and server/ never import each other.' },
  { group: ['**/tests/**'], message: 'Application code must not import tests.' },
];
const neverServerOrTests = [
  ...boundaries,
  {
    regex: '^zod(/.*)?$',
    message:
      "Import z from '@/lib/zod': it configures zod for Storey's CSP before any schema exists.",
  },
];

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
    // Type-aware rules where a promise can be lost: a floating promise is an error nobody sees,
    // a promise where a void callback is expected is a handler that is never awaited.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'tests/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // TanStack Query's own checks: stable query keys that name every input, no rest destructuring.
  ...pluginQuery.configs['flat/recommended'].map((config) => ({
    ...config,
    files: ['src/**/*.{ts,tsx}'],
  })),
  // Accessibility in the markup itself (the browser tests' axe scans see only what they visit).
  { ...jsxA11y.flatConfigs.recommended, files: ['src/**/*.tsx'] },
  // Component tests query the way a person finds things, and await what they must.
  { ...testingLibrary.configs['flat/react'], files: ['tests/src/**/*.{ts,tsx}'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: neverServerOrTests }],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // Features receive ids and their URL state from the route module that composes them.
          paths: [
            {
              name: 'react-router-dom',
              importNames: ['useParams', 'useSearchParams', 'useLocation', 'useMatch'],
              message: 'Features never read the URL: the route module in src/app/routes passes it.',
            },
            {
              name: '@/lib/use-url-params',
              importNames: ['useUrlParams', 'useUrlView'],
              message: 'Features never read the URL: take a UrlView from the route module.',
            },
          ],
          patterns: [
            ...neverServerOrTests,
            { group: ['@/app', '@/app/**'], message: 'Features do not import the app layer.' },
            // Another feature is reachable only as @/features/x or by climbing out of one's own folder.
            {
              group: ['@/features/**'],
              message:
                'Features do not import each other: routes in src/app/routes compose them; share through src/api, src/components, src/domain, src/stores or src/lib.',
            },
            {
              group: ['../../*', '../../**'],
              message: 'Leave your feature through @/ (shared code), never by relative path.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'src/api/**',
      'src/components/**',
      'src/config/**',
      'src/domain/**',
      'src/lib/**',
      'src/stores/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...neverServerOrTests,
            {
              group: [
                '@/features/**',
                '@/app/**',
                '@/app',
                '../features/**',
                '../app/**',
                '../../features/**',
                '../../app/**',
              ],
              message: 'Shared code does not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // The domain is pure: rules, labels, measures and distributions, tested without a DOM.
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...neverServerOrTests,
            {
              group: ['react', 'react-dom', 'react-router-dom', '@mui/*', '@tanstack/*'],
              message: 'The domain is pure: no React, no UI, no data fetching.',
            },
            {
              group: ['@/features/**', '@/app/**', '@/app', '@/components/**', '@/stores/**'],
              message: 'The domain does not import the layers that use it.',
            },
            {
              group: ['@/lib/api-client', '@/lib/graphql'],
              message: 'The domain does not fetch.',
            },
          ],
        },
      ],
    },
  },
  {
    // The build and launch scripts run on plain node before anything is compiled.
    files: ['server/cli/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/lib/zod.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: boundaries }] },
  },
  {
    // The rules and contracts both sides share: pure TypeScript that imports only zod and itself,
    // by relative paths, so the server (plain node, no alias) can import it too.
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...boundaries,
            {
              group: ['@/*', '@/**'],
              message: 'src/shared imports only itself (by relative path) and zod.',
            },
            {
              regex: '^(?!zod(/|$)|\\.{1,2}/)',
              message: 'src/shared is pure: no React, no DOM, no Node, no library but zod.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/(?!shared/)',
              message:
                'The server imports from src/ only the shared rules and contracts (src/shared).',
            },
            { group: ['@/*', '@/**'], message: 'The server reaches src/shared by relative path.' },
            { group: ['**/tests/**'], message: 'Server code must not import tests.' },
          ],
        },
      ],
    },
  },
  {
    // What the platform sends is read by the shared readers (src/shared/platform/records.ts),
    // where every field the specification does not require is optional: a schema of its own
    // here would be the next one that fails a whole sync for one missing field (issue #50).
    files: ['server/portfolio-index/**/*.ts', 'server/platform/**/*.ts'],
    // The routes' own query schemas are the BFF's, not the platform's.
    ignores: [
      'server/portfolio-index/**/routes.ts',
      'server/portfolio-index/**/*-routes.ts',
      'server/portfolio-index/alarms/route-parts.ts',
      'server/portfolio-index/core/route-helpers.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='z'][callee.property.name=/^(object|looseObject|strictObject|array|tuple|record)$/]",
          message:
            'Read platform records with src/shared/platform/records.ts (every field optional but the id), not a schema of your own.',
        },
      ],
    },
  },
  {
    files: ['server/emulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*', '../**', '**/src/**', '@/**'],
              message: 'The emulator stands alone: it uses nothing from the BFF or the SPA.',
            },
          ],
        },
      ],
    },
  },
);
