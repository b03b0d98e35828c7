import { setupServer } from 'msw/node';

// No default handlers: each test declares the calls it expects with `server.use(...)`.
export const server = setupServer();

const unhandledRequests: string[] = [];

/** Records a request no handler matched; setup.ts fails the running test because of it. */
export function recordUnhandledRequest(request: Request) {
  unhandledRequests.push(`${request.method} ${request.url}`);
}

/**
 * Returns and forgets the requests no handler matched since the last call. A test that expects an
 * unhandled request calls it itself, so the check after each test does not fail it.
 */
export function takeUnhandledRequests(): string[] {
  return unhandledRequests.splice(0);
}
