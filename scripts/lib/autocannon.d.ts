// The part of autocannon's API (a CommonJS package without types) that lib/load-worker.ts uses.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }
  export interface Results {
    requests: Histogram;
    latency: Histogram;
    start: Date;
    finish: Date;
    errors: number;
    timeouts: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export default function autocannon(
    options: Record<string, unknown>,
    done: (error: Error | null, results: Results) => void,
  ): unknown;
}
