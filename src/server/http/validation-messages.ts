/**
 * Turns the contract validator's (Ajv's) first error into a sentence a user can act on, by its code: the
 * field's label and what is expected ("Email must be a valid email address, like name@example.com."). Ajv's own texts
 * ("must NOT have fewer than 1 characters", "must match format \"email\"") and raw property names never
 * reach the client, since pages show server messages as given (docs/product.md#error-texts).
 */
import type { ErrorObject } from 'ajv';
import { message, type Message } from '../../contract/messages.js';

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
  // Credit alerts and caps (docs/product.md#credit-alerts), as the forms name them.
  pool_below_alert: 'Team pool threshold',
  default_monthly_cap: 'Default monthly cap',
  email_cap: 'Cap on email lookups',
  phone_cap: 'Cap on phone lookups',
};

const WORDS: Record<string, string> = { api: 'API', utm: 'UTM', oauth: 'OAuth', id: 'ID', url: 'URL' };

/** What a value matching a `pattern` of the contract must be, keyed by the pattern itself. */
const PATTERN_EXPECTATIONS: Record<string, 'field_not_crm_identifier' | 'field_not_plan'> = {
  '^[a-z0-9][a-z0-9-]{0,62}$': 'field_not_crm_identifier',
  '^([Ff][Rr][Ee][Ee]|[Ss][Tt][Aa][Nn][Dd][Aa][Rr][Dd]|[Pp][Rr][Oo])$': 'field_not_plan',
};

/** What a value of the contract's type must be, by the type. */
type TypeExpectation =
  | 'field_not_text'
  | 'field_not_integer'
  | 'field_not_number'
  | 'field_not_boolean'
  | 'field_not_list'
  | 'field_not_object';

const TYPE_EXPECTATIONS: Record<string, TypeExpectation> = {
  string: 'field_not_text',
  integer: 'field_not_integer',
  number: 'field_not_number',
  boolean: 'field_not_boolean',
  array: 'field_not_list',
  object: 'field_not_object',
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

/** The field an error is about: the missing property, else the last named segment of its path. */
function fieldOf(error: ErrorObject): string | undefined {
  if (error.keyword === 'required') return String(error.params.missingProperty);
  const segments = error.instancePath
    .split('/')
    .filter((segment) => segment !== '' && !/^\d+$/.test(segment));
  return segments.at(-1);
}

/** The codes of the input as a whole, by where it is: the request body or the query string. */
const WHOLE_INPUT = {
  'request body': {
    invalid: 'body_invalid',
    notObject: 'body_not_object',
    unknownField: 'body_unknown_field',
  },
  'query string': {
    invalid: 'query_invalid',
    notObject: 'query_not_object',
    unknownField: 'query_unknown_field',
  },
} as const;

/**
 * One sentence for the first validation error. `where` names the whole input ('request body', 'query
 * string') for errors about it rather than about one field.
 */
export function validationMessage(
  errors: ErrorObject[] | null | undefined,
  where: keyof typeof WHOLE_INPUT,
): Message {
  const whole = WHOLE_INPUT[where];
  const error = errors?.[0];
  if (!error) return message(whole.invalid);
  const field = fieldOf(error);
  if (error.keyword === 'additionalProperties') {
    return message(whole.unknownField, { label: fieldLabel(String(error.params.additionalProperty)) });
  }
  if (error.keyword === 'maxProperties' && error.params.limit === 0) return message('no_fields_taken');
  if (field === undefined) return message(error.keyword === 'type' ? whole.notObject : whole.invalid);
  const label = fieldLabel(field);
  const params = error.params as Record<string, unknown>;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'required':
      return message('field_required', { label });
    case 'minLength':
      if (limit === 1) return message('field_required', { label });
      return message('field_too_short', { label, count: limit });
    case 'maxLength':
      return limit === 1
        ? message('field_too_long_one', { label })
        : message('field_too_long', { label, count: limit });
    case 'format':
      return message(params.format === 'email' ? 'field_not_email' : 'field_bad_format', { label });
    case 'pattern':
      return message(PATTERN_EXPECTATIONS[String(params.pattern)] ?? 'field_bad_format', { label });
    case 'enum':
      return message('field_not_allowed_value', {
        label,
        allowed: oneOfList(params.allowedValues as unknown[]),
      });
    case 'const':
      return message('field_not_allowed_value', { label, allowed: oneOfList([params.allowedValue]) });
    case 'type': {
      const types = String(params.type)
        .split(',')
        .filter((type) => type !== 'null');
      return message(TYPE_EXPECTATIONS[types[0] ?? ''] ?? 'field_not_valid_value', { label });
    }
    case 'minimum':
      return message('field_below_minimum', { label, limit: String(params.limit) });
    case 'exclusiveMinimum':
      return message('field_not_above_limit', { label, limit: String(params.limit) });
    case 'maximum':
      return message('field_above_maximum', { label, limit: String(params.limit) });
    case 'exclusiveMaximum':
      return message('field_not_below_limit', { label, limit: String(params.limit) });
    case 'minItems':
      return limit === 1
        ? message('field_too_few_items_one', { label })
        : message('field_too_few_items', { label, count: limit });
    case 'maxItems':
      return limit === 1
        ? message('field_too_many_items_one', { label })
        : message('field_too_many_items', { label, count: limit });
    default:
      return message('field_invalid', { label });
  }
}
