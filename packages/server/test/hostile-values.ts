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
    fc.constantFrom("1", "1e3", " 7 ", "-0", "NaN", "Infinity", ""),
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
  const extras = fc.dictionary(
    fc.constantFrom("__proto__", "constructor", "prototype", "id", "accountId", "x"),
    wrongTypes,
    {
      maxKeys: 2,
    },
  );
  return fc
    .tuple(record, fc.option(extras, { freq: 4 }))
    .map(([values, extra]) => (extra ? Object.assign(JSON.parse(JSON.stringify(extra)), values) : values));
}

/** A query string value as a URL carries it: every generated value, written as text. */
export function asQueryValue(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? "";
}
