/**
 * A SIEM endpoint on this machine for the audit-log streaming tests (docs/product.md#audit-log-streaming):
 * it records every delivery (headers and the raw body) and answers each path as the test says (a status,
 * or no answer at all), so a test can fail an endpoint and let it recover. No internet involved.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as received (a signature is computed over these bytes). */
  raw: string;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
}

/** What a path answers: a status, or 'hang' (never answers, so the sender's deadline ends the try). */
type Answer = number | 'hang';

export interface SiemReceiver {
  /** `http://localhost:<port>/siem/<name>`. */
  url(name: string): string;
  answer(name: string, answer: Answer): void;
  received(name: string): Delivery[];
  /** Requests to `name` still waiting for an answer ('hang'), their sender not gone yet. */
  waiting(name: string): number;
  /** Answers 200 to the requests to `name` still waiting, and to the next ones. */
  release(name: string): void;
  close(): Promise<void>;
}

export async function startSiemReceiver(): Promise<SiemReceiver> {
  const answers = new Map<string, Answer>();
  const deliveries: Delivery[] = [];
  const hanging = new Map<ServerResponse, string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      deliveries.push({ path, headers: request.headers, raw, body: JSON.parse(raw) as Delivery['body'] });
      const answer = answers.get(path) ?? 200;
      if (answer === 'hang') {
        hanging.set(response, path);
        response.on('close', () => hanging.delete(response));
        return;
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `http://localhost:${port}/siem/${name}`,
    answer: (name, answer) => answers.set(`/siem/${name}`, answer),
    received: (name) => deliveries.filter((delivery) => delivery.path === `/siem/${name}`),
    waiting: (name) => [...hanging.values()].filter((path) => path === `/siem/${name}`).length,
    release(name) {
      answers.set(`/siem/${name}`, 200);
      for (const [response, path] of hanging) {
        if (path === `/siem/${name}`) response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      }
    },
    async close() {
      for (const response of hanging.keys()) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
