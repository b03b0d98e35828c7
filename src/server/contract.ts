/**
 * The contract at run time: openapi.yaml is loaded once at start, and each operation's query and
 * body schemas are compiled with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1). The same
 * loader gives the tests their response validators, so server and tests read one source of truth.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { parse } from 'yaml';
import { PROJECT_ROOT } from './project-root.js';

const DEFAULT_CONTRACT_PATH = join(PROJECT_ROOT, 'openapi.yaml');

// ajv-formats is CommonJS: Node's default import is its module.exports, whose `default` is the plugin.
const addFormats = ajvFormats.default;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const DOC_ID = 'openapi';

type Json = Record<string, unknown>;

export interface OperationSpec {
  operationId: string;
  method: Uppercase<(typeof METHODS)[number]>;
  /** Path as written in the contract, e.g. '/login'. */
  path: string;
  /** True when the operation has its own server ('/'), i.e. it is not under the API base. */
  outsideApiBase: boolean;
  /** True when anonymous callers are allowed (security lists an empty requirement). */
  allowsAnonymous: boolean;
  /**
   * True for the SCIM protocol's operations (security `scimBearer`): served by http/scim.ts with the
   * organization's bearer token and SCIM bodies, not by the API's routes (docs/scim.md).
   */
  scim: boolean;
  bodyRequired: boolean;
  validateBody: ValidateFunction | undefined;
  validateQuery: ValidateFunction | undefined;
}

export interface Contract {
  doc: Json;
  operations: OperationSpec[];
  /** Validator of the JSON response body of an operation for one status (tests use it). */
  responseValidator(operationId: string, status: number): ValidateFunction;
}

function pointer(...segments: string[]): string {
  return segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

function createAjv(doc: Json, { coerceTypes = false } = {}): Ajv2020 {
  // strict: false because the document carries OpenAPI keywords (paths, info...) Ajv does not know.
  // useDefaults fills contract defaults (e.g. invite role 'member') into the validated body.
  // coerceTypes (query strings only): '2' is the integer 2 there, as the contract's types say.
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    useDefaults: true,
    validateFormats: true,
    coerceTypes,
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'example' });
  ajv.addSchema({ ...doc, $id: DOC_ID });
  return ajv;
}

/** The value of make(), computed on the first call only. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** Follows a local '#/...' $ref of the document (requestBodies, responses, parameters). */
export function deref(doc: Json, node: unknown): { node: Json; at: string | undefined } {
  let at: string | undefined;
  let current = node as Json;
  for (let i = 0; i < 10 && current && typeof current.$ref === 'string'; i += 1) {
    at = (current.$ref as string).slice(1);
    current = at
      .split('/')
      .slice(1)
      .reduce<unknown>((n, key) => (n as Json)[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as Json;
  }
  return { node: current, at };
}

/** Where the contract parsed once is kept as JSON, by the hash of its YAML. */
const PARSED_CONTRACT_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'crm-sync');

/**
 * openapi.yaml as an object. Parsing its YAML costs most of a second of CPU, paid by every process that
 * starts a server (each test file is one); the JSON of the same text parses in milliseconds. A cache
 * that cannot be written (a read-only install) only costs the parse.
 */
function readContractDocument(path: string): Json {
  const text = readFileSync(path, 'utf8');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 20);
  const cached = join(PARSED_CONTRACT_DIR, `openapi.${hash}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as Json;
  } catch {
    // Not parsed yet (or unreadable): parse the YAML below.
  }
  const doc = parse(text) as Json;
  try {
    mkdirSync(PARSED_CONTRACT_DIR, { recursive: true });
    // Written aside and renamed, so a process starting at the same time never reads half a file.
    const partial = `${cached}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(doc));
    renameSync(partial, cached);
  } catch {
    // A read-only node_modules: every start parses the YAML.
  }
  return doc;
}

export function loadContract(path = DEFAULT_CONTRACT_PATH): Contract {
  const doc = readContractDocument(path);
  // Validators are compiled on first use: compiling all of them cost every process that starts a server
  // (each test file is one) 1.5-3 CPU seconds, for the handful of operations a file calls.
  const ajv = once(() => createAjv(doc));
  const queryAjv = once(() => createAjv(doc, { coerceTypes: true }));
  const operations: OperationSpec[] = [];
  const rootSecurity = (doc.security as Json[] | undefined) ?? [];

  for (const [path, pathItem] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    const servers = pathItem.servers as { url: string }[] | undefined;
    for (const method of METHODS) {
      const op = pathItem[method] as Json | undefined;
      if (!op) continue;
      const opPointer = `#/${pointer('paths', path, method)}`;
      const security = (op.security as Json[] | undefined) ?? rootSecurity;

      let bodySchema: Json | undefined;
      let bodyRequired = false;
      if (op.requestBody) {
        const { node: body, at } = deref(doc, op.requestBody);
        bodyRequired = body.required === true;
        const base = at ?? `${opPointer.slice(1)}/requestBody`;
        if ((body.content as Json | undefined)?.['application/json']) {
          bodySchema = { $ref: `${DOC_ID}#${base}/${pointer('content', 'application/json', 'schema')}` };
        }
      }

      let querySchema: Json | undefined;
      const params = ((op.parameters as Json[] | undefined) ?? []).map((p) => deref(doc, p));
      const query = params.filter((p) => p.node.in === 'query');
      if (query.length > 0) {
        const properties: Json = {};
        const required: string[] = [];
        params.forEach((p, index) => {
          if (p.node.in !== 'query') return;
          const name = p.node.name as string;
          const base = p.at ?? `${opPointer.slice(1)}/parameters/${index}`;
          // The parameter's default sits beside the $ref, where useDefaults fills it in: a handler reads
          // the contract's default, never a copy of it.
          const { default: fallback } = deref(doc, p.node.schema).node;
          properties[name] = {
            $ref: `${DOC_ID}#${base}/schema`,
            ...(fallback === undefined ? {} : { default: fallback }),
          };
          if (p.node.required === true) required.push(name);
        });
        // Unknown query parameters (cache busters, tracking) are ignored, not refused.
        querySchema = { type: 'object', properties, required };
      }

      const compileBody = once(() => (bodySchema ? ajv().compile(bodySchema) : undefined));
      const compileQuery = once(() => (querySchema ? queryAjv().compile(querySchema) : undefined));
      operations.push({
        operationId: op.operationId as string,
        method: method.toUpperCase() as OperationSpec['method'],
        path,
        outsideApiBase: servers !== undefined && servers.some((s) => s.url === '/'),
        allowsAnonymous: security.some((s) => Object.keys(s).length === 0),
        scim: security.some((s) => Object.keys(s).includes('scimBearer')),
        bodyRequired,
        get validateBody() {
          return compileBody();
        },
        get validateQuery() {
          return compileQuery();
        },
      });
    }
  }

  const responseValidators = new Map<string, ValidateFunction>();
  return {
    doc,
    operations,
    responseValidator(operationId, status) {
      const key = `${operationId}:${status}`;
      const cached = responseValidators.get(key);
      if (cached) return cached;
      const entry = Object.entries(doc.paths as Record<string, Json>)
        .flatMap(([path, item]) => METHODS.map((m) => ({ path, method: m, op: item[m] as Json | undefined })))
        .find((e) => e.op?.operationId === operationId);
      if (!entry?.op) throw new Error(`No operation ${operationId} in the contract`);
      const responses = entry.op.responses as Json;
      const raw = responses[String(status)];
      if (!raw) throw new Error(`${operationId} declares no ${status} response`);
      const { node, at } = deref(doc, raw);
      const base = at ?? pointer('', 'paths', entry.path, entry.method, 'responses', String(status));
      // SCIM answers are application/scim+json (RFC 7644), every other JSON answer application/json.
      const media = (node.content as Json | undefined)?.['application/scim+json']
        ? 'application/scim+json'
        : 'application/json';
      const validate = ajv().compile({
        $ref: `${DOC_ID}#${base}/${pointer('content', media, 'schema')}`,
      });
      responseValidators.set(key, validate);
      return validate;
    },
  };
}
