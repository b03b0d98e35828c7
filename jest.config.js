// @ts-check

// Packages published as ES modules (MSW 2 and its dependencies) that Jest must transform to CommonJS.
const esmPackages = [
  'msw',
  '@mswjs',
  '@bundled-es-modules',
  '@open-draft',
  '@inquirer',
  'until-async',
  'outvariant',
  'strict-event-emitter',
  'headers-polyfill',
  'is-node-process',
  'rettime',
];

/**
 * @param {'typescript' | 'ecmascript'} syntax
 * @returns {[string, Record<string, unknown>]}
 */
const swc = (syntax) => [
  '@swc/jest',
  {
    jsc: {
      parser: syntax === 'typescript' ? { syntax, tsx: true } : { syntax, jsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config} */
export default {
  testEnvironment: '<rootDir>/test/web/jsdom-environment.cjs',
  // Without this, jsdom resolves packages with the "browser" export condition and MSW loads its
  // browser build. The URL is also the base for relative fetch URLs ('/api/...').
  testEnvironmentOptions: { customExportConditions: [''], url: 'http://localhost/' },
  roots: ['<rootDir>/test/web'],
  testMatch: ['**/*.test.ts?(x)'],
  // Tests wait for what users see (see test/web/setup.ts), never for time; under load a test may need
  // longer than Jest's 5 s default to get there.
  testTimeout: 60_000,
  setupFilesAfterEnv: ['<rootDir>/test/web/setup.ts'],
  transform: {
    '^.+\\.[cm]?tsx?$': swc('typescript'),
    '^.+\\.[cm]?jsx?$': swc('ecmascript'),
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    // Code the compiled server also runs (src/shared, src/contract) imports `./email.js` for email.ts, as
    // Node needs; without the extension Jest finds either file.
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.(css|less|scss)$': '<rootDir>/test/web/file-stub.ts',
    '\\.(png|jpe?g|gif|webp|avif|svg|ico|woff2?)$': '<rootDir>/test/web/file-stub.ts',
  },
};
