// Shared code runs in browsers and in Node, so it is typed with neither's globals (no DOM, no @types/node):
// the few web-platform APIs both runtimes provide and shared code uses are declared here, as far as used.
declare class URLSearchParams {
  constructor(init?: string);
  get(name: string): string | null;
  keys(): IterableIterator<string>;
}
