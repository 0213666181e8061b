/**
 * The part of an OpenAPI 3 document the docs show. The document comes from the server at run time, so every field
 * is optional here and read defensively: a field the server leaves out must not break the page.
 */
export interface SchemaObject {
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
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: SchemaObject }> }>;
}

export interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string };
  paths?: Record<string, Record<string, OperationObject>>;
}

export interface Field {
  name: string;
  type: string;
  required: boolean;
  /** Limits, allowed values and default, in the schema's own terms (`max 100`, `one of a, b`). */
  rules: string[];
  description?: string;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  summary?: string;
  description?: string;
  parameters: (Field & { in: string })[];
  requestBody: { contentType: string; fields: Field[] } | null;
  responses: { status: string; description?: string; fields: Field[] }[];
}

export interface OperationGroup {
  tag: string;
  operations: Operation[];
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
/** zod's integer bounds are the safe-integer range; showing them says nothing. */
const SAFE_BOUND = Number.MAX_SAFE_INTEGER;

/** A short type for a schema: `string`, `integer`, `array of string`, `object`, `string | null`. */
export function typeOf(schema: SchemaObject | undefined): string {
  if (!schema) return "any";
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.map(typeOf))].join(" | ");
  if (schema.allOf?.length === 1) return typeOf(schema.allOf[0]);
  const base = Array.isArray(schema.type)
    ? schema.type.join(" | ")
    : (schema.type ?? (schema.properties ? "object" : "any"));
  const named = base === "array" ? `array of ${typeOf(schema.items)}` : base;
  return schema.nullable ? `${named} | null` : named;
}

function rulesOf(schema: SchemaObject | undefined): string[] {
  if (!schema) return [];
  const rules: string[] = [];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) for (const variant of variants) rules.push(...rulesOf(variant));
  // zod writes an optional empty string as `anyOf: [{ enum: [""] }, …]`; say so plainly.
  if (schema.enum) {
    rules.push(
      schema.enum.length === 1 && schema.enum[0] === ""
        ? "empty allowed"
        : `one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`,
    );
  }
  if (schema.minLength !== undefined && schema.minLength > 0) rules.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) rules.push(`max length ${schema.maxLength}`);
  if (schema.minimum !== undefined && Math.abs(schema.minimum) < SAFE_BOUND) rules.push(`min ${schema.minimum}`);
  if (schema.maximum !== undefined && Math.abs(schema.maximum) < SAFE_BOUND) rules.push(`max ${schema.maximum}`);
  if (schema.minItems !== undefined && schema.minItems > 0) rules.push(`min items ${schema.minItems}`);
  if (schema.maxItems !== undefined) rules.push(`max items ${schema.maxItems}`);
  if (schema.pattern) rules.push(`pattern ${schema.pattern}`);
  if (schema.format) rules.push(`format ${schema.format}`);
  if (schema.default !== undefined) rules.push(`default ${JSON.stringify(schema.default)}`);
  return [...new Set(rules)];
}

/** The top-level fields of an object schema; nested objects are named by type, not expanded. */
export function fieldsOf(schema: SchemaObject | undefined): Field[] {
  if (!schema?.properties) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: required.has(name),
    rules: rulesOf(property),
    description: property.description,
  }));
}

function firstSchema(content: Record<string, { schema?: SchemaObject }> | undefined) {
  const [entry] = Object.entries(content ?? {});
  return entry ? { contentType: entry[0], schema: entry[1].schema } : null;
}

/** Every operation of the document, grouped by its first tag in the order the tags first appear. */
export function groupOperations(document: OpenApiDocument): OperationGroup[] {
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const body = firstSchema(operation.requestBody?.content);
      const entry: Operation = {
        id: `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, "-").replace(/-+$/, ""),
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
        requestBody: body ? { contentType: body.contentType, fields: fieldsOf(body.schema) } : null,
        responses: Object.entries(operation.responses ?? {}).map(([status, response]) => ({
          status,
          description: response.description,
          fields: fieldsOf(firstSchema(response.content)?.schema),
        })),
      };
      const tag = operation.tags?.[0] ?? "other";
      groups.set(tag, [...(groups.get(tag) ?? []), entry]);
    }
  }
  return [...groups].map(([tag, operations]) => ({ tag, operations }));
}
