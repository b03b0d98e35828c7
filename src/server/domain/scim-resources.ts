/**
 * SCIM 2.0 requests read as the product's terms (docs/scim.md#what-is-supported), pure: a user's or a
 * group's attributes from a POST or PUT body, the result of PATCH operations (with or without `path`,
 * Entra's "True"/"False" strings, member removal by value filter), list filters and paging. Anything
 * malformed is a ScimRefusal (400 with its `scimType`), never an exception of another kind.
 */
import { isEmailAddress, normalizeEmail } from '../../shared/email.js';
import { DomainError, type RefusalKind } from './errors.js';
import { message, type Message } from '../../contract/messages.js';
import type { ScimEquality } from '../repositories/scim.js';

/** A refusal with the SCIM error type that goes with it (RFC 7644 section 3.12). */
export class ScimRefusal extends DomainError {
  constructor(
    kind: RefusalKind,
    said: Message,
    readonly scimType?: string,
  ) {
    super(kind, said);
  }
}

const bodyInvalid = (reason: string, scimType = 'invalidValue') =>
  new ScimRefusal('invalid', message('scim_body_invalid', { reason }), scimType);

const patchInvalid = (index: number, reason: string, scimType = 'invalidValue') =>
  new ScimRefusal('invalid', message('scim_patch_invalid', { index: index + 1, reason }), scimType);

const FIELD_MAX = 200;
const USER_NAME_MAX = 320;

export interface ScimUserInput {
  userName: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  active: boolean;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An attribute of an object by its name in any letter case (SCIM names are case-insensitive). */
function attribute(object: Json, name: string): unknown {
  const key = Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : object[key];
}

/** true, false, or Entra's "True"/"False" strings (any case). */
export function scimBoolean(value: unknown, name: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) {
    return value.trim().toLowerCase() === 'true';
  }
  throw bodyInvalid(`${name} must be true or false`);
}

function optionalText(value: unknown, name: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw bodyInvalid(`${name} must be a string`);
  const text = value.trim();
  if (text.length > FIELD_MAX) throw bodyInvalid(`${name} is longer than ${FIELD_MAX} characters`);
  return text === '' ? null : text;
}

function userName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw bodyInvalid('userName is required');
  if (value.length > USER_NAME_MAX) throw bodyInvalid(`userName is longer than ${USER_NAME_MAX} characters`);
  const address = normalizeEmail(value);
  if (!isEmailAddress(address)) throw bodyInvalid('userName must be an email address');
  return address;
}

function nameParts(value: unknown): Pick<ScimUserInput, 'givenName' | 'familyName'> {
  if (value === undefined || value === null) return { givenName: null, familyName: null };
  if (!isObject(value)) throw bodyInvalid('name must be an object');
  return {
    givenName: optionalText(attribute(value, 'givenName'), 'name.givenName'),
    familyName: optionalText(attribute(value, 'familyName'), 'name.familyName'),
  };
}

function bodyObject(body: unknown): Json {
  if (!isObject(body)) throw bodyInvalid('the body must be a JSON object', 'invalidSyntax');
  return body;
}

/** A User of a POST or PUT body: `active` defaults to true. */
export function readUserInput(body: unknown): ScimUserInput {
  const user = bodyObject(body);
  const active = attribute(user, 'active');
  return {
    userName: userName(attribute(user, 'userName')),
    externalId: optionalText(attribute(user, 'externalId'), 'externalId'),
    ...nameParts(attribute(user, 'name')),
    active: active === undefined || active === null ? true : scimBoolean(active, 'active'),
  };
}

interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  path: string | undefined;
  value: unknown;
}

/** The Operations of a PatchOp body, each with its `op` in lower case. */
function readOperations(body: unknown): PatchOperation[] {
  const patch = bodyObject(body);
  const operations = attribute(patch, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0) {
    throw bodyInvalid('Operations must be a list of operations', 'invalidSyntax');
  }
  if (operations.length > 100) throw bodyInvalid('at most 100 operations', 'tooMany');
  return operations.map((raw, index) => {
    if (!isObject(raw)) throw patchInvalid(index, 'an operation must be an object', 'invalidSyntax');
    const op = attribute(raw, 'op');
    const kind = typeof op === 'string' ? op.toLowerCase() : '';
    if (kind !== 'add' && kind !== 'replace' && kind !== 'remove') {
      throw patchInvalid(index, 'op must be add, replace or remove', 'invalidSyntax');
    }
    const path = attribute(raw, 'path');
    if (path !== undefined && (typeof path !== 'string' || path.trim() === '')) {
      throw patchInvalid(index, 'path must be a non-empty string', 'invalidPath');
    }
    return { op: kind, path: path?.trim(), value: attribute(raw, 'value') };
  });
}

const USER_SCHEMA_PREFIX = 'urn:ietf:params:scim:schemas:core:2.0:user:';

/** The user with one attribute set (`path` without a filter); attributes this product keeps nothing of are ignored. */
function setUserAttribute(user: ScimUserInput, path: string, value: unknown, index: number): ScimUserInput {
  let name = path.toLowerCase();
  if (name.startsWith(USER_SCHEMA_PREFIX)) name = name.slice(USER_SCHEMA_PREFIX.length);
  const remove = value === undefined;
  const text = (label: string) => (remove ? null : optionalText(value, label));
  switch (name) {
    case 'active':
      if (remove) throw patchInvalid(index, 'active cannot be removed', 'mutability');
      return { ...user, active: scimBoolean(value, 'active') };
    case 'username':
      if (remove) throw patchInvalid(index, 'userName cannot be removed', 'mutability');
      return { ...user, userName: userName(value) };
    case 'externalid':
      return { ...user, externalId: text('externalId') };
    case 'name.givenname':
      return { ...user, givenName: text('name.givenName') };
    case 'name.familyname':
      return { ...user, familyName: text('name.familyName') };
    case 'name':
      return { ...user, ...(remove ? { givenName: null, familyName: null } : nameParts(value)) };
    default:
      // displayName, emails, title, phone numbers, enterprise extension...: Entra and Okta send them;
      // the product keeps none, so they change nothing (docs/scim.md#what-is-supported).
      return user;
  }
}

/** The user after a PatchOp body (RFC 7644 section 3.5.2). */
export function applyUserPatch(current: ScimUserInput, body: unknown): ScimUserInput {
  return readOperations(body).reduce((user, operation, index) => {
    if (operation.path === undefined) {
      // Without a path the value holds the attributes: Entra's {"op":"replace","value":{"active":false}}.
      if (operation.op === 'remove') throw patchInvalid(index, 'remove needs a path', 'noTarget');
      if (!isObject(operation.value)) throw patchInvalid(index, 'value must be an object without a path');
      return Object.entries(operation.value).reduce(
        (changed, [key, value]) => setUserAttribute(changed, key, value, index),
        user,
      );
    }
    if (operation.op !== 'remove' && operation.value === undefined) {
      throw patchInvalid(index, `${operation.op} needs a value`);
    }
    return setUserAttribute(
      user,
      operation.path,
      operation.op === 'remove' ? undefined : operation.value,
      index,
    );
  }, current);
}

export interface ScimGroupState {
  displayName: string;
  externalId: string | null;
  /** SCIM user ids. */
  members: string[];
}

function displayName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw bodyInvalid('displayName is required');
  if (value.trim().length > FIELD_MAX)
    throw bodyInvalid(`displayName is longer than ${FIELD_MAX} characters`);
  return value.trim();
}

/** The `value`s of a members list ([{ "value": "id" }, ...]). */
function memberValues(value: unknown, what: string): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((member) => {
    const id = isObject(member) ? attribute(member, 'value') : undefined;
    if (typeof id !== 'string' || id === '') throw bodyInvalid(`${what}: each member needs a value`);
    return id;
  });
}

/** A Group of a POST or PUT body; members (Okta sends them in POST and PUT) default to none. */
export function readGroupInput(body: unknown): ScimGroupState {
  const group = bodyObject(body);
  const members = attribute(group, 'members');
  return {
    displayName: displayName(attribute(group, 'displayName')),
    externalId: optionalText(attribute(group, 'externalId'), 'externalId'),
    members: members === undefined || members === null ? [] : unique(memberValues(members, 'members')),
  };
}

const unique = (ids: string[]) => [...new Set(ids)];

/** `members[value eq "id"]`: the member a remove (or replace) names. */
const MEMBER_FILTER = /^members\s*\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i;

function groupOperation(group: ScimGroupState, operation: PatchOperation, index: number): ScimGroupState {
  const { op, path, value } = operation;
  if (path === undefined) {
    if (op === 'remove') throw patchInvalid(index, 'remove needs a path', 'noTarget');
    if (!isObject(value)) throw patchInvalid(index, 'value must be an object without a path');
    return Object.entries(value).reduce(
      (changed, [key, attributeValue]) =>
        groupOperation(changed, { op, path: key, value: attributeValue }, index),
      group,
    );
  }
  const filtered = MEMBER_FILTER.exec(path);
  if (filtered) {
    // Entra removes one member by value: only that member goes, never the others.
    if (op !== 'remove') throw patchInvalid(index, 'a member filter is only for remove', 'invalidPath');
    return { ...group, members: group.members.filter((id) => id !== filtered[1]) };
  }
  switch (path.toLowerCase()) {
    case 'members': {
      if (op === 'remove') {
        // A remove of members without naming them would empty the group: refused, not guessed.
        if (value === undefined || value === null) {
          throw new ScimRefusal('invalid', message('scim_remove_needs_target'), 'noTarget');
        }
        const gone = new Set(memberValues(value, 'members'));
        return { ...group, members: group.members.filter((id) => !gone.has(id)) };
      }
      const given = value === null ? [] : memberValues(value, 'members');
      return { ...group, members: unique(op === 'add' ? [...group.members, ...given] : given) };
    }
    case 'displayname':
      if (op === 'remove') throw patchInvalid(index, 'displayName cannot be removed', 'mutability');
      return { ...group, displayName: displayName(value) };
    case 'externalid':
      return { ...group, externalId: op === 'remove' ? null : optionalText(value, 'externalId') };
    case 'id':
    case 'schemas':
    case 'meta':
      return group;
    default:
      throw patchInvalid(index, `a group has no attribute ${path}`, 'invalidPath');
  }
}

/** The group after a PatchOp body. */
export function applyGroupPatch(current: ScimGroupState, body: unknown): ScimGroupState {
  return readOperations(body).reduce(
    (group, operation, index) => groupOperation(group, operation, index),
    current,
  );
}

const FILTER = /^\s*([A-Za-z.]+)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/** The one kind of filter supported: an attribute `eq` a quoted value (docs/scim.md#what-is-supported). */
export function readFilter(filter: string | undefined, resource: 'User' | 'Group'): ScimEquality | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const match = FILTER.exec(filter);
  const refused = new ScimRefusal('invalid', message('scim_filter_unsupported'), 'invalidFilter');
  if (!match) throw refused;
  const name = match[1]!.toLowerCase();
  const value = match[2]!.replace(/\\(.)/g, '$1');
  if (name === 'externalid') return { attribute: 'externalId', value };
  if (resource === 'User' && (name === 'username' || name === 'emails.value')) {
    return { attribute: 'userName', value };
  }
  if (resource === 'Group' && name === 'displayname') return { attribute: 'displayName', value };
  throw refused;
}

const SCIM_PAGE_MAX = 100;

function positiveInteger(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^-?\d{1,9}$/.test(raw.trim())) throw bodyInvalid(`${name} must be an integer`);
  return Number(raw.trim());
}

/** startIndex (1-based; below 1 reads as 1) and count (0 to 100, default 100), RFC 7644 section 3.4.2.4. */
export function readPaging(
  startIndex: string | undefined,
  count: string | undefined,
): { startIndex: number; count: number } {
  const start = Math.max(1, positiveInteger(startIndex, 'startIndex') ?? 1);
  const size = Math.min(SCIM_PAGE_MAX, Math.max(0, positiveInteger(count, 'count') ?? SCIM_PAGE_MAX));
  return { startIndex: start, count: size };
}
