// Writes, from openapi.yaml, the method and path of every operation (src/contract/routes.ts, plain data
// for any side: the MSW handlers of the web tests use it) and the SPA's RTK Query endpoints
// (src/web/api/generated-endpoints.ts): one endpoint per operation, named by its operationId, sent to
// the same route (written out, so the SPA's bundle does not carry the route table), and typed from src/contract/api.ts (the types openapi-typescript generates), so the SPA has
// one type source and no hand-written path. Tags and the behaviour of single calls are layered on top
// in src/web/api/index.ts. Part of `npm run gen:api`; plain Node so the freshness test can run it.
//
// Why not @rtk-query/codegen-openapi: it generates a second set of types (OpenAPI 3.1's `const` becomes
// `any`), ignores a path's own `servers` (/org-subscription) and wraps or flattens arguments unlike the
// rest of the app.
//
//   node scripts/gen-api-endpoints.mjs routes [output]      the route table (no output: print to stdout)
//   node scripts/gen-api-endpoints.mjs endpoints [output]   the endpoints
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const EMPTY_BODY = '#/components/requestBodies/Empty';

const contract = parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8'));

/** A local '#/components/...' reference followed to its node (shared parameters). */
function resolve(node) {
  if (typeof node?.$ref !== 'string' || !node.$ref.startsWith('#/')) return node;
  return node.$ref
    .slice(2)
    .split('/')
    .reduce((at, key) => at[key.replace(/~1/g, '/').replace(/~0/g, '~')], contract);
}

/** The operations in the contract's order, with what an endpoint needs to know of each. */
// An operation whose answer is not JSON (the CSV export) is a download the browser makes by link: no endpoint.
const answersJson = (operation) =>
  Boolean(operation.responses?.['200']?.content?.['application/json']) ||
  Boolean(operation.responses?.['200']?.$ref);
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => {
    const operation = item[method];
    const queryParameters = (operation.parameters ?? [])
      .map(resolve)
      .filter((parameter) => parameter.in === 'query');
    const body = operation.requestBody;
    return {
      id: operation.operationId,
      method,
      path,
      // A path with its own `servers: [{ url: '/' }]` is served outside the API base (docs/product.md#api-calls).
      outsideApiBase: (item.servers ?? []).some((server) => server.url === '/'),
      hasQuery: queryParameters.length > 0,
      json: answersJson(operation),
      body: body === undefined ? 'none' : body.$ref === EMPTY_BODY ? 'empty' : 'json',
    };
  }),
);

function endpoint({ id, method, path, outsideApiBase, hasQuery, body }) {
  if (hasQuery && body === 'json') throw new Error(`${id}: query parameters and a body are not supported`);
  if (method !== 'get' && method !== 'post') throw new Error(`${id}: method ${method} is not supported`);
  if (method === 'get' && body !== 'none') throw new Error(`${id}: a GET with a body is not supported`);
  if (method === 'post' && (outsideApiBase || (hasQuery && body !== 'empty'))) {
    throw new Error(`${id}: a POST outside the API base or with a query and no Empty body is not supported`);
  }
  const arg = hasQuery ? `QueryParams<'${id}'>` : body === 'json' ? `RequestBody<'${id}'>` : null;
  const types = `SuccessBody<'${id}'>${arg ? `, ${arg}` : ''}`;
  // endpoint-kinds.ts: get(build, url, outsideApiBase?) and post(build, url, emptyBody?).
  const extra = method === 'get' ? (outsideApiBase ? ', true' : '') : body === 'empty' ? ', true' : '';
  return `    ${id}: ${method}<${types}>(build, '${path}'${extra}),`;
}

function route({ id, method, path, outsideApiBase }) {
  return `  ${id}: { method: '${method}', path: '${path}'${outsideApiBase ? ', outsideApiBase: true' : ''} },`;
}

const capitalized = (id) => id.charAt(0).toUpperCase() + id.slice(1);
const endpoints = operations.filter((operation) => operation.json);
const hooks = endpoints.flatMap(({ id, method }) =>
  method === 'get'
    ? [
        [`use${capitalized(id)}Query`, id, 'useQuery'],
        [`useLazy${capitalized(id)}Query`, id, 'useLazyQuery'],
      ]
    : [[`use${capitalized(id)}Mutation`, id, 'useMutation']],
);
const header = (what) => `/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (\`npm run gen:api\`): do not edit.
${what}
 */`;

const sources = {
  routes: `${header(" * Method and path of every operation, as the contract has them; `outsideApiBase` for the paths\n * served outside the API base (their own `servers: [{ url: '/' }]`, docs/product.md#api-calls).")}
export const operationRoutes = {
${operations.map(route).join('\n')}
} as const;
`,
  endpoints: `${header(" * One endpoint per operation, named by its operationId and typed from src/contract/api.ts. Import the\n * API and its hooks from './index' (src/web/api), where tags and behaviour are layered on top.")}
import { baseApi } from './base-api';
import type { QueryParams, RequestBody, SuccessBody } from '../../contract/types';
import { get, post } from './endpoint-kinds';

export const generatedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
${endpoints.map(endpoint).join('\n')}
  }),
});

type Endpoints = typeof generatedApi.endpoints;

/** A hook of an endpoint: pure, so the bundle keeps only the hooks the app uses. */
function hook<K extends keyof Endpoints, H extends keyof Endpoints[K]>(id: K, name: H): Endpoints[K][H] {
  return generatedApi.endpoints[id][name];
}

${hooks.map(([name, id, kind]) => `export const ${name} = /*#__PURE__*/ hook('${id}', '${kind}');`).join('\n')}
`,
};

const [what, output] = process.argv.slice(2);
const source = sources[what];
if (!source) throw new Error('usage: gen-api-endpoints.mjs routes|endpoints [output]');
if (output) writeFileSync(output, source);
else process.stdout.write(source);
