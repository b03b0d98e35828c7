/**
 * A TCP proxy that injects faults between the server and a dependency (PostgreSQL, Redis), so fault
 * tests never touch the machine's own services:
 * - cut(): every open connection is dropped and new ones are dropped on arrival, as when the database
 *   restarts or the network is cut;
 * - stall(): connections stay open but no byte moves either way, as on a frozen host or a lost route;
 * - resetMidQuery(n): the next n requests a client sends are passed on, then that connection is reset
 *   (TCP RST) before any answer comes back, so the server may have done the work nobody hears about;
 * - heal(): back to normal (stalled bytes are delivered).
 */
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

interface Pair {
  client: Socket;
  upstream: Socket;
  /** Bytes held while stalled, per direction. */
  held: { toUpstream: Buffer[]; toClient: Buffer[] };
}

export interface FaultProxy {
  readonly port: number;
  /** The connection string through the proxy: `url` with its host and port replaced. */
  through(url: string): string;
  cut(): void;
  stall(): void;
  resetMidQuery(count?: number): void;
  heal(): void;
  /** Connections the proxy has accepted so far. */
  readonly accepted: number;
  close(): Promise<void>;
}

export async function startFaultProxy(targetHost: string, targetPort: number): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  let mode: 'pass' | 'cut' | 'stall' = 'pass';
  let resets = 0;
  let accepted = 0;

  const drop = (pair: Pair) => {
    pair.client.resetAndDestroy();
    pair.upstream.destroy();
    pairs.delete(pair);
  };

  const server: Server = createServer((client) => {
    accepted += 1;
    client.on('error', () => undefined);
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(targetPort, targetHost);
    upstream.on('error', () => undefined);
    const pair: Pair = { client, upstream, held: { toUpstream: [], toClient: [] } };
    pairs.add(pair);
    const close = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on('close', close);
    upstream.on('close', close);
    client.on('data', (chunk) => {
      if (mode === 'stall') return void pair.held.toUpstream.push(chunk);
      upstream.write(chunk);
      if (resets > 0) {
        // The request is on its way to the server; the client never hears the answer.
        resets -= 1;
        drop(pair);
      }
    });
    upstream.on('data', (chunk) => {
      if (mode === 'stall') return void pair.held.toClient.push(chunk);
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut() {
      mode = 'cut';
      for (const pair of [...pairs]) drop(pair);
    },
    stall() {
      mode = 'stall';
    },
    resetMidQuery(count = 1) {
      resets = count;
    },
    heal() {
      mode = 'pass';
      resets = 0;
      for (const pair of pairs) {
        for (const chunk of pair.held.toUpstream.splice(0)) pair.upstream.write(chunk);
        for (const chunk of pair.held.toClient.splice(0)) pair.client.write(chunk);
      }
    },
    get accepted() {
      return accepted;
    },
    async close() {
      for (const pair of [...pairs]) drop(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
