// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { rendererRules } from './eslint/renderer-rules.js';

/**
 * The four worlds (STYLE.md habit 1). Each block forbids the imports that would let code
 * run somewhere it cannot: a wrong import fails `npm run lint`.
 */
const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'crypto',
  'child_process',
  'net',
  'http',
  'https',
];
/**
 * Bare names ('crypto', 'electron') are matched as exact import paths, globs as patterns, so
 * 'crypto' does not also catch shared/crypto/ nor 'electron' the electron/ folder.
 */
const restrict = (patterns, message, moreRestrictedPaths = []) => {
  const names = patterns.filter((p) => !p.includes('*') && !p.includes('/'));
  const globs = patterns.filter((p) => !names.includes(p));
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: [...names.map((name) => ({ name, message })), ...moreRestrictedPaths],
        patterns: [{ group: globs, message }],
      },
    ],
  };
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'out', 'data', 'release', 'coverage', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware rules (below) need the types: the project service finds each file's tsconfig.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'error',
    },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      ...restrict(
        [
          ...nodeBuiltins,
          'electron',
          'react',
          'react-*',
          '**/renderer/**',
          '**/backend/**',
          '**/electron/**',
        ],
        'shared/ runs anywhere: no Node, DOM, Electron or app-side imports.',
      ),
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'localStorage',
          'sessionStorage',
          'navigator',
          'process',
          'Buffer',
          'require',
        ].map((name) => ({ name, message: 'shared/ runs anywhere: no DOM or Node globals.' })),
      ],
    },
  },
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(
        [
          ...nodeBuiltins,
          'electron',
          '**/backend/**',
          '**/electron/main/**',
          '**/electron/preload/**',
        ],
        'renderer/ is DOM-only; only renderer/src/platform may reach the preload bridge (type imports).',
        [
          {
            name: 'react',
            importNames: ['useId'],
            message:
              "Use useId from renderer/src/ui/ids.tsx: Preact's numbers differ between a pre-rendered page and the app taking it over.",
          },
        ],
      ),
    },
  },
  {
    // One feature shape (renderer/src/features/README.md): a feature imports ui/, api/, i18n/,
    // the app/ entry points below and shared/, never another feature; its styles use the tokens.
    files: ['renderer/src/features/**/*.{ts,tsx}'],
    plugins: { ashnote: rendererRules },
    rules: {
      // Spacing, type, radii and layers from the scales (renderer/src/ui/tokens.ts).
      'ashnote/no-raw-px': 'error',
      'ashnote/feature-boundaries': [
        'error',
        {
          appEntryPoints: ['paths.ts', 'RouteStates.tsx', 'NewsletterSlot.tsx', 'admin/'],
        },
      ],
    },
  },
  {
    files: ['renderer/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodeBuiltins.filter((p) => !p.includes('*')), 'electron'].map((name) => ({
            name,
            message: 'The platform layer may only take types from the preload.',
          })),
          patterns: [
            {
              group: ['node:*', '**/backend/**', '**/electron/main/**'],
              message: 'The platform layer may only take types from the preload.',
            },
            {
              group: ['**/electron/preload/**'],
              allowTypeImports: true,
              message: 'Type imports only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['backend/**/*.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
    rules: restrict(
      ['electron', 'react', 'react-*', '**/renderer/src/**', '**/electron/**'],
      'backend/ is Node-only and never imports the renderer or Electron.',
    ),
  },
  {
    files: ['cli/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: restrict(
      ['electron', 'react', 'react-*', '**/renderer/**', '**/backend/**', '**/electron/**'],
      'cli/ is a Node client of the public API: shared/ and Node only.',
    ),
  },
  {
    files: ['cli/e2e/**/*.ts', 'cli/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['electron/main/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: restrict(
      ['react', 'react-*', '**/renderer/**', '**/electron/preload/**'],
      'electron/main is main-only.',
    ),
  },
  {
    files: ['electron/server/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: restrict(
      ['electron', 'react', 'react-*', '**/renderer/**', '**/electron/preload/**'],
      'electron/server is the built-in server: Node and the backend, not Electron or the page.',
    ),
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: restrict(
      [
        ...nodeBuiltins,
        'react',
        'react-*',
        '**/renderer/**',
        '**/backend/**',
        '**/electron/main/**',
      ],
      'electron/preload only bridges: electron and shared/ only.',
    ),
  },
  {
    files: [
      'scripts/**/*.{js,mjs,ts}',
      'bench/**/*.ts',
      'deploy/**/*.{ts,mjs}',
      '**/e2e/**/*.ts',
      '*.config.{js,ts}',
      'renderer/vite.config.ts',
      '.ci/**',
    ],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
);
