// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// Feature folders named in DESIGN.md plus any that exist on disk, so a new feature is covered at once.
const knownFeatures = [
  'onboarding',
  'auth',
  'pricing',
  'dashboard',
  'settings',
  'billing',
  'organization',
  'connection',
];
const features = [...new Set([...knownFeatures, ...listDirs('src/web/features')])].sort();

/** @param {string} dir */
function listDirs(dir) {
  try {
    return readdirSync(path.join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

// One-way dependencies: app -> features -> components/lib -> api/contract; web and server never
// import each other (both may use src/contract and src/shared).
const zones = [
  ...features.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'A feature may not import another feature: move the shared code to components/ or lib/.',
  })),
  {
    target: ['./src/web/components', './src/web/lib'],
    from: ['./src/web/features', './src/web/app'],
    message: 'Shared code may not depend on features or the app shell.',
  },
  {
    target: './src/web/api',
    from: './src/web/features',
    message: 'The API layer may not depend on features.',
  },
  {
    target: './src/web/lib',
    from: './src/web/components',
    message: 'lib/ is pure logic: it may not import React components.',
  },
  {
    target: './src/web',
    from: './src/server',
    message: 'The SPA may not import server code: share pure rules through src/shared.',
  },
  {
    target: './src/server',
    from: './src/web',
    message: 'The server may not import SPA code: share pure rules through src/shared.',
  },
  {
    target: ['./src/shared', './src/contract'],
    from: ['./src/web', './src/server'],
    message: 'src/shared and src/contract are used by both sides and depend on neither.',
  },
];

const sourceFiles = ['**/*.{ts,tsx,mts,cts,js,mjs,cjs,jsx}'];

export default defineConfig(
  globalIgnores(['dist/', 'node_modules/', 'coverage/', 'data/', 'test-results/', 'tmp/', 'src/contract/']),
  {
    files: sourceFiles,
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/web/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                'react-dom/*',
                'react-redux',
                'react-router*',
                '@mui/*',
                '@emotion/*',
              ],
              message: 'lib/ is pure logic without React.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs['recommended-latest']],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/server/**', 'src/shared/**', 'scripts/**', 'test/server/**', 'test/e2e/**', '*.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['test/web/**'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
);
