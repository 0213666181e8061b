import fc from "fast-check";
import { z } from "zod";

/** The parts of a JSON Schema (as zod writes it) that the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  format?: string;
  pattern?: string;
}

/** A route's zod input schema as JSON Schema, or null when it has none or cannot be written as one. */
export function toJsonSchema(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  } catch {
    return null;
  }
}

/** A number past every integer type PostgreSQL has, as a query string or path carries it. */
export const HUGE_NUMBER = "99999999999999999999999";
/** Lone UTF-16 surrogates: JSON carries them, and PostgreSQL's `jsonb` refuses them. */
export const LONE_SURROGATES = ["\ud800", "\udfff\ud800"] as const;

/**
 * JSON bodies holding text no PostgreSQL column stores, in a value, in a key and deep inside, and a storable text
 * long enough that cutting it where the audit log cuts (2,000 UTF-16 units) halves a pair. Sent to every route,
 * those that take no body too: a body the route ignores still reaches what keeps the request as it came.
 */
export const UNSTORABLE_BODIES: readonly { label: string; json: unknown }[] = [
  { label: "NUL in a value", json: { a: "\u0000" } },
  { label: "lone surrogate in a value", json: { a: LONE_SURROGATES[0] } },
  { label: "NUL as a key", json: { "\u0000": "x" } },
  { label: "reversed pair as a key", json: { [LONE_SURROGATES[1]]: 1 } },
  {
    label: "NUL and lone surrogates nested",
    json: { a: [{ b: "x\u0000y" }], c: { [LONE_SURROGATES[0]]: LONE_SURROGATES[1] } },
  },
  { label: "a pair across the audit log's cut", json: { a: `a${"😀".repeat(1500)}` } },
];

/**
 * Strings that have broken servers: NUL bytes PostgreSQL refuses in text, lone surrogates, SQL and HTML, paths,
 * format specifiers, very long and oddly encoded text.
 */
const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "'; drop table accounts; --",
  '" or 1=1 --',
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  "%00%2e%2e%2f",
  "%s%n%x",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text
  "${7*7}{{7*7}}",
  "__proto__",
  "constructor",
  "\u202e\u0301\u200b",
  "😀".repeat(300),
  "가".repeat(2000),
  "x".repeat(70_000),
  "-1",
  "1e309",
  HUGE_NUMBER,
  "NaN",
  "null",
  "true",
  "0x10",
  "2026-02-30T25:61:00Z",
  "00000000-0000-0000-0000-000000000000",
];

const wrongTypes = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant([]),
  fc.constant({}),
  fc.string({ maxLength: 8 }),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant([[[[[[[[[[[]]]]]]]]]]]),
);

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.enum) return ["enum"];
  if (schema.const !== undefined) return ["const"];
  return [];
}

function stringValues(schema: JsonSchema): fc.Arbitrary<unknown> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const lengths = [min, Math.max(0, min - 1), max, max + 1].filter((n, i, all) => all.indexOf(n) === i && n < 100_000);
  return fc.oneof(
    fc.string({ minLength: Math.min(min, 50), maxLength: Math.min(max + 2, 60) }),
    fc.constantFrom(...lengths).map((n) => "a".repeat(n)),
    fc.constantFrom(...lengths).map((n) => "가".repeat(n)),
    fc.constantFrom(...NASTY_STRINGS),
    schema.format === "uuid" || schema.format === "email" || schema.format === "uri"
      ? fc.oneof(fc.uuid(), fc.emailAddress(), fc.webUrl())
      : fc.string({ maxLength: 4 }),
    wrongTypes,
  );
}

function numberValues(schema: JsonSchema): fc.Arbitrary<unknown> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000;
  return fc.oneof(
    fc.constantFrom(min, min - 1, max, max + 1, 0, -1, 0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308),
    fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) }),
    fc.constantFrom("1", "1e3", " 7 ", "-0", "NaN", "Infinity", "", HUGE_NUMBER),
    wrongTypes,
  );
}

/**
 * Values for a JSON Schema node: a few that fit, many on and past each boundary, of the wrong type, or nasty.
 * `depth` keeps nested objects finite.
 */
export function hostileValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return wrongTypes;
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => hostileValue(b, depth + 1)), wrongTypes);
  const types = typesOf(schema);
  const arbitraries: fc.Arbitrary<unknown>[] = [];
  for (const type of types) {
    if (type === "enum") {
      const values = schema.enum ?? [];
      arbitraries.push(
        fc.constantFrom(...values, ...values.map((v) => (typeof v === "string" ? v.toUpperCase() : v)), "other"),
      );
    } else if (type === "const") arbitraries.push(fc.constantFrom(schema.const, "other"));
    else if (type === "string") arbitraries.push(stringValues(schema));
    else if (type === "integer" || type === "number") arbitraries.push(numberValues(schema));
    else if (type === "boolean") arbitraries.push(fc.oneof(fc.boolean(), fc.constantFrom("true", 0, 1)));
    else if (type === "array") {
      const maxItems = schema.maxItems ?? 5;
      arbitraries.push(
        fc.array(hostileValue(schema.items ?? schema.prefixItems?.[0], depth + 1), {
          maxLength: Math.min(maxItems + 2, 12),
        }),
        // One past the longest list the schema allows, of otherwise fitting items.
        fc.constant(Array.from({ length: Math.min(maxItems + 1, 1001) }, () => "a")),
      );
    } else if (type === "object") arbitraries.push(hostileObject(schema, depth));
    else if (type === "null") arbitraries.push(fc.constant(null));
  }
  if (arbitraries.length === 0) return wrongTypes;
  return fc.oneof(...arbitraries, wrongTypes);
}

/** An object of the schema's properties, each hostile or left out, sometimes with keys the schema does not know. */
export function hostileObject(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, hostileValue(value, depth + 1)])),
    { requiredKeys: [] },
  );
  // A record (metadata): its keys are input too, so they get the nasty strings as well.
  const entries =
    typeof schema.additionalProperties === "object"
      ? fc.dictionary(
          fc.constantFrom("", " ", "\u0000", ...LONE_SURROGATES, "x".repeat(65), "'; drop table accounts; --", "k"),
          hostileValue(schema.additionalProperties, depth + 1),
          {
            maxKeys: 3,
          },
        )
      : fc.constant({});
  const extras = fc.dictionary(
    fc.constantFrom("__proto__", "constructor", "prototype", "id", "accountId", "x"),
    wrongTypes,
    {
      maxKeys: 2,
    },
  );
  return fc
    .tuple(record, fc.option(extras, { freq: 4 }), entries)
    .map(([values, extra, more]) =>
      Object.assign(extra ? JSON.parse(JSON.stringify(extra)) : {}, JSON.parse(JSON.stringify(more)), values),
    );
}

/** A query string value as a URL carries it: every generated value, written as text. */
export function asQueryValue(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? "";
}

/**
 * A value that fits the schema node as far as its JSON Schema tells (a pattern is not solved): the base that a
 * directed case changes in one place, so that place is what the server judges.
 */
export function fittingValue(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.default !== undefined) return schema.default;
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches?.length) return fittingValue(branches.find((b) => b.type !== "null") ?? branches[0], depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "string") {
    if (schema.format === "uuid") return "00000000-0000-4000-8000-000000000000";
    if (schema.format === "email") return "someone@example.com";
    if (schema.format === "uri") return "https://example.com/";
    if (schema.format === "date-time") return new Date().toISOString();
    if (schema.format === "date") return new Date().toISOString().slice(0, 10);
    return "a".repeat(Math.min(Math.max(schema.minLength ?? 1, 1), schema.maxLength ?? 1));
  }
  if (type === "integer" || type === "number") return Math.min(schema.minimum ?? 1, schema.maximum ?? 1);
  if (type === "boolean") return false;
  if (type === "array") {
    return Array.from({ length: schema.minItems ?? 0 }, () => fittingValue(schema.items, depth + 1));
  }
  if (type === "object") {
    const required = new Set(schema.required ?? []);
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([key]) => required.has(key))
        .map(([key, value]) => [key, fittingValue(value, depth + 1)]),
    );
  }
  return null;
}

/** One place in a value: object keys and array indexes from the root. */
type Path = (string | number)[];

/** Where the schema takes text and numbers, and where it takes a record whose keys are input too. */
function placesIn(schema: JsonSchema | undefined, path: Path = [], depth = 0) {
  const places = { strings: [] as Path[], numbers: [] as Path[], records: [] as Path[] };
  if (!schema || depth > 4) return places;
  const merge = (more: typeof places) => {
    places.strings.push(...more.strings);
    places.numbers.push(...more.numbers);
    places.records.push(...more.records);
  };
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches?.length) {
    // One branch suffices: each reaches the same place, and a union is refused or taken as a whole.
    merge(placesIn(branches.find((b) => b.type !== "null" && b.const === undefined) ?? branches[0], path, depth + 1));
    return places;
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes("string") && schema.const === undefined && !schema.enum) places.strings.push(path);
  if (types.includes("integer") || types.includes("number")) places.numbers.push(path);
  if (types.includes("array")) merge(placesIn(schema.items, [...path, 0], depth + 1));
  if (types.includes("object")) {
    for (const [key, value] of Object.entries(schema.properties ?? {}))
      merge(placesIn(value, [...path, key], depth + 1));
    if (typeof schema.additionalProperties === "object") {
      places.records.push(path);
      merge(placesIn(schema.additionalProperties, [...path, "k"], depth + 1));
    }
  }
  return places;
}

/** `base` with `value` put at `path`, building what is missing on the way. */
function withValue(base: unknown, schema: JsonSchema | undefined, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const child = (node: JsonSchema | undefined): JsonSchema | undefined => {
    const branch = node?.anyOf?.find((b) => b.type !== "null" && b.const === undefined) ?? node;
    if (typeof head === "number") return branch?.items;
    return branch?.properties?.[head as string] ?? (branch?.additionalProperties as JsonSchema | undefined);
  };
  const next = child(schema);
  if (typeof head === "number") {
    const list = Array.isArray(base) ? [...base] : [];
    list[head] = withValue(list[head] ?? fittingValue(next), next, rest, value);
    return list;
  }
  const object = base && typeof base === "object" && !Array.isArray(base) ? { ...base } : {};
  const current = (object as Record<string, unknown>)[head as string];
  (object as Record<string, unknown>)[head as string] = withValue(current ?? fittingValue(next), next, rest, value);
  return object;
}

export interface DirectedCase {
  /** What the case sends where, for the failure message. */
  label: string;
  value: unknown;
  /** The case puts text no database can store into the input: nothing may accept it. */
  unstorable: boolean;
}

/**
 * Cases aimed at each place of a JSON body one at a time, the rest of the body fitting: a lone surrogate in every
 * text and every record key, and integers past PostgreSQL's `integer`, JavaScript's safe integers and `bigint`.
 */
export function directedBodies(schema: JsonSchema): DirectedCase[] {
  const base = fittingValue(schema);
  const places = placesIn(schema);
  const cases: DirectedCase[] = [];
  places.strings.forEach((path, i) => {
    const surrogate = LONE_SURROGATES[i % LONE_SURROGATES.length];
    cases.push({
      label: `lone surrogate at ${path.join(".")}`,
      value: withValue(base, schema, path, surrogate),
      unstorable: true,
    });
  });
  for (const path of places.records) {
    cases.push({
      label: `lone surrogate key in ${path.join(".") || "the body"}`,
      value: withValue(base, schema, [...path, LONE_SURROGATES[0]], "x"),
      unstorable: true,
    });
  }
  for (const path of places.numbers) {
    for (const number of [2 ** 31, 2 ** 53 + 2, 1e23]) {
      cases.push({
        label: `${number} at ${path.join(".")}`,
        value: withValue(base, schema, path, number),
        unstorable: false,
      });
    }
  }
  return cases;
}

/** Cases aimed at each query parameter: a lone surrogate in text, and numbers past every integer type. */
export function directedQueries(schema: JsonSchema): { label: string; query: Record<string, string> }[] {
  const cases: { label: string; query: Record<string, string> }[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const places = placesIn(property);
    if (places.strings.length)
      cases.push({ label: `lone surrogate in ?${name}`, query: { [name]: LONE_SURROGATES[0] } });
    for (const value of [HUGE_NUMBER, "2147483648", `-${HUGE_NUMBER}`]) {
      cases.push({ label: `${value} in ?${name}`, query: { [name]: value } });
    }
  }
  return cases;
}
