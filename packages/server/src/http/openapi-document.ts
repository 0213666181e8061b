import {
  CLIENT_MESSAGE_ID_PATTERN,
  type ErrorCode,
  errorCatalogue,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  type OperationExample,
  statusOf,
} from "@parley/contract";

/** A JSON object of the document, read without assuming more than JSON. */
type JsonObject = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const objectAt = (parent: JsonObject, key: string): JsonObject | undefined => {
  const value = parent[key];
  return isObject(value) ? value : undefined;
};

const SCHEMA_REF = "#/components/schemas/";
const IDEMPOTENCY_PARAMETER = "IdempotencyKey";
const WRITE_METHODS = new Set(["put", "post", "delete", "patch"]);
/** What a write with an `Idempotency-Key` may answer besides its own codes: still running, and the key reused. */
const IDEMPOTENCY_ERRORS: readonly ErrorCode[] = ["009", "010"];
const METHODS = ["get", "put", "post", "delete", "patch"] as const;
/** The name fastify-type-provider-zod gives the input form of a named schema, beside its output form. */
const INPUT_SUFFIX = "Input";
const DEFAULT_DESCRIPTION = "Default Response";

/** What one document says beyond what its routes' schemas say. */
export interface DocumentFacts {
  /** The codes an operation answers, from the contract's catalogue of operations. */
  errorsOf(operationId: string, options: { takesInput: boolean }): ErrorCode[];
  /** Operations that take no credential. */
  isPublic(operationId: string): boolean;
  /** The groups in the order the docs list them. */
  tags: readonly string[];
  examples: Record<string, OperationExample>;
  /** The media type of a non-JSON answer, by operation. */
  producesOf(operationId: string): string | undefined;
  /** What an operation with no description of its own says of its credential. */
  credential: string;
  /** Write operations that honour `Idempotency-Key`; none when left out. */
  isIdempotent?(operationId: string): boolean;
}

/** The header a write may carry to be run once however often it is sent (src/http/idempotency.ts). */
const idempotencyParameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: "header",
  required: false,
  description:
    "One key per write, sent again on each retry of it: the same key with the same body within 24 hours answers the first answer again (marked `Idempotent-Replayed: true`) without running the write twice; with another body it answers 010, and while the first still runs 009. Honoured on requests made with an API key.",
  schema: { type: "string", minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX, pattern: CLIENT_MESSAGE_ID_PATTERN.source },
};

function mapRefs(node: unknown, rename: (name: string) => string): unknown {
  if (Array.isArray(node)) return node.map((child) => mapRefs(child, rename));
  if (!isObject(node)) return node;
  const mapped: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    mapped[key] =
      key === "$ref" && typeof value === "string" && value.startsWith(SCHEMA_REF)
        ? SCHEMA_REF + rename(value.slice(SCHEMA_REF.length))
        : mapRefs(value, rename);
  }
  return mapped;
}

function refsIn(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const child of node) refsIn(child, found);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith(SCHEMA_REF))
        found.add(value.slice(SCHEMA_REF.length));
      else refsIn(value, found);
    }
  }
  return found;
}

/** The named schemas the operations reach, directly or through other named schemas. */
function reachableSchemas(paths: unknown, schemas: JsonObject): Set<string> {
  const reached = new Set<string>();
  const pending = [...refsIn(paths, new Set())];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (reached.has(name)) continue;
    reached.add(name);
    pending.push(...refsIn(schemas[name], new Set()));
  }
  return reached;
}

/**
 * The provider writes each named schema twice, as sent (`ChatUserInput`) and as answered (`ChatUser`). One name is
 * enough where the two forms are the same or only one is used; both stay where a request and an answer hold the
 * same schema in different forms (defaults make a field optional in one and present in the other).
 */
function mergeInputForms(doc: JsonObject, schemas: JsonObject): JsonObject {
  const pairs = Object.keys(schemas)
    .filter((name) => name.endsWith(INPUT_SUFFIX) && schemas[name.slice(0, -INPUT_SUFFIX.length)] !== undefined)
    .map((input) => ({ input, base: input.slice(0, -INPUT_SUFFIX.length) }));
  const tentative = new Map(pairs.map(({ input, base }) => [input, base]));
  const rename = (name: string) => tentative.get(name) ?? name;
  const used = reachableSchemas(doc.paths, schemas);
  const merged: JsonObject = { ...schemas };
  for (const { input, base } of pairs) {
    const same = JSON.stringify(mapRefs(schemas[input], rename)) === JSON.stringify(mapRefs(schemas[base], rename));
    if (same || !used.has(base)) {
      if (!same) merged[base] = schemas[input];
      delete merged[input];
    } else {
      tentative.delete(input);
    }
  }
  const renamed = mapRefs({ ...doc, components: { ...objectAt(doc, "components"), schemas: merged } }, rename);
  return isObject(renamed) ? renamed : doc;
}

const RESPONSE_REF = "#/components/responses/";

/**
 * One answer per HTTP status, its codes listed in the description and as the `code` enum, with an example. Each is
 * a named response (`Error404_3007_3020`), written once in `components.responses` however many operations give it.
 */
function errorResponses(codes: readonly ErrorCode[], named: Map<string, JsonObject>): Record<string, JsonObject> {
  const byStatus = new Map<number, [ErrorCode, ...ErrorCode[]]>();
  for (const code of codes) {
    const group = byStatus.get(statusOf(code));
    if (group) group.push(code);
    else byStatus.set(statusOf(code), [code]);
  }
  const responses: Record<string, JsonObject> = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const [first] = group;
    const name = `Error${status}_${group.join("_")}`;
    responses[String(status)] = { $ref: `${RESPONSE_REF}${name}` };
    named.set(name, {
      description: group.map((code) => `- \`${code}\`: ${errorCatalogue[code].description}`).join("\n"),
      ...(status === 429
        ? {
            headers: {
              "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer" } },
            },
          }
        : {}),
      content: {
        "application/json": {
          schema: {
            allOf: [
              { $ref: `${SCHEMA_REF}ErrorResponse` },
              { type: "object", properties: { code: { type: "string", enum: group } } },
            ],
          },
          // One example per status keeps the document small; the description lists every code.
          example: { code: first, message: errorCatalogue[first].description },
        },
      },
    });
  }
  return responses;
}

function finishOperation(
  method: string,
  operation: JsonObject,
  schemas: JsonObject,
  facts: DocumentFacts,
  named: Map<string, JsonObject>,
): JsonObject {
  const operationId = typeof operation.operationId === "string" ? operation.operationId : "";
  const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
  const takesInput = parameters.length > 0 || operation.requestBody !== undefined;
  const example = facts.examples[operationId];
  const responses: JsonObject = { ...objectAt(operation, "responses") };

  const ok = objectAt(responses, "200");
  const produces = facts.producesOf(operationId);
  if (produces) {
    const description =
      produces === "text/event-stream"
        ? "A stream of server-sent events, open until either side closes it."
        : "The file.";
    responses["200"] = { description, content: { [produces]: { schema: { type: "string" } } } };
  } else if (ok) {
    const content = objectAt(ok, "content");
    const json = content ? objectAt(content, "application/json") : undefined;
    const schema = json ? objectAt(json, "schema") : undefined;
    const ref = typeof schema?.$ref === "string" ? schema.$ref.slice(SCHEMA_REF.length) : "";
    const named = objectAt(schemas, ref);
    const description =
      ok.description === DEFAULT_DESCRIPTION
        ? typeof named?.description === "string"
          ? named.description
          : "Done."
        : ok.description;
    const withExample =
      json && example?.response !== undefined
        ? { content: { ...content, "application/json": { ...json, example: example.response } } }
        : {};
    responses["200"] = { ...ok, description, ...withExample };
  }
  const isPublic = facts.isPublic(operationId);
  const isIdempotent = WRITE_METHODS.has(method) && !isPublic && (facts.isIdempotent?.(operationId) ?? false);
  const errors = facts.errorsOf(operationId, { takesInput });
  const keyErrors = isIdempotent ? IDEMPOTENCY_ERRORS.filter((code) => !errors.includes(code)) : [];
  const allErrors = [...errors, ...keyErrors].sort((x, y) => Number(x) - Number(y));
  Object.assign(responses, errorResponses(allErrors, named));

  const body = objectAt(operation, "requestBody");
  const bodyContent = body ? objectAt(body, "content") : undefined;
  const bodyJson = bodyContent ? objectAt(bodyContent, "application/json") : undefined;
  const requestBody =
    body && bodyJson && example?.request !== undefined
      ? { ...body, content: { ...bodyContent, "application/json": { ...bodyJson, example: example.request } } }
      : body;

  return {
    ...operation,
    ...(isIdempotent
      ? { parameters: [...parameters, { $ref: `#/components/parameters/${IDEMPOTENCY_PARAMETER}` }] }
      : {}),
    description:
      operation.description ??
      (isPublic ? "Takes no credential." : `${String(operation.summary)}. ${facts.credential}`),
    ...(requestBody ? { requestBody } : {}),
    ...(isPublic ? { security: [] } : {}),
    responses,
  };
}

/**
 * Finishes a document the swagger plugin built from the routes: one name per schema, the error answers, examples,
 * descriptions and groups, and only the named schemas the operations reach.
 */
export function finishDocument(built: JsonObject, facts: DocumentFacts): JsonObject {
  const doc = mergeInputForms(built, objectAt(objectAt(built, "components") ?? {}, "schemas") ?? {});
  const components = objectAt(doc, "components") ?? {};
  const schemas = objectAt(components, "schemas") ?? {};
  const paths: JsonObject = {};
  const responses = new Map<string, JsonObject>();
  for (const [path, item] of Object.entries(objectAt(doc, "paths") ?? {})) {
    if (!isObject(item)) continue;
    const finished: JsonObject = { ...item };
    for (const method of METHODS) {
      const operation = objectAt(item, method);
      if (operation) finished[method] = finishOperation(method, operation, schemas, facts, responses);
    }
    paths[path] = finished;
  }
  const reached = reachableSchemas([paths, [...responses.values()]], schemas);
  const refersToKey = JSON.stringify(paths).includes(`"#/components/parameters/${IDEMPOTENCY_PARAMETER}"`);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  const usedTags = new Set(
    Object.values(paths).flatMap((item) =>
      isObject(item)
        ? Object.values(item).flatMap((operation) =>
            isObject(operation) && Array.isArray(operation.tags) ? operation.tags : [],
          )
        : [],
    ),
  );
  return {
    ...doc,
    tags: facts.tags.filter((tag) => usedTags.has(tag)).map((name) => ({ name })),
    components: {
      ...components,
      schemas: kept,
      ...(refersToKey ? { parameters: { [IDEMPOTENCY_PARAMETER]: idempotencyParameter } } : {}),
      responses: Object.fromEntries([...responses].sort(([a], [b]) => a.localeCompare(b))),
    },
    paths,
  };
}
