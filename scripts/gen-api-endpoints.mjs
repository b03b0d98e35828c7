// Writes, from openapi.yaml, the method and path of every operation (src/contract/routes.ts, plain data
// for any side: the MSW handlers of the web tests use it) and the SPA's RTK Query endpoints, one module per
// contract tag (src/web/api/endpoints/<tag>.ts): one endpoint per operation, named by its operationId,
// sent to the same route (written out, so the SPA's bundle does not carry the route table), and typed from
// src/contract/api.ts (the types openapi-typescript generates), so the SPA has one type source and no
// hand-written path. Each module injects its endpoints into the one API (base-api.ts) when it is first
// imported, so a first load carries only the tags its screens call (docs/performance.md#size-budgets). Tags
// and the behaviour of single calls are written by hand in src/web/api/behaviour/<tag>.ts, which the
// tag's module applies when that file exists. Part of `npm run gen:api`; plain Node so the freshness
// check can run it.
//
// Why not @rtk-query/codegen-openapi: it generates a second set of types (OpenAPI 3.1's `const` becomes
// `any`), ignores a path's own `servers` (/org-subscription) and wraps or flattens arguments unlike the
// rest of the app.
//
//   node scripts/gen-api-endpoints.mjs routes [output]    the route table (no output: print to stdout)
//   node scripts/gen-api-endpoints.mjs endpoints <dir>    the endpoint modules, <dir>/<tag>.ts each
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
    const tags = operation.tags ?? [];
    if (tags.length !== 1) throw new Error(`${operation.operationId}: an operation has exactly one tag`);
    return {
      id: operation.operationId,
      tag: tags[0],
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
const hooksOf = ({ id, method }) =>
  method === 'get'
    ? [
        [`use${capitalized(id)}Query`, id, 'useQuery'],
        [`useLazy${capitalized(id)}Query`, id, 'useLazyQuery'],
      ]
    : [[`use${capitalized(id)}Mutation`, id, 'useMutation']];
const header = (what) => `/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (\`npm run gen:api\`): do not edit.
${what}
 */`;

/** The tag's hand-written behaviour (tags, single calls' quirks), when it has any. */
const behaviourFile = (tag) => new URL(`../src/web/api/behaviour/${tag}.ts`, import.meta.url);

/** The module of one contract tag's endpoints. */
function tagModule(tag, operations) {
  const name = `${tag.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase())}Api`;
  const behaviour = existsSync(behaviourFile(tag));
  const usesQuery = operations.some(({ hasQuery }) => hasQuery);
  const usesBody = operations.some(({ hasQuery, body }) => !hasQuery && body === 'json');
  const kinds = ['get', 'post'].filter((kind) => operations.some(({ method }) => method === kind));
  const types = [usesQuery && 'QueryParams', usesBody && 'RequestBody', 'SuccessBody'].filter(Boolean);
  return `${header(` * The endpoints of the contract's \`${tag}\` operations, injected into the one API when this module is\n * first imported${behaviour ? `, with the behaviour of behaviour/${tag}.ts` : ''}. Import them and their hooks from here.`)}
import { baseApi } from '../base-api';
import type { ${types.join(', ')} } from '../../../contract/types';
import { ${kinds.join(', ')} } from '../endpoint-kinds';
${behaviour ? `import { behaviour } from '../behaviour/${tag}';\n` : ''}
export const ${name} = baseApi
  .injectEndpoints({
    endpoints: (build) => ({
${operations.map((operation) => `  ${endpoint(operation)}`).join('\n')}
    }),
  })${behaviour ? '\n  .enhanceEndpoints({ endpoints: behaviour })' : ''};

type Endpoints = typeof ${name}.endpoints;

/** A hook of an endpoint: pure, so the bundle keeps only the hooks the app uses. */
function hook<K extends keyof Endpoints, H extends keyof Endpoints[K]>(id: K, name: H): Endpoints[K][H] {
  return ${name}.endpoints[id][name];
}

${operations
  .flatMap(hooksOf)
  .map(([hookName, id, kind]) => `export const ${hookName} = /*#__PURE__*/ hook('${id}', '${kind}');`)
  .join('\n')}
`;
}

const byTag = new Map();
for (const operation of endpoints) byTag.set(operation.tag, [...(byTag.get(operation.tag) ?? []), operation]);

const routes = `${header(" * Method and path of every operation, as the contract has them; `outsideApiBase` for the paths\n * served outside the API base (their own `servers: [{ url: '/' }]`, docs/product.md#api-calls).")}
export const operationRoutes = {
${operations.map(route).join('\n')}
} as const;
`;

const [what, output] = process.argv.slice(2);
if (what === 'routes') {
  if (output) writeFileSync(output, routes);
  else process.stdout.write(routes);
} else if (what === 'endpoints' && output) {
  mkdirSync(output, { recursive: true });
  for (const [tag, tagOperations] of byTag) {
    writeFileSync(`${output}/${tag}.ts`, tagModule(tag, tagOperations));
  }
} else {
  throw new Error('usage: gen-api-endpoints.mjs routes [output] | endpoints <dir>');
}
