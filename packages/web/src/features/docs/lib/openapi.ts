import { CHAT_FIELD_PATTERNS, type TChatFieldPattern } from "@parley/contract";

/**
 * The part of an OpenAPI 3 document the docs show. The document comes from the server at run time, so every field
 * is optional here and read defensively: a field the server leaves out must not break the page.
 */
export interface SchemaObject {
  /** A named schema of the document's `components`, as `#/components/schemas/ChatUser`. */
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  additionalProperties?: boolean | SchemaObject;
  required?: string[];
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  allOf?: SchemaObject[];
}

interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: SchemaObject;
}

interface OperationObject {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: SchemaObject }> };
  responses?: Record<string, ResponseObject>;
}

interface ResponseObject {
  /** A named response of the document's `components`, as `#/components/responses/Error404_3007`. */
  $ref?: string;
  description?: string;
  content?: Record<string, { schema?: SchemaObject }>;
}

export interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string };
  paths?: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, SchemaObject>; responses?: Record<string, ResponseObject> };
}

/**
 * One rule a value must follow, as data: the reference puts it in words in the reader's language (`1–80 characters`,
 * `1–80자`). A pattern is named by the contract's list of field patterns; one the list does not hold is `null`, and
 * is said as "a set format" rather than shown as an expression.
 */
export type Rule =
  | { kind: "oneOf"; values: string[] }
  | { kind: "emptyAllowed" }
  | { kind: "length"; min?: number; max?: number }
  | { kind: "range"; min?: number; max?: number }
  | { kind: "items"; min?: number; max?: number }
  | { kind: "pattern"; name: TChatFieldPattern | null }
  | { kind: "format"; format: string }
  | { kind: "default"; value: string };

export interface Field {
  name: string;
  type: string;
  /** The named schema the type is or holds (`Message` of `Message[] | null`), which the reference links to. */
  ref?: string;
  required: boolean;
  /** Limits, allowed values, patterns and default. */
  rules: Rule[];
  description?: string;
}

export interface Operation {
  id: string;
  /** The document's `operationId`, by which the docs find the operation's summary in each language. */
  operationId?: string;
  method: string;
  path: string;
  summary?: string;
  description?: string;
  parameters: (Field & { in: string })[];
  requestBody: { contentType: string; ref?: string; fields: Field[] } | null;
  /** The answers of success (2xx). */
  responses: { status: string; description?: string; ref?: string; fields: Field[] }[];
  /** The catalogue codes the operation answers on failure, by HTTP status. */
  errors: { status: string; codes: string[] }[];
}

/** A named schema of the document, shown once and linked to wherever a field holds it. */
export interface NamedSchema {
  name: string;
  description?: string;
  type: string;
  fields: Field[];
}

export interface OperationGroup {
  tag: string;
  operations: Operation[];
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
/** zod's integer bounds are the safe-integer range; showing them says nothing. */
const SAFE_BOUND = Number.MAX_SAFE_INTEGER;

const SCHEMA_REF = "#/components/schemas/";

/** The name of the schema a `$ref` points to, or undefined for any other schema. */
export function refName(schema: SchemaObject | undefined): string | undefined {
  return schema?.$ref?.startsWith(SCHEMA_REF) ? schema.$ref.slice(SCHEMA_REF.length) : undefined;
}

/** The first named schema a schema is or holds, through arrays and alternatives. */
function heldRef(schema: SchemaObject | undefined): string | undefined {
  if (!schema) return undefined;
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return refName(schema) ?? heldRef(schema.items) ?? variants.map(heldRef).find(Boolean);
}

/** A schema with a reference followed once, to read the named schema's fields. */
function resolve(schema: SchemaObject | undefined, document: OpenApiDocument): SchemaObject | undefined {
  const name = refName(schema);
  return name ? document.components?.schemas?.[name] : schema;
}

/**
 * A short type for a schema, in the document's own words: `string`, `integer`, `string[]`, `string | null`, or the
 * name of a named schema (`Message[]`).
 */
export function typeOf(schema: SchemaObject | undefined): string {
  if (!schema) return "any";
  const name = refName(schema);
  if (name) return schema.nullable ? `${name} | null` : name;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.map(typeOf))].join(" | ");
  if (schema.allOf?.length === 1) {
    const held = typeOf(schema.allOf[0]);
    return schema.nullable ? `${held} | null` : held;
  }
  const base = Array.isArray(schema.type)
    ? schema.type.join(" | ")
    : (schema.type ?? (schema.properties ? "object" : "any"));
  const itemType = typeOf(schema.items);
  const named = base === "array" ? (itemType.includes(" ") ? `(${itemType})[]` : `${itemType}[]`) : base;
  return schema.nullable ? `${named} | null` : named;
}

const patternNames = new Map(
  Object.entries(CHAT_FIELD_PATTERNS).map(([name, source]) => [source, name as TChatFieldPattern]),
);

/** A lower and upper bound, left out where absent or meaningless (0 as a minimum count, zod's safe-integer bounds). */
function bounds(min: number | undefined, max: number | undefined, { countFromZero = false } = {}) {
  const lower = min === undefined || (countFromZero && min === 0) || Math.abs(min) >= SAFE_BOUND ? undefined : min;
  const upper = max === undefined || Math.abs(max) >= SAFE_BOUND ? undefined : max;
  return lower === undefined && upper === undefined ? null : { min: lower, max: upper };
}

export function rulesOf(schema: SchemaObject | undefined): Rule[] {
  if (!schema) return [];
  const rules: Rule[] = [];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) for (const variant of variants) rules.push(...rulesOf(variant));
  // zod writes an optional empty string as `anyOf: [{ enum: [""] }, …]`; say so plainly.
  if (schema.enum) {
    rules.push(
      schema.enum.length === 1 && schema.enum[0] === ""
        ? { kind: "emptyAllowed" }
        : { kind: "oneOf", values: schema.enum.map((value) => String(value)) },
    );
  }
  const length = bounds(schema.minLength, schema.maxLength, { countFromZero: true });
  if (length) rules.push({ kind: "length", ...length });
  const range = bounds(schema.minimum, schema.maximum);
  if (range) rules.push({ kind: "range", ...range });
  const items = bounds(schema.minItems, schema.maxItems, { countFromZero: true });
  if (items) rules.push({ kind: "items", ...items });
  // A format names what a pattern only spells out (a uuid's pattern comes with `format: uuid`).
  if (schema.format) rules.push({ kind: "format", format: schema.format });
  else if (schema.pattern) rules.push({ kind: "pattern", name: patternNames.get(schema.pattern) ?? null });
  if (schema.default !== undefined) rules.push({ kind: "default", value: JSON.stringify(schema.default) });
  const seen = new Set<string>();
  return rules.filter((rule) => {
    const key = JSON.stringify(rule);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The top-level fields of an object schema; nested objects are named by type, not expanded. */
export function fieldsOf(schema: SchemaObject | undefined): Field[] {
  if (!schema?.properties) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    type: typeOf(property),
    ref: heldRef(property),
    required: required.has(name),
    rules: rulesOf(property),
    description: property.description,
  }));
}

function firstSchema(content: Record<string, { schema?: SchemaObject }> | undefined) {
  const [entry] = Object.entries(content ?? {});
  return entry ? { contentType: entry[0], schema: entry[1].schema } : null;
}

/** The codes of a failure answer: the `code` enum of its error schema. */
function errorCodesOf(schema: SchemaObject | undefined): string[] {
  const parts = [schema, ...(schema?.allOf ?? [])];
  return parts.flatMap((part) => (part?.properties?.code?.enum ?? []).map((code) => String(code)));
}

const isSuccess = (status: string) => status.startsWith("2");
const RESPONSE_REF = "#/components/responses/";

/** A response with a reference to a named response followed. */
function resolveResponse(response: ResponseObject, document: OpenApiDocument): ResponseObject {
  if (!response.$ref?.startsWith(RESPONSE_REF)) return response;
  return document.components?.responses?.[response.$ref.slice(RESPONSE_REF.length)] ?? {};
}

/** Every operation of the document, grouped by its first tag in the order the tags first appear. */
export function groupOperations(document: OpenApiDocument): OperationGroup[] {
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const body = firstSchema(operation.requestBody?.content);
      const responses = Object.entries(operation.responses ?? {}).map(
        ([status, response]) => [status, resolveResponse(response, document)] as const,
      );
      const entry: Operation = {
        id: `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, "-").replace(/-+$/, ""),
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary,
        description: operation.description,
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          type: typeOf(parameter.schema),
          required: parameter.required ?? false,
          rules: rulesOf(parameter.schema),
          description: parameter.description,
        })),
        requestBody: body
          ? {
              contentType: body.contentType,
              ref: refName(body.schema),
              fields: fieldsOf(resolve(body.schema, document)),
            }
          : null,
        responses: responses
          .filter(([status]) => isSuccess(status))
          .map(([status, response]) => {
            const schema = firstSchema(response.content)?.schema;
            return {
              status,
              description: response.description,
              ref: refName(schema),
              fields: fieldsOf(resolve(schema, document)),
            };
          }),
        errors: responses
          .filter(([status]) => !isSuccess(status))
          .map(([status, response]) => ({ status, codes: errorCodesOf(firstSchema(response.content)?.schema) }))
          .filter((group) => group.codes.length > 0),
      };
      const tag = operation.tags?.[0] ?? "other";
      groups.set(tag, [...(groups.get(tag) ?? []), entry]);
    }
  }
  return [...groups].map(([tag, operations]) => ({ tag, operations }));
}

/** The document's named schemas by name, each with its fields; the error envelope's own parts included. */
export function namedSchemas(document: OpenApiDocument): NamedSchema[] {
  return Object.entries(document.components?.schemas ?? {})
    .map(([name, schema]) => ({
      name,
      description: schema.description,
      type: typeOf(schema),
      fields: fieldsOf(schema),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
