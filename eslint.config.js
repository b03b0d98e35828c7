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
import { noImportCircle } from './scripts/lint/import-circles.mjs';

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
// entry work, app/route-entry.ts (with its hook for read-once parameters, app/use-read-once.ts, kept out of
// the entry chunk) and the store's types may be imported.
const appExceptEntities = ['./hooks.ts', './config.ts'];
const webZones = [
  {
    target: './src/web/features',
    from: './src/web/app',
    except: [...appExceptEntities, './route-entry.ts', './use-read-once.ts', './store.ts'],
    message:
      'A feature may use of the app shell only app/hooks.ts, app/config.ts, app/route-entry.ts (and app/use-read-once.ts) and the types of app/store.ts: what else it needs belongs in entities/, components/ or lib/, or behind a hook of app/hooks.ts.',
  },
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
];

// The server's layers: handlers and http/ on top; domain/ holds the rules and use cases (billing's in
// domain/billing/) and reaches data through repositories/ and the outside world through ports
// (billing/provider.ts, crm/provider.ts, mail/mailer.ts); repositories/ sit on db/; the adapters
// (billing/, crm/, mail/) implement the ports and know nothing of HTTP.
const serverZones = [
  {
    target: './src/server/domain',
    from: [
      './src/server/http',
      './src/server/handlers',
      './src/server/sandbox',
      './src/server/support',
      './src/server/services.ts',
      './src/server/app.ts',
      './src/server/main.ts',
    ],
    message:
      'domain/ holds the rules, below HTTP: it may not import http/, handlers/, sandbox/, the Services bag or the app (ask for the narrow dependency it needs instead).',
  },
  {
    target: './src/server/domain',
    from: './src/server/billing',
    except: ['./provider.ts'],
    message:
      "domain/ may use billing's port (billing/provider.ts), never an adapter (Stripe, the sandbox, the lock): billing's rules and use cases live in domain/billing/.",
  },
  {
    target: './src/server/domain',
    from: './src/server/crm',
    except: ['./provider.ts'],
    message: 'domain/ may use the CRM port (crm/provider.ts), never an adapter.',
  },
  {
    target: './src/server/domain',
    from: './src/server/sso',
    except: ['./provider.ts'],
    message:
      'domain/ may use the identity-provider port (sso/provider.ts), never an adapter (openid-client, the sandbox provider).',
  },
  {
    target: './src/server/domain',
    from: './src/server/mail',
    except: ['./mailer.ts'],
    message: 'domain/ may use the mail port (mail/mailer.ts), never a transport.',
  },
  {
    target: './src/server/domain',
    from: './src/server/db',
    except: ['./schema.ts', './subscription-status.ts'],
    message: 'domain/ reaches the database through repositories/ (of db/ only the row types and statuses).',
  },
  {
    target: './src/server/repositories',
    from: [
      './src/server/domain',
      './src/server/billing',
      './src/server/crm',
      './src/server/mail',
      './src/server/http',
      './src/server/handlers',
      './src/server/sandbox',
      './src/server/services.ts',
    ],
    message:
      'repositories/ are queries on db/: they may not import the rules (domain/), billing/ or what sits above them; a value both need lives in db/ or src/shared.',
  },
  {
    target: './src/server/billing',
    from: './src/server/domain/billing',
    except: ['./quote.ts', './invoices.ts', './seat-drift.ts', './provider-subscription.ts'],
    message:
      "billing/'s adapters may use billing's pure rules (quote, invoices, seat-drift, provider-subscription), never a use case: the path runs use case -> port -> adapter, one way.",
  },
  {
    target: ['./src/server/billing', './src/server/crm', './src/server/mail', './src/server/sso'],
    from: ['./src/server/http', './src/server/handlers'],
    message:
      'An adapter (billing/, crm/, mail/, sso/) may not import http/ or handlers/: what it shares with them lives below (security/, domain/).',
  },
];

const zones = [
  ...webZones,
  ...serverZones,
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
    plugins: { 'import-x': importX, project: { rules: { 'no-import-circle': noImportCircle } } },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '.json'],
          // The server and src/shared import `./x.js` for x.ts, as Node needs: unresolved, such an import
          // was no import at all to the path rules.
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // Not import-x/no-cycle: it skips type-only imports, and a circle of types is a circle all the same.
      'project/no-import-circle': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Type-aware: a promise nobody awaits, returns or marks `void` is a failure nobody sees. One program
    // over every file (tsconfig.eslint.json) rather than one per runtime project: the same verdicts at
    // two thirds of the CPU, since each project re-parsed the sources it shares with the others.
    files: ['**/*.{ts,tsx,mts,cts}', '*.config.js', 'scripts/**/*.{js,mjs}'],
    languageOptions: {
      parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test's test() and describe() return promises the runner itself awaits.
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] },
            { from: 'file', path: 'test/server/helpers/node-test.ts', name: ['describe', 'it', 'test'] },
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
    // The typed hooks themselves; the endpoint modules, which apply their tag's behaviour.
    ignores: ['src/web/app/hooks.ts', 'src/web/api/endpoints/*.ts'],
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
            // Webpack drops what a barrel's unused exports pull in, but Jest (CommonJS) loads all of it in
            // every test file that reaches the import: @mui/material alone is ~0.4 CPU s more than three
            // components.
            ...['@mui/material', '@mui/icons-material', '@mui/x-charts'].map((name) => ({
              name,
              message: `Import each component from its own path (${name}/Button), not the package's index.`,
            })),
          ],
          patterns: [
            {
              group: ['**/api/behaviour/*'],
              message:
                "Import the endpoints of the call's contract tag (src/web/api/endpoints/<tag>.ts), which applies this behaviour.",
            },
          ],
        },
      ],
    },
  },
  {
    // A component that outgrows a screen does too much: its sections (and the changes they make) become
    // components of their own (docs/architecture.md#rules-lint-holds).
    files: ['src/web/**/*.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 120 }] },
  },
  {
    // `npm test` loads a pass's server (or browser) test files into one process; what they register goes
    // through test/server/helpers/node-test.ts, which keeps each file's hooks to its own tests there.
    files: ['test/server/**/*.ts', 'test/e2e/**/*.ts'],
    ignores: ['test/server/helpers/node-test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'node:test',
              message: 'Import test, describe, it and the hooks from test/server/helpers/node-test.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The store's types only: its value (makeStore) is the app shell's to create.
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/store'],
              allowTypeImports: true,
              message: 'A feature may import only the types of app/store.ts (import type).',
            },
          ],
        },
      ],
    },
  },
  {
    // Rules know nothing of the web framework (they run in scripts and tests without it).
    files: ['src/server/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'fastify', message: 'domain/ may not import fastify: it holds rules, below HTTP.' },
          ],
          patterns: [
            {
              group: ['fastify/*', '@fastify/*'],
              message: 'domain/ may not import fastify: it holds rules, below HTTP.',
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
