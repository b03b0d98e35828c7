/** The operations of openapi.yaml as data, so tests check the API layer against the contract itself. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  /** The path has its own `servers: [{ url: '/' }]`: it is outside the API base (spec §7). */
  outsideApiBase: boolean;
  hasRequestBody: boolean;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function contractOperations(): ContractOperation[] {
  const document = parse(readFileSync(path.join(__dirname, '../../../openapi.yaml'), 'utf8')) as {
    paths: Record<string, Record<string, unknown> & { servers?: Array<{ url: string }> }>;
  };
  return Object.entries(document.paths).flatMap(([apiPath, item]) =>
    methods
      .filter((method) => item[method] !== undefined)
      .map((method) => {
        const operation = item[method] as { operationId: string; requestBody?: unknown };
        return {
          operationId: operation.operationId,
          method: method.toUpperCase(),
          path: apiPath,
          outsideApiBase: item.servers?.some((server) => server.url === '/') ?? false,
          hasRequestBody: operation.requestBody !== undefined,
        };
      }),
  );
}
