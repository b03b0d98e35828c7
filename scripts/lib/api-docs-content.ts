// What /docs adds to openapi.yaml before Redoc renders it (scripts/build-docs.ts): the guides a backend
// engineer looks for first (authentication, errors, changelog), short navigation labels, and curl and
// Node samples for every operation. Everything here is derived from the contract at build time, so the
// samples and the error catalogue cannot drift from it; the guides' prose lives in docs/api-*.md. For a
// zh-CN visitor the same is built in Chinese from api-docs.zh-CN.ts and docs/api-*.zh-CN.md.
import type { MessageCode } from '../../src/contract/messages.js';
import * as zh from './api-docs.zh-CN.js';

/** The parts of an OpenAPI 3.1 document this module reads; the rest is passed through untouched. */
type Json = Record<string, unknown>;

interface Operation extends Json {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Json[];
  servers?: { url: string }[];
  parameters?: Json[];
  requestBody?: Json;
  responses?: Record<string, Json>;
}

export interface Contract extends Json {
  info: Json & { description?: string };
  servers?: { url: string }[];
  tags?: (Json & { name: string })[];
  paths: Record<string, Record<string, Operation>>;
  components?: Json & { responses?: Record<string, Json>; schemas?: Record<string, Json> };
}

export interface Guides {
  authentication: string;
  changelog: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the contract, in its order. */
function operations(doc: Contract): { path: string; method: string; operation: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
  );
}

/** Follows a local `$ref` ('#/components/...') to what it names; anything else is returned as it is. */
function resolve<T = Json>(doc: Contract, value: unknown): T {
  let current = value as Json;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 10; hops += 1) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) break;
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc) as Json;
  }
  return current as T;
}

/** The name a `$ref` points at ('#/components/responses/BadRequest' -> 'BadRequest'), if it is one. */
function refName(value: unknown): string | undefined {
  const ref = (value as Json | undefined)?.$ref;
  return typeof ref === 'string' ? ref.slice(ref.lastIndexOf('/') + 1) : undefined;
}

/** A table cell: one line, no pipe breaking the table. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}

/**
 * The label of an operation in the side menu: its path in words ('/buy-more-seats' -> 'Buy more seats'),
 * short and the same word an engineer types in a call. The full summary stays, as the description's
 * first line.
 */
function shortLabel(path: string): string {
  const words = path.replace(/^\//, '').split(/[-/]+/).filter(Boolean);
  const text = words.map((word) => ({ crm: 'CRM', org: 'organization' })[word] ?? word).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** SCIM's operations (docs/scim.md) share their paths among methods and use a bearer token, not the cookie. */
const SCIM_PREFIX = '/scim/v2';
const isScimPath = (path: string) => path.startsWith(`${SCIM_PREFIX}/`);

/** The key of an operation's label: its path, or for SCIM its method and path ("get /scim/v2/Users"). */
function labelKey(path: string, method: string): string {
  return isScimPath(path) ? `${method} ${path}` : path;
}

/** The menu's English label: the path in words, or for SCIM the method and the resource's path. */
function englishLabel(path: string, method: string): string {
  return isScimPath(path) ? `${method.toUpperCase()} ${path.slice(SCIM_PREFIX.length)}` : shortLabel(path);
}

/** The JSON body an operation's example sends, or undefined when it takes none. */
function requestExample(doc: Contract, operation: Operation): unknown {
  if (!operation.requestBody) return undefined;
  const body = resolve<Json>(doc, operation.requestBody);
  const content = body.content as Record<string, Json> | undefined;
  const media = content?.['application/json'] ?? content?.['application/scim+json'];
  if (!media) return {};
  if (media.example !== undefined) return media.example;
  const first = Object.values((media.examples as Record<string, Json> | undefined) ?? {})[0];
  return first ? resolve<Json>(doc, first).value : {};
}

/** The query string of an operation's example: every query parameter with an example, or the required ones. */
function queryExample(doc: Contract, operation: Operation): string {
  const pairs = (operation.parameters ?? [])
    .map((parameter) => resolve<Json>(doc, parameter))
    .filter((parameter) => parameter.in === 'query')
    .flatMap((parameter) => {
      const schema = resolve<Json>(doc, parameter.schema ?? {});
      const example = parameter.example ?? schema.example;
      if (example === undefined && !parameter.required) return [];
      const value = example === undefined ? `<${String(parameter.name)}>` : String(example);
      return [`${encodeURIComponent(String(parameter.name))}=${encodeURIComponent(value)}`];
    });
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** True when the operation answers anonymous callers only or as well (an empty security requirement). */
function isAnonymous(doc: Contract, operation: Operation): boolean {
  const security = operation.security ?? (doc.security as Json[] | undefined) ?? [];
  return security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
}

/** Calls that start a session: their samples save the cookie rather than send one. */
const SIGN_IN = new Set(['/login', '/signup', '/google-auth', '/verify-two-factor']);

/** curl and Node (fetch) samples for one operation, as Redoc's x-codeSamples. */
function codeSamples(
  doc: Contract,
  path: string,
  method: string,
  operation: Operation,
): { lang: string; label: string; source: string }[] {
  const base = (operation.servers ?? doc.servers ?? [{ url: '/' }])[0]!.url.replace(/\/$/, '');
  const url = `${base}${path}${method === 'get' ? queryExample(doc, operation) : ''}`;
  if (isScimPath(path)) return scimSamples(url, method, requestExample(doc, operation));
  const body = method === 'get' ? undefined : (requestExample(doc, operation) ?? {});
  const signIn = SIGN_IN.has(path);
  const sendsCookie = !isAnonymous(doc, operation) || path === '/verify-two-factor';
  const cookieFlags = [signIn ? '-c cookies.txt' : '', sendsCookie ? '-b cookies.txt' : '']
    .filter(Boolean)
    .join(' ');

  const curl = [`APP=https://app.example.com`, `curl "$APP${url}"${cookieFlags ? ` ${cookieFlags}` : ''}`];
  if (body !== undefined) {
    curl[1] += ' \\';
    curl.push(`  -H "Origin: $APP" -H 'Content-Type: application/json' \\`);
    curl.push(`  -d '${JSON.stringify(body).replace(/'/g, "'\\''")}'`);
  }

  const headers = [
    sendsCookie ? 'cookie' : '',
    body !== undefined ? "origin: APP, 'content-type': 'application/json'" : '',
  ].filter(Boolean);
  const node = [
    `const APP = 'https://app.example.com';`,
    ...(sendsCookie ? ["// cookie: the 'session=...' pair the sign-in answered (see Authentication)."] : []),
    `const response = await fetch(\`\${APP}${url}\`, {`,
    `  method: '${method.toUpperCase()}',`,
    ...(headers.length ? [`  headers: { ${headers.join(', ')} },`] : []),
    ...(body !== undefined ? [`  body: JSON.stringify(${JSON.stringify(body)}),`] : []),
    `});`,
    ...(signIn
      ? [`const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');`]
      : []),
    `const answer = await response.json();`,
    `if (answer.error) throw new Error(\`\${response.status}: \${answer.message}\`);`,
  ];
  return [
    { lang: 'Shell', label: 'curl', source: curl.join('\n') },
    { lang: 'JavaScript', label: 'Node', source: node.join('\n') },
  ];
}

/** An identity provider's call: the organization's bearer token, SCIM's media type. */
function scimSamples(url: string, method: string, body: unknown) {
  const curl = [
    `APP=https://app.example.com`,
    `curl -X ${method.toUpperCase()} "$APP${url}" -H "Authorization: Bearer $SCIM_TOKEN"${body === undefined ? '' : ' \\'}`,
    ...(body === undefined
      ? []
      : [
          `  -H 'Content-Type: application/scim+json' \\`,
          `  -d '${JSON.stringify(body).replace(/'/g, "'\\''")}'`,
        ]),
  ];
  const node = [
    `const APP = 'https://app.example.com';`,
    `const response = await fetch(\`\${APP}${url}\`, {`,
    `  method: '${method.toUpperCase()}',`,
    `  headers: { authorization: \`Bearer \${process.env.SCIM_TOKEN}\`${body === undefined ? '' : ", 'content-type': 'application/scim+json'"} },`,
    ...(body !== undefined ? [`  body: JSON.stringify(${JSON.stringify(body)}),`] : []),
    `});`,
    `if (!response.ok) throw new Error(\`\${response.status}: \${(await response.json()).detail}\`);`,
  ];
  return [
    { lang: 'Shell', label: 'curl', source: curl.join('\n') },
    { lang: 'JavaScript', label: 'Node', source: node.join('\n') },
  ];
}

interface CodeEntry {
  code: string;
  statuses: string[];
  meaning: string;
  operations: string[];
}

/**
 * Every machine-readable `code` an error answer can carry: the enum of a `code` property of an error
 * schema (one with `error: { const: true }`), with the statuses that answer it and its meaning from the
 * schema's x-enumDescriptions. A code without a description stops the build: the catalogue must say
 * what each one means.
 */
function errorCodes(doc: Contract): CodeEntry[] {
  const entries = new Map<string, CodeEntry>();
  for (const { path, method, operation } of operations(doc)) {
    for (const [status, reference] of Object.entries(operation.responses ?? {})) {
      const response = resolve<Json>(doc, reference);
      for (const media of Object.values((response.content as Record<string, Json> | undefined) ?? {})) {
        const schema = resolve<Json>(doc, media.schema);
        const properties = (schema?.properties as Record<string, Json> | undefined) ?? {};
        if ((properties.error as Json | undefined)?.const !== true || !properties.code) continue;
        // The envelope's MessageCode has a table of its own (messageCodes): every code of every answer.
        if ((properties.code as Json).$ref === MESSAGE_CODE_REF) continue;
        const code = resolve<Json>(doc, properties.code);
        const descriptions = (code['x-enumDescriptions'] as Record<string, string> | undefined) ?? {};
        for (const value of (code.enum as string[] | undefined) ?? []) {
          const meaning = descriptions[value];
          if (!meaning)
            throw new Error(`openapi.yaml: the error code '${value}' has no x-enumDescriptions entry`);
          const entry = entries.get(value) ?? { code: value, statuses: [], meaning, operations: [] };
          if (!entry.statuses.includes(status)) entry.statuses.push(status);
          const name = `${method.toUpperCase()} ${path}`;
          if (!entry.operations.includes(name)) entry.operations.push(name);
          entries.set(value, entry);
        }
      }
    }
  }
  return [...entries.values()];
}

const MESSAGE_CODE_REF = '#/components/schemas/MessageCode';

/** Every code of the messages (the `MessageCode` schema): its English text, from x-enumDescriptions. */
function messageCodes(doc: Contract): { code: string; text: string }[] {
  const schema = resolve<Json>(doc, { $ref: MESSAGE_CODE_REF });
  const texts = (schema['x-enumDescriptions'] as Record<string, string> | undefined) ?? {};
  return ((schema.enum as string[] | undefined) ?? []).map((code) => {
    const text = texts[code];
    if (!text) throw new Error(`openapi.yaml: the message code '${code}' has no x-enumDescriptions entry`);
    return { code, text };
  });
}

interface StatusEntry {
  status: string;
  name: string;
  meaning: string;
  operations: number;
}

/** Every error status (4xx, 5xx) of the contract's shared answers, with how many operations answer it. */
function errorStatuses(doc: Contract): StatusEntry[] {
  const entries = new Map<string, StatusEntry>();
  for (const { operation } of operations(doc)) {
    for (const [status, reference] of Object.entries(operation.responses ?? {})) {
      if (!/^[45]/.test(status)) continue;
      const name = refName(reference) ?? '';
      const key = `${status} ${name}`;
      const entry = entries.get(key) ?? {
        status,
        name,
        meaning: name ? String(resolve<Json>(doc, reference).description ?? '') : '',
        operations: 0,
      };
      entry.operations += 1;
      entries.set(key, entry);
    }
  }
  return [...entries.values()].sort(
    (a, b) => a.status.localeCompare(b.status) || b.operations - a.operations,
  );
}

/** The languages /docs is built in. */
export type DocsLocale = 'en' | 'zh-CN';

/** The Errors guide: the envelope, every status with its meaning, every `code`, from the contract. */
function errorCatalogue(doc: Contract, locale: DocsLocale): string {
  if (locale === 'zh-CN') return chineseErrorCatalogue(doc);
  const total = operations(doc).length;
  const statuses = errorStatuses(doc);
  const shared = statuses.filter((entry) => entry.name);
  const specific = new Map<string, number>();
  for (const entry of statuses.filter((entry) => !entry.name))
    specific.set(entry.status, (specific.get(entry.status) ?? 0) + entry.operations);
  const lines = [
    'A failed call answers a non-2xx status and the error envelope',
    '`{ "error": true, "message": "...", "code": "...", "params": {} }`. `message` is a sentence written for',
    'the person using the app: show it as it is, or translate it by `code` (Messages, below). Decide what to',
    'do from the status and the `code`. A 429 or 503 carries `Retry-After` (seconds).',
    '',
    '### Statuses',
    '',
    '| Status | Meaning | Answered by |',
    '| --- | --- | --- |',
    ...shared.map(
      (entry) =>
        `| ${entry.status} | ${cell(entry.meaning)} | ${entry.operations === total ? 'every operation' : `${entry.operations} of ${total} operations`} |`,
    ),
    ...[...specific].map(
      ([status, count]) =>
        `| ${status} | Described with the operation that answers it. | ${count} of ${total} operations |`,
    ),
    '',
    '### Codes',
    '',
    'Refusals that a program must tell apart carry a `code` besides the message.',
    '',
    '| Code | Status | Meaning |',
    '| --- | --- | --- |',
    ...errorCodes(doc).map(
      (entry) =>
        `| \`${entry.code}\` | ${entry.statuses.join(', ')} | ${cell(entry.meaning)} From ${entry.operations.join(', ')}. |`,
    ),
    '',
    '### Messages',
    '',
    'Every `message` (of an error or of a success) comes with its `code` and `params`: the code names the',
    'sentence, and `params` holds the values put into its `{name}` placeholders. Codes are stable: decide and',
    'translate by `code`, never by the sentence, which may be reworded; new codes may be added, so show',
    '`message` as it is for a code you do not know.',
    '',
    '| Code | Message |',
    '| --- | --- |',
    ...messageCodes(doc).map((entry) => `| \`${entry.code}\` | ${cell(entry.text)} |`),
  ];
  return lines.join('\n');
}

/** The Errors guide in Chinese: the same tables, the meanings from the Chinese catalogue (else English). */
function chineseErrorCatalogue(doc: Contract): string {
  const words = zh.ERROR_GUIDE;
  const total = operations(doc).length;
  const statuses = errorStatuses(doc);
  const specific = new Map<string, number>();
  for (const entry of statuses.filter((entry) => !entry.name))
    specific.set(entry.status, (specific.get(entry.status) ?? 0) + entry.operations);
  return [
    ...words.intro,
    '',
    `### ${words.statuses}`,
    '',
    words.statusHeader,
    '| --- | --- | --- |',
    ...statuses
      .filter((entry) => entry.name)
      .map(
        (entry) =>
          `| ${entry.status} | ${cell(zh.RESPONSES[entry.name] ?? entry.meaning)} | ${entry.operations === total ? words.everyOperation : words.someOperations(entry.operations, total)} |`,
      ),
    ...[...specific].map(
      ([status, count]) =>
        `| ${status} | ${words.describedWithOperation} | ${words.someOperations(count, total)} |`,
    ),
    '',
    `### ${words.codes}`,
    '',
    words.codesIntro,
    '',
    words.codeHeader,
    '| --- | --- | --- |',
    ...errorCodes(doc).map(
      (entry) =>
        `| \`${entry.code}\` | ${entry.statuses.join(', ')} | ${cell(zh.CODES[entry.code] ?? entry.meaning)} ${words.from(entry.operations.join(', '))} |`,
    ),
    '',
    `### ${words.messages}`,
    '',
    ...words.messagesIntro,
    '',
    words.messageHeader,
    '| --- | --- |',
    ...messageCodes(doc).map(
      (entry) => `| \`${entry.code}\` | ${cell(zh.MESSAGES[entry.code as MessageCode] ?? entry.text)} |`,
    ),
  ].join('\n');
}

/**
 * What of the contract has no Chinese in api-docs.zh-CN.ts: operations (by path), tags, shared answers and
 * error codes. Empty when the Chinese /docs is whole (a test asserts it).
 */
export function untranslated(source: Contract): string[] {
  return [
    ...operations(source)
      .map(({ path, method }) => labelKey(path, method))
      .filter((key) => !zh.OPERATION_LABELS[key])
      .map((key) => `operation ${key}`),
    ...(source.tags ?? []).filter((tag) => !zh.TAGS[tag.name]).map((tag) => `tag ${tag.name}`),
    ...errorStatuses(source)
      .filter((entry) => entry.name && !zh.RESPONSES[entry.name])
      .map((entry) => `response ${entry.name}`),
    ...errorCodes(source)
      .filter((entry) => !zh.CODES[entry.code])
      .map((entry) => `code ${entry.code}`),
    ...messageCodes(source)
      .filter((entry) => !zh.MESSAGES[entry.code as MessageCode])
      .map((entry) => `message ${entry.code}`),
  ];
}

/** Short names of the contract's tags in the side menu (the tag itself stays, for the links). */
const TAG_LABELS: Record<string, string> = {
  auth: 'Sign-in',
  user: 'Account',
  catalogue: 'Catalogue',
  billing: 'Billing',
  crm: 'CRM',
  organization: 'Organization',
  security: 'Security',
  credits: 'Credits',
};

/**
 * The contract as /docs shows it: guides first, short labels, samples on every operation; in `locale`
 * (the guides given in it). In Chinese the names, the overview and the error catalogue are Chinese; the
 * descriptions of operations and fields stay as written in openapi.yaml.
 */
export function docsContract(source: Contract, guides: Guides, locale: DocsLocale = 'en'): Contract {
  const chinese = locale === 'zh-CN';
  const doc = structuredClone(source);
  if (chinese) {
    doc.info = { ...doc.info, title: zh.TITLE, description: zh.OVERVIEW };
    doc.servers = doc.servers?.map((server) => {
      const description = (server as { description?: string }).description;
      return description && zh.SERVERS[description]
        ? { ...server, description: zh.SERVERS[description] }
        : server;
    });
  }
  for (const { path, method, operation } of operations(doc)) {
    const sentence = operation.summary;
    operation.summary =
      (chinese && zh.OPERATION_LABELS[labelKey(path, method)]) || englishLabel(path, method);
    if (sentence) operation.description = [sentence, operation.description].filter(Boolean).join('\n\n');
    operation['x-codeSamples'] = codeSamples(doc, path, method, operation);
  }
  const names = chinese
    ? zh.GUIDE_NAMES
    : { authentication: 'Authentication', errors: 'Errors', changelog: 'Changelog' };
  const guideTags = [
    {
      name: 'authentication',
      'x-displayName': names.authentication,
      'x-traitTag': true,
      description: guides.authentication,
    },
    {
      name: 'errors',
      'x-displayName': names.errors,
      'x-traitTag': true,
      description: errorCatalogue(source, locale),
    },
    {
      name: 'changelog',
      'x-displayName': names.changelog,
      'x-traitTag': true,
      description: guides.changelog,
    },
  ];
  const tags = (doc.tags ?? []).map((tag) => {
    const translation = chinese ? zh.TAGS[tag.name] : undefined;
    return translation
      ? { ...tag, description: translation.description, 'x-displayName': translation.name }
      : { ...tag, 'x-displayName': TAG_LABELS[tag.name] ?? tag.name };
  });
  doc.tags = [...guideTags, ...tags];
  const groups = chinese ? zh.GROUP_NAMES : { guides: 'Guides', operations: 'Operations' };
  doc['x-tagGroups'] = [
    { name: groups.guides, tags: guideTags.map((tag) => tag.name) },
    { name: groups.operations, tags: tags.map((tag) => tag.name) },
  ];
  return doc;
}
