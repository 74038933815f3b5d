/**
 * Request generators for the API fuzz test (src/fuzz.test.ts), built on fast-check.
 *
 * - {@link fromSchema} turns a route's JSON Schema (as written into the OpenAPI document) into an
 *   arbitrary of valid-ish values: types, enums, formats, patterns, lengths and ranges are
 *   respected most of the time, ids and versions the database really holds are mixed in
 *   ({@link Hints}), and a control character is sometimes slipped into an otherwise valid string.
 * - {@link jsonBodyArb} mutates those values: nasty strings and wrong types in one field, missing
 *   required fields, extra (prototype-polluting) properties, a wrong top-level type, deep nesting.
 * - {@link pathValueArb}, {@link queryArb} and {@link bodyCaseArb} do the same for path
 *   parameters (`%00`, `..%2F`, malformed percent-encoding, overlong segments), query strings
 *   (`%00`, repeated keys, `key[]=`) and content types (invalid or empty JSON, text, forms,
 *   malformed multipart).
 * Everything shrinks, so a failing case comes back as small as fast-check can make it.
 */
import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.0 flavour, as @fastify/swagger writes it) read here. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  $ref?: string;
}

/**
 * Values known to exist on the server (ids, versions, session ids, tokens, passwords, e-mails),
 * keyed by the property or parameter name they fit; key `uuid` holds every known id, for any
 * `format: uuid` field whose name has no list of its own.
 */
export type Hints = Record<string, string[]>;

/** What the generators need besides a schema: `$ref` targets and the known values. */
export interface SchemaContext {
  /** Resolves a `$ref` (e.g. `#/components/schemas/X`); undefined when unknown. */
  resolveRef: (ref: string) => JsonSchema | undefined;
  hints: Hints;
}

/** A generated request body: its payload, content type and a short label of how it was made. */
export interface BodyCase {
  label: string;
  contentType?: string;
  payload?: string | Buffer;
  /** Extra headers the body needs (e.g. a webhook signature). */
  headers?: Record<string, string>;
}

/**
 * Characters that break text handling: NUL and other C0/C1 controls, line breaks, unpaired
 * surrogates, bidi overrides, BOM and noncharacters, an astral character, LIKE wildcards,
 * quotes and path pieces.
 */
export const SPECIAL_CHARS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\ufffe',
  '\uffff',
  '\ud800',
  '\udbff',
  '\udfff',
  '\ud83d\udca9',
  '%',
  '_',
  '\\',
  "'",
  '"',
  '../',
  '%00',
];

/** Whole strings that have broken servers before. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(8),
  '%00',
  'a%00b',
  '\\u0000',
  '\u0001\u0002\u001f',
  '\t\n\r',
  '\r\n\r\n',
  '\u2028\u2029',
  '\u202eevil',
  '\ufeffbom',
  '\ufffe\uffff',
  '\ud800',
  '\udfff',
  'a\ud800b',
  '\udfff\ud800',
  '\ud83d\udca9',
  '\u0130\u0131\u00df',
  '%',
  '%_%',
  '\\',
  "'",
  '"',
  "' OR '1'='1",
  '1; DROP TABLE users;--',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  'NaN',
  'Infinity',
  '1e999',
  '__proto__',
  'constructor',
  ' padded ',
  '0.0.0',
  '1.0.0\u0000',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'FFFFFFFF-FFFF-1FFF-8FFF-FFFFFFFFFFFF',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
];

/** Invalid or unusual JSON texts, sent with a JSON content type. */
export const ODD_JSON_TEXTS = [
  '{',
  '}',
  '[',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  'undefined',
  'NaN',
  '1e999',
  '-0',
  '""',
  '"\u0000"',
  '{"a":"\u0000"}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '\ufeff{}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":1,"a":2}',
  '[]',
  'null',
  'true',
  '0',
  '{}',
  ' ',
  '\u0000',
  '{"a":1}garbage',
  '{"a":1}{"b":2}',
  '9'.repeat(400),
];

/** Path segments that are not what a route expects; percent-encoding is left raw on purpose. */
export const ODD_SEGMENTS = [
  '%00',
  'a%00b',
  '%00%00',
  '..%2F..%2Fetc%2Fpasswd',
  '..%2f',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  '%5C',
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%C0%AF',
  '%C0%80',
  '%ED%A0%80',
  '%EF%BB%BF',
  '%FF%FE',
  '%0A',
  '%0D%0A',
  '%20',
  '+',
  '%2B',
  '%3F',
  '%23',
  '%3B',
  'null',
  'undefined',
  '0',
  '-1',
  '1.0.0%00',
  '1.0.0-%00',
  '1.0.0%00beta',
  '1.0.0-beta%00',
  '%001.0.0',
  '1.0.0%0A',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-000000000000%00',
  '%F0%9F%92%A9',
  '%27%20OR%201%3D1',
];

/** Content types a JSON body is sent with (the first ones most often). */
const JSON_CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json;',
  'application/json; boundary=x',
  'application/vnd.api+json',
  'application/merge-patch+json',
];

/** Content types that are not JSON or are malformed. */
const ODD_CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'text/html',
  'application/xml',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  '*/*',
  ';',
  '',
  'json',
  'application/',
  '/json',
  'application/json, text/plain',
];

/** Inserts `insert` into `s` at `index` modulo its length (so shrinking keeps it valid). */
export function insertAt(s: string, insert: string, index: number): string {
  const at = index % (s.length + 1);
  return s.slice(0, at) + insert + s.slice(at);
}

/** `base` with one {@link SPECIAL_CHARS} character slipped in somewhere. */
export function withSpecial(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(base, fc.constantFrom(...SPECIAL_CHARS), fc.nat())
    .map(([s, c, i]) => insertAt(s, c, i));
}

/** Strings over 10,000 characters, of a plain, a NUL, a two-byte, an astral or a `%` character. */
export function overlongString(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('a', '\u0000', '\u00e9', '\ud83d\udca9', '%', ' ', '\ud800'),
      fc.integer({ min: 10_001, max: 60_000 }),
    )
    .map(([c, n]) => c.repeat(Math.ceil(n / c.length)));
}

/** Strings that are likely to hurt: the fixed list, specials slipped in, any code point, overlong. */
export function nastyString(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
    { arbitrary: withSpecial(fc.string({ maxLength: 20 })), weight: 4 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
    { arbitrary: overlongString(), weight: 1 },
  );
}

/** A value of the wrong kind for almost any field: nasty strings, odd numbers, null, arrays, objects. */
export function nastyValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: nastyString(), weight: 4 },
    {
      arbitrary: fc.constantFrom<unknown>(
        null,
        true,
        false,
        0,
        -1,
        1.5,
        -0.001,
        1e308,
        -1e308,
        2 ** 31,
        2 ** 53,
        2 ** 64,
        [],
        {},
        [null],
        { $gt: '' },
        ['a', 'b'],
      ),
      weight: 3,
    },
    { arbitrary: fc.integer(), weight: 1 },
    { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
    { arbitrary: fc.array(nastyString(), { maxLength: 3 }), weight: 1 },
  );
}

/** Text of a JSON value nested `depth` levels deep (arrays, objects or both alternating). */
export function deepJsonText(depth: number, shape: 'array' | 'object' | 'mixed'): string {
  if (shape === 'array') return '['.repeat(depth) + ']'.repeat(depth);
  if (shape === 'object') return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  const half = Math.floor(depth / 2);
  return '{"a":['.repeat(half) + 'null' + ']}'.repeat(half);
}

/** Deeply nested JSON texts, 1,000 to 30,000 levels. */
export function deepJsonArb(): fc.Arbitrary<{ text: string; label: string }> {
  return fc
    .tuple(fc.integer({ min: 1_000, max: 30_000 }), fc.constantFrom('array', 'object', 'mixed'))
    .map(([depth, shape]) => ({
      text: deepJsonText(depth, shape as 'array' | 'object' | 'mixed'),
      label: `deep ${shape} JSON, depth ${depth}`,
    }));
}

/**
 * Percent-encodes `s` for a URL; an unpaired surrogate (which encodeURIComponent refuses) is
 * written as its three WTF-8 bytes.
 */
export function percentEncode(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

/** Follows `$ref` and merges `allOf` so the generators see one plain schema. */
function resolveSchema(schema: JsonSchema, ctx: SchemaContext, depth = 0): JsonSchema {
  let s = schema;
  if (s.$ref && depth < 10) s = resolveSchema(ctx.resolveRef(s.$ref) ?? {}, ctx, depth + 1);
  if (s.allOf) {
    const merged: JsonSchema = { ...s, allOf: undefined };
    for (const part of s.allOf) {
      const p = resolveSchema(part, ctx, depth + 1);
      Object.assign(merged, p, {
        properties: { ...merged.properties, ...p.properties },
        required: [...(merged.required ?? []), ...(p.required ?? [])],
      });
    }
    return merged;
  }
  return s;
}

/** ISO dates (YYYY-MM-DD) from year 1 to 9999, the edges included. */
function isoDateArb(): fc.Arbitrary<string> {
  return fc.oneof(
    fc
      .date({ min: new Date('1970-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    fc.constantFrom('0001-01-01', '9999-12-31', '2024-02-29', '1969-12-31', '2000-01-01'),
  );
}

/** A string of `s`'s pattern when it has one and fast-check can generate it; else undefined. */
function patternArb(s: JsonSchema, min: number, max: number): fc.Arbitrary<string> | undefined {
  if (!s.pattern) return undefined;
  try {
    return fc
      .stringMatching(new RegExp(s.pattern))
      .filter((v) => v.length >= min && v.length <= max);
  } catch {
    return undefined;
  }
}

/** A valid-ish string for `s`; `name` picks known values from the hints. */
function stringArb(s: JsonSchema, ctx: SchemaContext, name?: string): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, 64);
  let base: fc.Arbitrary<string>;
  switch (s.format) {
    case 'uuid':
      base = fc.uuid();
      break;
    case 'email':
      base = fc.emailAddress();
      break;
    case 'date':
      base = isoDateArb();
      break;
    case 'date-time':
      base = fc
        .date({ min: new Date('1970-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
      break;
    case 'uri':
    case 'url':
      base = fc.oneof(
        fc.webUrl(),
        fc.constantFrom('https://example.com/app.zip', 'javascript:alert(1)', 'file:///etc/passwd'),
      );
      break;
    default:
      base =
        patternArb(s, min, max) ??
        fc.string({ minLength: min, maxLength: Math.min(max, min + 40) });
  }
  if (name && /e-?mail/i.test(name)) base = fc.oneof(base, fc.emailAddress());
  const known = (name ? ctx.hints[name] : undefined) ?? (s.format === 'uuid' ? ctx.hints.uuid : []);
  const choices: fc.WeightedArbitrary<string>[] = [
    { arbitrary: base, weight: 4 },
    { arbitrary: withSpecial(base), weight: 1 },
  ];
  if (known && known.length > 0) choices.push({ arbitrary: fc.constantFrom(...known), weight: 4 });
  return fc.oneof(...choices);
}

/** Numbers in `s`'s range (multipleOf honoured), with the edges and a few just outside. */
function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo =
    typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : (s.minimum ?? -1_000_000);
  const hi =
    typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : (s.maximum ?? 1_000_000);
  const edges = [lo, hi, lo - 1, hi + 1, 0, -1, 1, 2 ** 31, 2 ** 53 - 1, 2 ** 53 + 2, 1e21, 0.5];
  /** `n` clamped into fast-check's 32-bit integer range. */
  const int32 = (n: number) => Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, Math.trunc(n)));
  let inRange: fc.Arbitrary<number>;
  if (s.multipleOf && s.multipleOf < 1) {
    const k = Math.round(1 / s.multipleOf);
    const a = int32(Math.ceil(lo * k));
    const b = int32(Math.floor(hi * k));
    inRange = fc.integer({ min: Math.min(a, b), max: Math.max(a, b) }).map((n) => n / k);
  } else if (integer) {
    const a = int32(lo);
    const b = int32(hi);
    inRange = fc.oneof(
      fc.integer({ min: Math.min(a, b), max: Math.max(a, b) }),
      fc.double({ min: lo, max: hi, noNaN: true }).map(Math.trunc),
    );
  } else {
    inRange = fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  }
  return fc.oneof(
    { arbitrary: inRange, weight: 4 },
    { arbitrary: fc.constantFrom(...edges), weight: 1 },
  );
}

/**
 * Valid-ish values of `schema`: object (properties, required), string (enum, format uuid, email,
 * date, date-time, uri, pattern, min/maxLength), number and integer (minimum, maximum,
 * multipleOf), boolean, array (items, min/maxItems), anyOf, oneOf, allOf, nullable, $ref.
 * `name` is the property or parameter the value is for (used to pick {@link Hints}).
 */
export function fromSchema(
  schema: JsonSchema,
  ctx: SchemaContext,
  name?: string,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolveSchema(schema, ctx);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const nullable = s.nullable === true || types.includes('null');
  /** `a`, or also null when the schema is nullable. */
  const orNull = (a: fc.Arbitrary<unknown>) =>
    nullable ? fc.option(a, { nil: null, freq: 5 }) : a;
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum && s.enum.length > 0) return orNull(fc.constantFrom(...s.enum));
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives && alternatives.length > 0) {
    return orNull(fc.oneof(...alternatives.map((a) => fromSchema(a, ctx, name, depth + 1))));
  }
  const concrete = types.filter((t) => t !== 'null');
  if (concrete.length > 1) {
    return orNull(
      fc.oneof(...concrete.map((t) => fromSchema({ ...s, type: t }, ctx, name, depth + 1))),
    );
  }
  const type = concrete[0] ?? (s.properties ? 'object' : undefined);
  switch (type) {
    case 'string':
      return orNull(stringArb(s, ctx, name));
    case 'integer':
      return orNull(numberArb(s, true));
    case 'number':
      return orNull(numberArb(s, false));
    case 'boolean':
      return orNull(fc.boolean());
    case 'array': {
      const min = s.minItems ?? 0;
      const max = Math.min(s.maxItems ?? min + 4, min + 4);
      return orNull(
        fc.array(fromSchema(s.items ?? {}, ctx, name, depth + 1), {
          minLength: min,
          maxLength: max,
        }),
      );
    }
    case 'object': {
      const props = s.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) {
        record[key] = fromSchema(sub, ctx, key, depth + 1);
      }
      const requiredKeys = (s.required ?? []).filter((k) => k in props);
      return orNull(fc.record(record, { requiredKeys }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The property names of an object schema, and the required ones. */
export function objectKeys(
  schema: JsonSchema,
  ctx: SchemaContext,
): { keys: string[]; required: string[] } {
  const s = resolveSchema(schema, ctx);
  return { keys: Object.keys(s.properties ?? {}), required: s.required ?? [] };
}

/** JSON text of `value` with one more property `key` whose raw JSON text is `rawValue`. */
function withRawProperty(value: unknown, key: string, rawValue: string): string {
  const base =
    value && typeof value === 'object' && !Array.isArray(value) ? JSON.stringify(value) : '{}';
  const inner = base.slice(1, -1);
  return `{${JSON.stringify(key)}:${rawValue}${inner ? `,${inner}` : ''}}`;
}

/** `value` as a plain object (or an empty one). */
function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? { ...(value as Record<string, unknown>) }
    : {};
}

/**
 * JSON texts for a body of `schema`: valid-ish, one field nasty, a required field missing, an
 * extra property (also `__proto__` and friends), the wrong top-level type, a field nested
 * thousands of levels deep.
 */
export function jsonBodyArb(
  schema: JsonSchema,
  ctx: SchemaContext,
): fc.Arbitrary<{ text: string; label: string }> {
  const valid = fromSchema(schema, ctx);
  const { keys, required } = objectKeys(schema, ctx);
  const choices: fc.WeightedArbitrary<{ text: string; label: string }>[] = [
    { arbitrary: valid.map((v) => ({ text: JSON.stringify(v), label: 'valid-ish' })), weight: 3 },
    {
      arbitrary: fc
        .tuple(
          valid,
          fc.oneof(
            fc.constantFrom(
              '__proto__',
              'constructor',
              'prototype',
              'role',
              'id',
              'user_id',
              'is_admin',
              '',
            ),
            fc.string({ maxLength: 10 }),
          ),
          nastyValue(),
        )
        .map(([v, k, n]) => ({
          text: withRawProperty(v, k, JSON.stringify(n) ?? 'null'),
          label: `extra property ${JSON.stringify(k)}`,
        })),
      weight: 1,
    },
    {
      arbitrary: fc
        .oneof(
          fc.constant<unknown>(null),
          fc.integer(),
          nastyString(),
          fc.boolean(),
          fc.array(valid, { maxLength: 3 }),
          fc.jsonValue({ maxDepth: 3 }),
        )
        .map((v) => ({ text: JSON.stringify(v) ?? 'null', label: 'wrong top-level type' })),
      weight: 1,
    },
  ];
  if (keys.length > 0) {
    choices.push(
      {
        arbitrary: fc.tuple(valid, fc.constantFrom(...keys), nastyValue()).map(([v, k, n]) => ({
          text: JSON.stringify({ ...asObject(v), [k]: n }),
          label: `nasty ${k}`,
        })),
        weight: 5,
      },
      {
        arbitrary: fc.tuple(valid, fc.constantFrom(...keys), deepJsonArb()).map(([v, k, deep]) => ({
          text: withRawProperty(
            Object.fromEntries(Object.entries(asObject(v)).filter(([key]) => key !== k)),
            k,
            deep.text,
          ),
          label: `${k}: ${deep.label}`,
        })),
        weight: 1,
      },
    );
  }
  if (required.length > 0) {
    choices.push({
      arbitrary: fc.tuple(valid, fc.constantFrom(...required)).map(([v, k]) => {
        const o = asObject(v);
        delete o[k];
        return { text: JSON.stringify(o), label: `missing ${k}` };
      }),
      weight: 1,
    });
  }
  return fc.oneof(...choices);
}

/**
 * A raw (not yet encoded further) path segment for a parameter of `schema`: a valid-ish value
 * (known ids included) percent-encoded, an odd segment, a valid value with `%00` or another
 * encoded special slipped in, an overlong segment, or arbitrary code points.
 */
export function pathValueArb(
  schema: JsonSchema,
  ctx: SchemaContext,
  name: string,
): fc.Arbitrary<string> {
  const valid = fromSchema(schema, ctx, name).map((v) =>
    percentEncode(typeof v === 'string' ? v : JSON.stringify(v)),
  );
  return fc.oneof(
    { arbitrary: valid, weight: 5 },
    { arbitrary: fc.constantFrom(...ODD_SEGMENTS), weight: 3 },
    {
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom('%00', '%01', '%0A', '%1F', '%7F', '%FF', '%C0%80', '%ED%A0%80', '%2F'),
          fc.nat(),
        )
        .map(([v, special, i]) => insertAt(v, special, i)),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom('a', '%00', '0', '%F0%9F%92%A9'),
          fc.integer({ min: 90, max: 12_000 }),
        )
        .map(([c, n]) => c.repeat(n)),
      weight: 1,
    },
    {
      arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(percentEncode),
      weight: 1,
    },
  );
}

/** A raw query value: valid-ish encoded, nasty encoded, or raw odd percent-encoding. */
function queryValueArb(schema: JsonSchema, ctx: SchemaContext, name: string): fc.Arbitrary<string> {
  const valid = fromSchema(schema, ctx, name).map((v) =>
    percentEncode(typeof v === 'string' ? v : String(v)),
  );
  return fc.oneof(
    { arbitrary: valid, weight: 5 },
    { arbitrary: nastyString().map(percentEncode), weight: 2 },
    { arbitrary: fc.constantFrom(...ODD_SEGMENTS, '', '%26', '%3D', 'a&b', '=', '%25'), weight: 2 },
    {
      arbitrary: fc
        .tuple(valid, fc.constantFrom('%00', '%0A', '%ED%A0%80', '%FF'), fc.nat())
        .map(([v, special, i]) => insertAt(v, special, i)),
      weight: 2,
    },
  );
}

/** A query parameter as OpenAPI describes it. */
export interface QueryParam {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/**
 * A query string (without `?`) for `params`: each parameter present or not (required ones
 * usually present), values valid-ish or odd, sometimes a key repeated, written as `key[]=`,
 * or an unknown key added; occasionally a raw junk string.
 */
export function queryArb(params: QueryParam[], ctx: SchemaContext): fc.Arbitrary<string> {
  const pairs = fc.tuple(
    ...params.map((p) =>
      fc
        .option(queryValueArb(p.schema, ctx, p.name), { freq: p.required ? 8 : 2 })
        .map((v) => (v === null ? [] : [[p.name, v] as [string, string]])),
    ),
  );
  const built = fc
    .tuple(
      params.length > 0 ? pairs : fc.constant([] as [string, string][][]),
      fc.constantFrom('none', 'none', 'none', 'repeat', 'brackets', 'nested'),
      fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom('__proto__', 'constructor', 'a', '', '%00'),
            fc.string({ maxLength: 8 }).map(percentEncode),
          ),
          fc.oneof(nastyString().map(percentEncode), fc.constantFrom('%00', '%', '')),
        ),
        { maxLength: 2 },
      ),
    )
    .map(([groups, twist, extras]) => {
      const list = groups.flat();
      const first = list[0];
      if (first && twist === 'repeat') list.push([first[0], first[1] || 'x']);
      if (first && twist === 'brackets') list[0] = [`${first[0]}[]`, first[1]];
      if (first && twist === 'nested') list[0] = [`${first[0]}[a][b]`, first[1]];
      return [...list, ...extras].map(([k, v]) => `${k}=${v}`).join('&');
    });
  return fc.oneof(
    { arbitrary: built, weight: 9 },
    { arbitrary: fc.constantFrom('&&&', '=', '==', '%', '%00', '&=&', 'a', '?', '#'), weight: 1 },
  );
}

/**
 * A multipart/form-data body (as bytes) with `fields` and, when `file` is given, a file part;
 * sometimes malformed: no boundary parameter, the wrong boundary, cut short, no closing
 * delimiter, LF line ends, a part without a disposition, garbage, or empty.
 */
export function multipartArb(
  fields: fc.Arbitrary<Record<string, string>>,
  file?: fc.Arbitrary<{ fieldname: string; filename: string; data: Uint8Array }>,
  options: { wellFormed?: boolean } = {},
): fc.Arbitrary<BodyCase> {
  return fc
    .tuple(
      fields,
      file ? (options.wellFormed ? file : fc.option(file, { freq: 6 })) : fc.constant(null),
      fc.constantFrom('----fuzzBoundary7MA4YWxk', 'x', 'b'.repeat(70)),
      options.wellFormed
        ? fc.constant('well-formed')
        : fc.constantFrom(
            'well-formed',
            'well-formed',
            'well-formed',
            'no boundary parameter',
            'wrong boundary',
            'cut short',
            'no closing delimiter',
            'LF line ends',
            'part without disposition',
            'garbage',
            'empty',
          ),
      fc.nat(),
    )
    .map(([fieldValues, filePart, boundary, shape, cut]) => {
      const chunks: Buffer[] = [];
      for (const [name, value] of Object.entries(fieldValues)) {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          ),
        );
      }
      if (filePart) {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${filePart.fieldname}"; filename="${filePart.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          Buffer.from(filePart.data),
          Buffer.from('\r\n'),
        );
      }
      if (shape === 'part without disposition') {
        chunks.push(Buffer.from(`--${boundary}\r\nContent-Type: text/plain\r\n\r\nhello\r\n`));
      }
      if (shape !== 'no closing delimiter') chunks.push(Buffer.from(`--${boundary}--\r\n`));
      let payload = Buffer.concat(chunks);
      if (shape === 'cut short') payload = payload.subarray(0, cut % (payload.length + 1));
      if (shape === 'LF line ends')
        payload = Buffer.from(payload.toString('latin1').replace(/\r\n/g, '\n'), 'latin1');
      if (shape === 'garbage') payload = Buffer.from(`--${boundary}\r\n\u0000\u0000garbage\r\n--`);
      if (shape === 'empty') payload = Buffer.alloc(0);
      const contentType =
        shape === 'no boundary parameter'
          ? 'multipart/form-data'
          : shape === 'wrong boundary'
            ? 'multipart/form-data; boundary=somethingElse'
            : `multipart/form-data; boundary=${boundary}`;
      return { label: `multipart, ${shape}`, contentType, payload };
    });
}

/** A URL-encoded form body, built from a valid-ish value when it is an object. */
function formBodyArb(valid: fc.Arbitrary<unknown>): fc.Arbitrary<BodyCase> {
  return fc
    .tuple(valid, fc.constantFrom('', '&a=%00', '&a[]=1&a[]=2', '&%ZZ=1'))
    .map(([v, tail]) => ({
      label: 'form-urlencoded',
      contentType: 'application/x-www-form-urlencoded',
      payload:
        Object.entries(asObject(v))
          .map(
            ([k, x]) =>
              `${percentEncode(k)}=${percentEncode(typeof x === 'string' ? x : (JSON.stringify(x) ?? ''))}`,
          )
          .join('&') + tail,
    }));
}

/**
 * Bodies for a route whose JSON body schema is `schema` (undefined: the route takes none):
 * none, mutated JSON with JSON content types, odd or empty JSON texts, deep nesting, a
 * body over the 1 MiB limit, and text, form, multipart (malformed too), bytes or odd content types.
 * `extra` adds route-specific bodies (a signed webhook event, an upload).
 */
export function bodyCaseArb(
  schema: JsonSchema | undefined,
  ctx: SchemaContext,
  extra: fc.WeightedArbitrary<BodyCase>[] = [],
): fc.Arbitrary<BodyCase> {
  const valid = schema ? fromSchema(schema, ctx) : fc.jsonValue({ maxDepth: 2 });
  const json = schema
    ? jsonBodyArb(schema, ctx)
    : fc.oneof(
        valid.map((v) => ({ text: JSON.stringify(v) ?? 'null', label: 'unexpected JSON' })),
        fc.dictionary(fc.string({ maxLength: 8 }), nastyValue(), { maxKeys: 3 }).map((v) => ({
          text: JSON.stringify(v),
          label: 'unexpected JSON object',
        })),
      );
  const jsonType = fc.constantFrom(...JSON_CONTENT_TYPES);
  return fc.oneof(
    { arbitrary: fc.constant<BodyCase>({ label: 'no body' }), weight: schema ? 1 : 6 },
    {
      arbitrary: fc.tuple(json, jsonType).map(([j, contentType]) => ({
        label: j.label,
        contentType,
        payload: j.text,
      })),
      weight: schema ? 10 : 2,
    },
    {
      arbitrary: fc.constantFrom(...ODD_JSON_TEXTS).map((text) => ({
        label: 'odd JSON text',
        contentType: 'application/json',
        payload: text,
      })),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom('application/json', 'application/json; charset=utf-8')
        .map((contentType) => ({ label: 'empty JSON body', contentType, payload: '' })),
      weight: 1,
    },
    {
      arbitrary: deepJsonArb().map((d) => ({
        label: d.label,
        contentType: 'application/json',
        payload: d.text,
      })),
      weight: 1,
    },
    {
      arbitrary: fc.integer({ min: 1024 * 1024 - 16, max: 1024 * 1024 + 4096 }).map((n) => ({
        label: `JSON string of ${n} bytes`,
        contentType: 'application/json',
        payload: `"${'a'.repeat(n)}"`,
      })),
      weight: 1,
    },
    {
      arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({
        label: 'invalid UTF-8 in JSON',
        contentType: 'application/json',
        payload: Buffer.concat([
          Buffer.from('{"a":"'),
          Buffer.from([0xc0, 0xaf, 0xff]),
          Buffer.from(bytes),
          Buffer.from('"}'),
        ]),
      })),
      weight: 1,
    },
    {
      arbitrary: fc.tuple(fc.constantFrom(...ODD_CONTENT_TYPES), valid).map(([contentType, v]) => ({
        label: `JSON under content type ${JSON.stringify(contentType)}`,
        contentType,
        payload: JSON.stringify(v) ?? 'null',
      })),
      weight: 2,
    },
    {
      arbitrary: nastyString().map((payload) => ({
        label: 'text/plain',
        contentType: 'text/plain',
        payload,
      })),
      weight: 1,
    },
    {
      arbitrary: valid.map((v) => ({
        label: 'JSON without content type',
        payload: JSON.stringify(v) ?? 'null',
      })),
      weight: 1,
    },
    { arbitrary: formBodyArb(valid), weight: 1 },
    {
      arbitrary: multipartArb(
        valid.map((v) =>
          Object.fromEntries(
            Object.entries(asObject(v)).map(([k, x]) => [
              k,
              typeof x === 'string' ? x : (JSON.stringify(x) ?? ''),
            ]),
          ),
        ),
        fc.record({
          fieldname: fc.constant('file'),
          filename: fc.constantFrom('a.bin', '../../x', 'a\u0000b'),
          data: fc.uint8Array({ maxLength: 32 }),
        }),
      ),
      weight: 1,
    },
    {
      arbitrary: fc.uint8Array({ minLength: 1, maxLength: 256 }).map((bytes) => ({
        label: 'octet-stream',
        contentType: 'application/octet-stream',
        payload: Buffer.from(bytes),
      })),
      weight: 1,
    },
    ...extra,
  );
}

/** Printable ASCII only (header values must be), other characters replaced by `?`. */
export function headerSafe(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '?');
}

/** Up to `max` characters of `value` as an escaped JSON string, with the full length if cut. */
export function excerpt(value: string | Buffer | undefined, max = 300): string {
  if (value === undefined) return '(none)';
  const s = Buffer.isBuffer(value) ? value.toString('latin1') : value;
  const cut = s.length > max ? `${s.slice(0, max)}…` : s;
  return `${JSON.stringify(cut)}${s.length > max ? ` (${s.length} chars)` : ''}`;
}
