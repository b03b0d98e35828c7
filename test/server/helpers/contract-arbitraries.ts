/**
 * fast-check arbitraries built from openapi.yaml: for each operation, request bodies and query strings
 * that the contract accepts, mixed with near misses (a wrong type, a field too long, an unknown or missing
 * field, a NUL byte, an odd character) and plain junk, so that fuzzing reaches both the handlers and the
 * validation in front of them. `hints` replace the values of named fields with ones this server knows
 * (real user ids, slugs, price ids...) part of the time, so calls get past "not found".
 */
import fc, { type Arbitrary } from 'fast-check';

type Schema = Record<string, unknown>;
export type Hints = Partial<Record<string, Arbitrary<unknown>>>;

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202e',
  '💥',
  '<script>',
  "' or 1=1 --",
  '../..',
  'null',
  '%00',
];

/** Any JSON value, small. */
export const anyJson: Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

const oddString = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ maxLength: 20 }),
  fc.string({ minLength: 300, maxLength: 600 }),
);

export function createArbitraries(doc: Schema, hints: Hints = {}) {
  function resolve(schema: Schema): Schema {
    let current = schema;
    for (let i = 0; i < 10 && typeof current.$ref === 'string'; i += 1) {
      current = (current.$ref as string)
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Schema)[key], doc) as Schema;
    }
    return current;
  }

  /** allOf of objects as one object schema. */
  function merged(schema: Schema): Schema {
    const resolved = resolve(schema);
    if (!Array.isArray(resolved.allOf)) return resolved;
    const parts = (resolved.allOf as Schema[]).map(merged);
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => (p.required as string[] | undefined) ?? []),
      additionalProperties: parts.some((p) => p.additionalProperties === false) ? false : undefined,
    };
  }

  function stringOf(schema: Schema): Arbitrary<string> {
    const minLength = (schema.minLength as number | undefined) ?? 0;
    const maxLength = Math.min((schema.maxLength as number | undefined) ?? 40, 80);
    if (schema.format === 'email') {
      return fc.emailAddress().filter((email) => email.length <= ((schema.maxLength as number) ?? 254));
    }
    if (typeof schema.pattern === 'string') {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length <= ((schema.maxLength as number) ?? 1000));
    }
    return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) });
  }

  /** Values the schema accepts. */
  function valid(raw: Schema, name?: string): Arbitrary<unknown> {
    const schema = merged(raw);
    const base = validWithoutHint(schema);
    const hint = name ? hints[name] : undefined;
    return hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: base, weight: 1 }) : base;
  }

  function validWithoutHint(schema: Schema): Arbitrary<unknown> {
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    if (Array.isArray(schema.oneOf)) return fc.oneof(...(schema.oneOf as Schema[]).map((s) => valid(s)));
    if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Schema[]).map((s) => valid(s)));
    const types = Array.isArray(schema.type)
      ? (schema.type as string[])
      : [schema.type as string | undefined];
    if (types.length > 1) return fc.oneof(...types.map((type) => validWithoutHint({ ...schema, type })));
    switch (types[0]) {
      case 'string':
        return stringOf(schema);
      case 'integer':
        return fc.integer({
          min: (schema.minimum as number | undefined) ?? -1000,
          max: (schema.maximum as number | undefined) ?? 100_000,
        });
      case 'number':
        return fc.double({
          min: (schema.minimum as number) ?? -1e6,
          max: (schema.maximum as number) ?? 1e6,
          noNaN: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const items = valid((schema.items as Schema | undefined) ?? {});
        return fc.array(items, {
          minLength: (schema.minItems as number | undefined) ?? 0,
          maxLength: Math.min((schema.maxItems as number | undefined) ?? 4, 4),
        });
      }
      case 'object':
      case undefined: {
        const properties = (schema.properties ?? {}) as Record<string, Schema>;
        const required = new Set((schema.required as string[] | undefined) ?? []);
        if (Object.keys(properties).length === 0 && schema.maxProperties === 0) return fc.constant({});
        if (Object.keys(properties).length === 0)
          return types[0] === 'object'
            ? fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 })
            : anyJson;
        const record: Record<string, Arbitrary<unknown>> = {};
        for (const [key, value] of Object.entries(properties)) record[key] = valid(value, key);
        return fc.record(record, { requiredKeys: [...required].filter((key) => key in properties) });
      }
      default:
        return anyJson;
    }
  }

  /** A value of the schema with one thing wrong, or junk. */
  function nearMiss(raw: Schema): Arbitrary<unknown> {
    const schema = merged(raw);
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const keys = Object.keys(properties);
    if (keys.length === 0) return fc.oneof(anyJson, oddString);
    return fc.oneof(
      // One field replaced by junk (a wrong type, an odd or over-long string).
      fc
        .tuple(
          valid(schema) as Arbitrary<Record<string, unknown>>,
          fc.constantFrom(...keys),
          fc.oneof(anyJson, oddString),
        )
        .map(([value, key, junk]) => ({ ...value, [key]: junk })),
      // A required field missing.
      fc
        .tuple(valid(schema) as Arbitrary<Record<string, unknown>>, fc.constantFrom(...keys))
        .map(([value, key]) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key))),
      // An unknown field.
      fc
        .tuple(
          valid(schema) as Arbitrary<Record<string, unknown>>,
          fc.string({ minLength: 1, maxLength: 10 }),
          anyJson,
        )
        .map(([value, key, junk]) => ({ ...value, [key]: junk })),
      anyJson,
    );
  }

  /** Mostly valid values, some near misses. */
  function body(schema: Schema): Arbitrary<unknown> {
    return fc.oneof({ arbitrary: valid(schema), weight: 3 }, { arbitrary: nearMiss(schema), weight: 2 });
  }

  /** A query string: the declared parameters (as text), now and then an extra one or an odd value. */
  function query(
    parameters: { name: string; required?: boolean; schema: Schema }[],
  ): Arbitrary<Record<string, string>> {
    const record: Record<string, Arbitrary<string>> = {};
    for (const parameter of parameters) {
      record[parameter.name] = fc.oneof(
        {
          arbitrary: valid(parameter.schema, parameter.name).map((v) =>
            typeof v === 'string' ? v : JSON.stringify(v),
          ),
          weight: 4,
        },
        { arbitrary: oddString, weight: 1 },
      );
    }
    const declared = fc.record(record, {
      requiredKeys: parameters.filter((p) => p.required).map((p) => p.name),
    });
    const extra = fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), oddString), { freq: 4 });
    return fc
      .tuple(declared, extra)
      .map(([values, more]) => (more ? { ...values, [more[0]]: more[1] } : values));
  }

  return { valid, nearMiss, body, query, resolve };
}
