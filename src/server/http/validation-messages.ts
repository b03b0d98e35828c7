/**
 * Turns the contract validator's (Ajv's) first error into a sentence a user can act on: the field's label
 * and what is expected ("Email must be a valid email address, like name@example.com."). Ajv's own texts
 * ("must NOT have fewer than 1 characters", "must match format \"email\"") and raw property names never
 * reach the client, since pages show server messages as given (docs/product.md#error-texts).
 */
import type { ErrorObject } from 'ajv';
import { PLAN_KEYS, PLAN_NAMES } from '../../shared/plans.js';

/** Labels of fields whose name alone does not read well; other names are humanized (new_password → New password). */
const LABELS: Record<string, string> = {
  software: 'CRM',
  oauth_code: 'Authorization code',
  user_id: 'Member',
  invitation_id: 'Invitation',
  price_id: 'Price',
  is_organization_connection: 'Organization-wide connection',
  has_installed: 'Extension installed',
  schedule: 'Billing period',
  items: 'Plan',
  rows: 'Invitation list',
};

const WORDS: Record<string, string> = { api: 'API', utm: 'UTM', oauth: 'OAuth', id: 'ID', url: 'URL' };

/** Names as the end of a sentence: 'a, b or c'. */
function oneOf(names: readonly string[]): string {
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** What a value matching a `pattern` of the contract looks like, keyed by the pattern itself. */
const PATTERN_EXPECTATIONS: Record<string, string> = {
  '^[a-z0-9][a-z0-9-]{0,62}$': 'a CRM identifier such as demo-crm (lowercase letters, digits and hyphens)',
  '^([Ff][Rr][Ee][Ee]|[Ss][Tt][Aa][Nn][Dd][Aa][Rr][Dd]|[Pp][Rr][Oo])$': oneOf(
    PLAN_KEYS.map((key) => PLAN_NAMES[key]),
  ),
};

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/** "New password" for new_password, "API key 1" for api_key_1; the label of a list item is its list's. */
function fieldLabel(name: string): string {
  const known = LABELS[name];
  if (known) return known;
  const words = name
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase());
  if (words.length === 0) return 'This field';
  const [first, ...rest] = words;
  return [first!.charAt(0).toUpperCase() + first!.slice(1), ...rest].join(' ');
}

/** "a, b or c" */
function oneOfList(values: readonly unknown[]): string {
  const texts = values.map((value) => (value === null ? 'empty' : String(value)));
  return texts.length <= 1 ? (texts[0] ?? '') : `${texts.slice(0, -1).join(', ')} or ${texts.at(-1)}`;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** The field an error is about: the missing property, else the last named segment of its path. */
function fieldOf(error: ErrorObject): string | undefined {
  if (error.keyword === 'required') return String(error.params.missingProperty);
  const segments = error.instancePath
    .split('/')
    .filter((segment) => segment !== '' && !/^\d+$/.test(segment));
  return segments.at(-1);
}

/**
 * One sentence for the first validation error. `where` names the whole input ('request body', 'query
 * string') for errors about it rather than about one field.
 */
export function validationMessage(errors: ErrorObject[] | null | undefined, where: string): string {
  const error = errors?.[0];
  if (!error) return `The ${where} is not valid.`;
  const field = fieldOf(error);
  if (error.keyword === 'additionalProperties') {
    return `The ${where} has a field this request does not take (${fieldLabel(String(error.params.additionalProperty))}).`;
  }
  if (error.keyword === 'maxProperties' && error.params.limit === 0) return `This request takes no fields.`;
  if (field === undefined) {
    return error.keyword === 'type' ? `The ${where} must be a JSON object.` : `The ${where} is not valid.`;
  }
  const label = fieldLabel(field);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${label} is required.`;
    case 'minLength':
      return params.limit === 1
        ? `${label} is required.`
        : `${label} must be at least ${plural(Number(params.limit), 'character')} long.`;
    case 'maxLength':
      return `${label} must be at most ${plural(Number(params.limit), 'character')} long.`;
    case 'format':
      return params.format === 'email'
        ? `${label} must be a valid email address, like name@example.com.`
        : `${label} is not in the expected format.`;
    case 'pattern': {
      const expected = PATTERN_EXPECTATIONS[String(params.pattern)];
      return expected ? `${label} must be ${expected}.` : `${label} is not in the expected format.`;
    }
    case 'enum':
      return `${label} must be ${oneOfList(params.allowedValues as unknown[])}.`;
    case 'const':
      return `${label} must be ${oneOfList([params.allowedValue])}.`;
    case 'type': {
      const types = String(params.type)
        .split(',')
        .filter((type) => type !== 'null');
      return `${label} must be ${TYPE_NAMES[types[0] ?? ''] ?? 'a valid value'}.`;
    }
    case 'minimum':
      return `${label} must be at least ${String(params.limit)}.`;
    case 'exclusiveMinimum':
      return `${label} must be more than ${String(params.limit)}.`;
    case 'maximum':
      return `${label} must be at most ${String(params.limit)}.`;
    case 'exclusiveMaximum':
      return `${label} must be less than ${String(params.limit)}.`;
    case 'minItems':
      return `${label} must have at least ${plural(Number(params.limit), 'item')}.`;
    case 'maxItems':
      return `${label} must have at most ${plural(Number(params.limit), 'item')}.`;
    default:
      return `${label} is not valid.`;
  }
}
