import '@testing-library/jest-dom';
import { configure, getConfig } from '@testing-library/react';
import * as React from 'react';
import { recordUnhandledRequest, server, takeUnhandledRequests } from './msw/server';
import { DEFAULT_RETRY_POLICY, setRecoveryPolicy, setRetryPolicy } from '../../src/web/api/retry-policy';

// React's development build captures a stack trace (`Error()`) for every element it creates, for the
// "owner stacks" of its warnings: a sixth of this suite's CPU. Past 10,000 elements in one render React
// stops capturing them by itself; this starts every render past that limit. Warnings still fail tests;
// their component stacks are only shorter.
const reactInternals = (React as unknown as Record<string, { recentlyCreatedOwnerStacks?: number }>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (typeof reactInternals?.recentlyCreatedOwnerStacks === 'number') {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
    get: () => Number.POSITIVE_INFINITY,
    set: () => undefined,
  });
}

// A failed load shows at once in component tests; test/web/api/query-retries.test.ts turns retries on.
setRetryPolicy({ ...DEFAULT_RETRY_POLICY, retries: 0 });
// A failed load shown stays until "Try again" (test/web/recovery/recovering.test.tsx turns recovery on).
setRecoveryPolicy(null);

// Node's Request rejects relative URLs; a browser resolves them against the page. RTK Query builds
// `new Request('/api/...')`, so resolve them the way a browser would. Files that render nothing run in
// Jest's node environment (a `@jest-environment node` docblock), where the page is jsdom's default URL.
const pageUrl = () => globalThis.location?.href ?? 'http://localhost/';
const NativeRequest = globalThis.Request;
globalThis.Request = class Request extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, pageUrl()) : input, init);
  }
};

// The suite must pass on a busy 2-core machine: findBy/waitFor poll until the thing appears, and the
// ceiling is only there to end a test that can never pass. One second (the default) is not enough when
// a lazy route chunk compiles under load.
//
// A query that fails inside findBy/waitFor builds its error with a print of the whole DOM, at every poll,
// only to throw it away: on a page of 50 rows that was a tenth of a file's CPU. While waitFor polls (its
// flag for expensive diagnostics is on), the print is made only if the message is read, which waitFor
// does for the error a timeout reports: failures still show the DOM.
const printingElementError = getConfig().getElementError;
const polling = () =>
  (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics;
configure({
  asyncUtilTimeout: 15_000,
  getElementError(message, container) {
    if (!polling()) return printingElementError(message, container);
    const error = new Error();
    error.name = 'TestingLibraryElementError';
    let printed: string | undefined;
    Object.defineProperty(error, 'message', {
      configurable: true,
      get: () => (printed ??= printingElementError(message, container).message),
    });
    return error;
  },
});

beforeAll(() =>
  server.listen({
    onUnhandledRequest(request, print) {
      recordUnhandledRequest(request);
      // Logs the request and makes it fail with a network error, like the 'error' strategy.
      print.error();
    },
  }),
);

afterEach(() => {
  // A test with the spec's fake timers (utils/spec-timers.ts) leaves the next one the real clock.
  jest.useRealTimers();
  server.resetHandlers();
  // Code under test may swallow the network error; the test still fails.
  const unhandled = takeUnhandledRequests();
  if (unhandled.length > 0) {
    throw new Error(`Requests without a matching MSW handler: ${unhandled.join(', ')}`);
  }
});

afterAll(() => server.close());
