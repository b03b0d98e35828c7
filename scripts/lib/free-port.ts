import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A TCP port free on 127.0.0.1 right now (the OS picks it; the probe closes before this resolves), so a
 * server can be told its public URL before it starts listening.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
