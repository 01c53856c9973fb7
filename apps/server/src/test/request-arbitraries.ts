import fc from "fast-check";

/*
 * fast-check generators for hostile HTTP input: ids past int4, negatives, odd Unicode, control
 * characters, 10,000-character strings, and values shaped like a route's own JSON schema, so a
 * fuzz run gets past validation into the handlers often enough to matter.
 */

export const int4Max = 2 ** 31 - 1;

const hostileNumbers = [
  0,
  -1,
  1,
  2,
  int4Max,
  int4Max + 1,
  2 ** 32,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  0.5,
  -0,
  1e-7,
];

const longText = "a".repeat(10_000);

const hostileStrings = [
  "",
  " ",
  "0",
  "-1",
  "00",
  "1.5",
  "1e3",
  " 1",
  "0x10",
  "2147483647",
  "2147483648",
  "4294967296",
  "9223372036854775808",
  "99999999999999999999999",
  "-2147483649",
  "NaN",
  "Infinity",
  "null",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "' OR '1'='1",
  "1; DROP TABLE users;--",
  "../../../../etc/passwd",
  "..\\..\\windows",
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31m",
  "\r\nX-Injected: 1",
  "\u202e\u2066evil",
  "😀🐄🐑",
  "İıßﬁ",
  "Ó Súilleabháin",
  "\ud800",
  "\udfff\ud800",
  "<script>alert(1)</script>",
  "${7*7}{{7*7}}",
  "%00",
  "%",
  longText,
  "9".repeat(10_000),
  "é".repeat(5_000),
];

const isoDates = [
  "2026-03-02",
  "2026-02-30",
  "2026-13-01",
  "0000-00-00",
  "1899-12-31",
  "9999-12-31",
  "2026-3-2",
];

/** A hostile string: a fixed nasty case, or random text of any code point (surrogates too). */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 1, arbitrary: fc.integer({ min: int4Max - 3, max: Number.MAX_SAFE_INTEGER }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

/** Any JSON value with hostile leaves. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.string({ maxLength: 8 })), tie("value"), {
      maxKeys: 4,
    }),
  ),
})).value;

/** The subset of JSON Schema (OpenAPI 3.0 flavour) that the generated API document uses. */
export type JsonSchema = {
  type?: string | string[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  maxItems?: number;
  format?: string;
  pattern?: string;
};

/** Extra values the caller wants mixed in: real ids, addresses and passwords of the fixtures. */
export type Hints = { strings: readonly string[]; integers: readonly number[] };

/**
 * Values shaped like the schema most of the time (right types, enum members, in-range numbers,
 * strings at and just past their length limits), with a hostile value now and then at any level.
 */
export function arbitraryFromSchema(
  schema: JsonSchema | undefined,
  hints: Hints,
  key = "",
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return hostileJson;
  return fc.oneof(
    { weight: 9, arbitrary: shapedValue(schema, hints, key, depth) },
    { weight: 1, arbitrary: hostileJson },
  );
}

function shapedValue(
  schema: JsonSchema,
  hints: Hints,
  key: string,
  depth: number,
): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants && variants.length > 0) {
    return fc.oneof(...variants.map((variant) => shapedValue(variant, hints, key, depth + 1)));
  }
  if (schema.enum && schema.enum.length > 0) {
    const members = fc.constantFrom(...schema.enum);
    return schema.nullable ? fc.oneof(members, fc.constant(null)) : members;
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  const types = [schema.type ?? []].flat();
  if (schema.nullable) types.push("null");
  if (types.length === 0) return hostileJson;
  return fc.oneof(...types.map((type) => valueOfType(type, schema, hints, key, depth)));
}

function valueOfType(
  type: string,
  schema: JsonSchema,
  hints: Hints,
  key: string,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case "string":
      return stringFor(schema, hints, key);
    case "integer":
    case "number":
      return numberFor(schema, hints, type === "integer");
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(arbitraryFromSchema(schema.items, hints, key, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case "object":
      return objectFor(schema, hints, depth);
    default:
      return hostileJson;
  }
}

function objectFor(schema: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      arbitraryFromSchema(property, hints, name, depth + 1),
    ]),
  );
  const required = (schema.required ?? []).filter((name) => name in model);
  const optional = Object.keys(model).filter((name) => !required.includes(name));
  // A few optional keys at a time: with all twenty of a settings form, one is nearly always
  // wrong and the request never gets past validation.
  const record = fc
    .subarray(optional, { maxLength: Math.min(3, optional.length) })
    .chain((chosen) =>
      fc.record(
        Object.fromEntries(
          [...required, ...chosen].map((name) => [name, model[name] ?? hostileJson]),
        ),
      ),
    );
  const extraKeys = fc.dictionary(
    fc.oneof(hostileString, fc.string({ maxLength: 8 })),
    hostileJson,
    {
      maxKeys: 2,
    },
  );
  return fc.oneof(
    { weight: 5, arbitrary: record },
    {
      weight: 1,
      arbitrary: fc.tuple(record, extraKeys).map(([known, extra]) => ({ ...extra, ...known })),
    },
  );
}

function stringFor(schema: JsonSchema, hints: Hints, key: string): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  const options: fc.Arbitrary<string>[] = [
    fc.string({ minLength: Math.min(minLength, maxLength), maxLength }),
    hostileString,
  ];
  if (schema.maxLength !== undefined) {
    options.push(fc.constantFrom("x".repeat(schema.maxLength), "x".repeat(schema.maxLength + 1)));
  }
  if (schema.pattern) options.push(matchingPattern(schema.pattern));
  if (schema.format === "email" || /mail|username/i.test(key)) options.push(fc.emailAddress());
  if (/phone|mobile|username/i.test(key)) {
    options.push(fc.stringMatching(/^(\+353|\+44|0)?8[3-9] ?\d{3} ?\d{4}$/));
  }
  if (/date/i.test(key) || schema.format === "date") options.push(fc.constantFrom(...isoDates));
  if (hints.strings.length > 0) options.push(fc.constantFrom(...hints.strings));
  return fc.oneof(...options);
}

function matchingPattern(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return hostileString;
  }
}

function numberFor(schema: JsonSchema, hints: Hints, isInteger: boolean): fc.Arbitrary<number> {
  const lower =
    typeof schema.exclusiveMinimum === "number"
      ? schema.exclusiveMinimum + 1
      : (schema.minimum ?? -1_000);
  const upper =
    typeof schema.exclusiveMaximum === "number"
      ? schema.exclusiveMaximum - 1
      : (schema.maximum ?? Math.max(lower, 0) + 1_000);
  const low = Math.ceil(Math.max(lower, Number.MIN_SAFE_INTEGER));
  const high = Math.floor(Math.min(Math.max(upper, low), Number.MAX_SAFE_INTEGER));
  const options: fc.Arbitrary<number>[] = [
    fc.integer({ min: low, max: Math.min(high, low + 60) }),
    fc.integer({ min: low, max: high }),
    hostileNumber,
  ];
  if (!isInteger) options.push(fc.double({ min: low, max: high, noNaN: true }));
  if (hints.integers.length > 0) options.push(fc.constantFrom(...hints.integers));
  return fc.oneof(...options);
}

/**
 * Percent-encodes every byte but the unreserved ones. Unlike encodeURIComponent it never throws:
 * a lone surrogate travels as the replacement character's bytes.
 */
export function percentEncode(text: string): string {
  let encoded = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const character = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-._~]/.test(character)
      ? character
      : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return encoded;
}

/** Path segments as an attacker would type them, some of them malformed on purpose. */
export const rawPathSegments = [
  "%",
  "%zz",
  "%c0%ae%c0%ae",
  "%2e%2e",
  "..",
  ".",
  "%2F",
  "%00",
  "%E0%A4%A",
  "%F0%9F%90%84",
];

/** Query strings with malformed encoding, repeated keys and nested-looking keys. */
export const rawQueryStrings = [
  "%",
  "a=%ZZ",
  "%E0%A4%A=1",
  "&&&=",
  "a[b]=c",
  "a[]=1&a[]=2",
  "__proto__[x]=1",
  "constructor[prototype][x]=1",
  "include=vaccine&include=rules",
  "seasonComboId=1&seasonComboId=2",
  "include=vaccine&seasonComboId=2147483648",
  "include=vaccine,rules,shots&seasonComboId=1&birthDate=2026-02-01&breedingDate=2026-04-25",
];

/** Bodies that are not JSON though they say so, or JSON that tries prototype pollution. */
export const rawJsonBodies = [
  "",
  "{",
  '{"a":',
  "[",
  "nul",
  '"unterminated',
  "{}{}",
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  "\u0000",
  `"${longText}"`,
];

type JsonPath = (string | number)[];

function listLeafPaths(value: unknown, path: JsonPath = []): JsonPath[] {
  if (Array.isArray(value)) {
    return [path, ...value.flatMap((item, index) => listLeafPaths(item, [...path, index]))];
  }
  if (typeof value === "object" && value !== null) {
    return [
      path,
      ...Object.entries(value).flatMap(([key, item]) => listLeafPaths(item, [...path, key])),
    ];
  }
  return [path];
}

function replaceAt(value: unknown, path: JsonPath, replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) {
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  }
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaceAt(record[head], rest, replacement) };
}

/**
 * A valid example as it is, or with one value anywhere in it (a leaf, an array or an object)
 * swapped for a hostile one: the request then fails on one field only, deep in the handler.
 */
export function mutatedExample(example: unknown): fc.Arbitrary<unknown> {
  const paths = listLeafPaths(example);
  const replacement = fc.oneof(hostileNumber, hostileString, hostileJson);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(example) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...paths), replacement)
        .map(([path, value]) => replaceAt(example, path, value)),
    },
  );
}
