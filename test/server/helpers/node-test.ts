/**
 * node:test's registration functions, as the server and browser test files use them. Run by `node --test`, a file's
 * calls go straight to node:test. `npm test` instead loads every file of a pass into one process
 * (helpers/run-in-one-process.ts): there, what a file registers as it loads is collected and
 * replayed inside a suite named after the file, so its top-level hooks (a `before` that starts its test
 * app, an `after` that closes it) belong to that file alone rather than to every file loaded after it.
 *
 * Test files under test/server and test/e2e import these, never node:test itself (lint holds it).
 */
import * as nodeTest from 'node:test';

type Registration = () => void;
let collecting: Registration[] | undefined;

/** The node:test function, or, while a file loads in one-process mode, its call kept for later. */
function deferred<F extends (...args: never[]) => unknown>(register: F): F {
  return ((...args: Parameters<F>) => {
    if (!collecting) return register(...args);
    collecting.push(() => void register(...args));
    return Promise.resolve();
  }) as F;
}

/** test, describe and it with their .skip, .todo and .only, each deferred the same way. */
function deferredWithModifiers<
  F extends typeof nodeTest.test | typeof nodeTest.describe | typeof nodeTest.it,
>(register: F): F {
  return Object.assign(deferred(register), {
    skip: deferred(register.skip),
    todo: deferred(register.todo),
    only: deferred(register.only),
  });
}

export const test = deferredWithModifiers(nodeTest.test);
export const describe = deferredWithModifiers(nodeTest.describe);
export const it = deferredWithModifiers(nodeTest.it);
export const before = deferred(nodeTest.before);
export const after = deferred(nodeTest.after);
export const beforeEach = deferred(nodeTest.beforeEach);
export const afterEach = deferred(nodeTest.afterEach);
export const { mock } = nodeTest;

let sharedProcess = false;
const runEndHooks: (() => Promise<void>)[] = [];

/**
 * Whether this process runs several test files (helpers/run-in-one-process.ts), so that what they can share
 * (the browser files' Chromium) lives until `atRunEnd` rather than to the end of a file.
 */
export function filesShareProcess(): boolean {
  return sharedProcess;
}

/** Cleanup for the end of a one-process run, once every file has run (helpers/run-in-one-process.ts). */
export function atRunEnd(hook: () => Promise<void>): void {
  runEndHooks.push(hook);
}

/** Runs the `atRunEnd` hooks: the one-process runner's last step. */
export async function endRun(): Promise<void> {
  for (const hook of runEndHooks.splice(0)) await hook();
}

/**
 * Loads a test file, keeping what it registers instead of registering it: the caller replays the calls
 * inside a suite of its own. Files load one at a time.
 */
export async function collectRegistrations(load: () => Promise<unknown>): Promise<Registration[]> {
  if (collecting) throw new Error('test files load one at a time');
  sharedProcess = true;
  const registrations: Registration[] = [];
  collecting = registrations;
  try {
    await load();
    return registrations;
  } finally {
    collecting = undefined;
  }
}
