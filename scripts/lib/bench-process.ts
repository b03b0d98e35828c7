/**
 * The IPC side of a server process of `npm run bench` (the app, the hello world): it answers 'usage'
 * with its own CPU time (process.cpuUsage, microseconds) and RSS, so CPU per request is read from the
 * server process itself without an endpoint; 'stop' closes it, and it exits when the parent goes away
 * (an interrupted run leaves no server behind).
 */
export interface Usage {
  type: 'usage';
  /** user + system CPU time since the process started, in microseconds. */
  cpuMicros: number;
  rss: number;
  /** Server times (ms) of the requests since the last ask, per URL path. */
  timings: Record<string, number[]>;
}

export function serveBenchMessages(
  close: () => Promise<void>,
  takeTimings: () => Record<string, number[]> = () => ({}),
) {
  process.on('message', (message: { type: string }) => {
    if (message.type === 'usage') {
      const cpu = process.cpuUsage();
      const usage: Usage = {
        type: 'usage',
        cpuMicros: cpu.user + cpu.system,
        rss: process.memoryUsage().rss,
        timings: takeTimings(),
      };
      process.send!(usage);
    }
    if (message.type === 'stop') void close().then(() => process.exit(0));
  });
  process.on('disconnect', () => void close().finally(() => process.exit(0)));
}
