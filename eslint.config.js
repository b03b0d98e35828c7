// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
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

// One-way dependencies: app -> features -> entities -> components/lib -> api/contract; web and server
// never import each other (both may use src/contract and src/shared). Below the app shell, only its
// typed store hooks (app/hooks.ts), the runtime configuration (app/config.ts) and, for the page modules'
// entry work, app/route-entry.ts and the store's types may be imported.
const appExceptEntities = ['./hooks.ts', './config.ts'];
const zones = [
  ...features.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message:
      'A feature may not import another feature: move the shared code to entities/, components/ or lib/.',
  })),
  {
    target: './src/web/entities',
    from: './src/web/features',
    message: 'An entity may not import a feature.',
  },
  {
    target: './src/web/entities',
    from: './src/web/app',
    except: appExceptEntities,
    message: 'An entity may not import the app shell (only app/hooks.ts and app/config.ts).',
  },
  {
    target: ['./src/web/components', './src/web/lib', './src/web/api'],
    from: ['./src/web/features', './src/web/entities'],
    message: 'Shared code and the API layer may not depend on features or entities.',
  },
  {
    target: ['./src/web/components', './src/web/lib', './src/web/api'],
    from: './src/web/app',
    except: ['./config.ts'],
    message: 'Shared code and the API layer may not depend on the app shell (only app/config.ts).',
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

// What scripts/gen-api.mjs writes needs no review beyond "was it regenerated" (its --check, in `npm run lint`);
// src/contract/types.ts is written by hand and linted.
const generated = ['src/contract/api.ts', 'src/contract/limits.ts', 'src/contract/routes.ts'];

export default defineConfig(
  globalIgnores(['dist/', 'node_modules/', 'coverage/', 'data/', 'test-results/', 'tmp/', ...generated]),
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
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Type-aware: a promise nobody awaits, returns or marks `void` is a failure nobody sees.
    files: ['**/*.{ts,tsx,mts,cts}', '*.config.js', 'scripts/**/*.{js,mjs}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test's test() and describe() return promises the runner itself awaits.
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] },
          ],
        },
      ],
    },
  },
  {
    // One naming convention: components PascalCase, every other file kebab-case (`.test`, `.config` and
    // the like are extensions).
    files: ['src/**/*.{ts,tsx,mts,js,mjs}', 'test/**/*.{ts,tsx,mts,js,mjs}', 'scripts/**/*.{ts,mts,js,mjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        {
          'src/**/!(main|router|prerender).tsx': 'PASCAL_CASE',
          'src/web/{main,prerender,app/router}.tsx': 'KEBAB_CASE',
          'src/**/!([0-9][0-9][0-9][0-9]-*).{ts,mts,js,mjs}': 'KEBAB_CASE',
          // A migration's file starts with its number, so the folder lists them in the order they run.
          'src/server/db/migrations/[0-9][0-9][0-9][0-9]-*.ts': '+([0-9])-+([a-z0-9])*(-+([a-z0-9]))',
          'test/**/*.{ts,tsx,mts,js,mjs}': 'KEBAB_CASE',
          'scripts/**/*.{ts,mts,js,mjs}': 'KEBAB_CASE',
        },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}'],
    ignores: ['src/web/app/hooks.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector', 'useDispatch'],
              message: 'Use the typed useAppSelector / useAppDispatch of src/web/app/hooks.ts.',
            },
          ],
          patterns: [
            {
              group: ['**/api/generated-endpoints'],
              message: 'Import the API from src/web/api (index.ts), where tags and behaviour are layered on.',
            },
          ],
        },
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
    rules: {
      // jest.config.js sets one timeout, chosen for a busy machine; tests wait for what they look for.
      'no-restricted-properties': [
        'error',
        {
          object: 'jest',
          property: 'setTimeout',
          message: 'Keep the global testTimeout of jest.config.js: wait for what the test looks for.',
        },
      ],
    },
  },
  {
    files: ['test/e2e/**'],
    ignores: ['test/e2e/harness.ts'],
    rules: {
      // harness.ts gives every page one generous cap, chosen for a busy machine; a step waits for a thing.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Property[key.name="timeout"]',
          message: 'Keep the step cap of harness.ts: wait for what the test looks for, not for a time.',
        },
      ],
    },
  },
);
