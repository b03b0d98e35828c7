/**
 * What the CRM fakes (hubspot.ts, pipedrive.ts, salesforce.ts) share: a node:http server on a free
 * loopback port that reads JSON bodies, records every request, answers 401 to credentials it does not
 * know, plays an answer a test scripts for the next matching request (a 429, a 409), and otherwise hands the
 * request to the fake's routes. Each fake keeps its records in memory and answers as its CRM documents.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A fake's routes: an answer, or undefined for a request it does not serve (404). */
export type FakeRoutes = (request: FakeRequest) => FakeAnswer | undefined;

export interface FakeApi {
  /** Where the fake listens, e.g. http://127.0.0.1:40123 (no trailing slash). */
  url: string;
  requests: FakeRequest[];
  /** The next request of that method whose path matches answers this, once. */
  answerNext(method: string, path: RegExp, answer: FakeAnswer): void;
  close(): Promise<void>;
}

export async function startFakeApi(options: {
  /** Whether the request carries credentials the fake accepts. */
  authorized(request: FakeRequest): boolean;
  /** The CRM's answer to credentials it does not accept. */
  unauthorized: FakeAnswer;
  routes: FakeRoutes;
}): Promise<FakeApi> {
  const requests: FakeRequest[] = [];
  const scripted: { method: string; path: RegExp; answer: FakeAnswer }[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake.test');
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      };
      requests.push(request);
      const script = scripted.findIndex((s) => s.method === request.method && s.path.test(request.path));
      const answer: FakeAnswer = !options.authorized(request)
        ? options.unauthorized
        : script >= 0
          ? scripted.splice(script, 1)[0]!.answer
          : (options.routes(request) ?? { status: 404, body: { message: 'Not found' } });
      res.writeHead(answer.status, {
        ...(answer.body === undefined ? {} : { 'content-type': 'application/json;charset=utf-8' }),
        ...answer.headers,
      });
      res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerNext(method, path, answer) {
      scripted.push({ method, path, answer });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The bearer token of a request, if it has one. */
export function bearerOf(request: FakeRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined;
}

/** A rough email check, as the CRMs do on their email fields. */
export const looksLikeEmail = (value: string) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value);
