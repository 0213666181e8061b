import fastifySwagger, { type FastifyDynamicSwaggerOptions, type SwaggerTransform } from "@fastify/swagger";
import {
  API_PREFIX,
  CHAT_API_EXAMPLES,
  CHAT_API_PUBLIC_OPERATIONS,
  CHAT_API_TAGS,
  chatApiSchemas,
  chatOperationErrors,
  DASHBOARD_API_OPERATIONS,
  DASHBOARD_API_TAGS,
  type DashboardOperation,
  dashboardApiSchemas,
  dashboardOperationErrors,
  api as paths,
} from "@parley/contract";
import type { FastifyInstance } from "fastify";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { Config } from "../config";
import { type DocumentFacts, finishDocument } from "./openapi-document";

type Registry = typeof chatApiSchemas;

/**
 * The swagger plugin's options for a document whose named schemas are `registry`'s, finished with `facts`. The
 * plugin builds the document at its first request and keeps it, so no other request pays for it.
 */
function documentOptions(
  openapi: NonNullable<FastifyDynamicSwaggerOptions["openapi"]>,
  registry: Registry,
  facts: DocumentFacts,
  transform: (base: SwaggerTransform) => SwaggerTransform,
): FastifyDynamicSwaggerOptions {
  const components = createJsonSchemaTransformObject({ schemaRegistry: registry });
  return {
    openapi,
    transform: transform(createJsonSchemaTransform({ schemaRegistry: registry })),
    transformObject: (document) => {
      const built = components(document);
      return finishDocument({ ...built }, facts) as ReturnType<typeof components>;
    },
  };
}

/** The chat API's document: every route under `/v1`, each named by `chatOperation` in its route. */
export function chatApiDocument(config: Config): FastifyDynamicSwaggerOptions {
  // The routes' options say which writes keep out of idempotent replay (src/http/idempotency.ts); the document is
  // built from every route before it is finished, so the set is whole by then.
  const notIdempotent = new Set<string>();
  return documentOptions(
    {
      info: {
        title: "Parley chat API",
        version: "1",
        description:
          "What an app's server (with an API key) and its end users (with a session token) call. Every answer that is not 2xx is `{ code, message, data? }` with a code of the error catalogue; each operation lists the codes it answers.",
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: {
            type: "http",
            scheme: "bearer",
            description: "An API key (psk_…) or a chat session token (pcs_…)",
          },
        },
      },
      security: [{ bearer: [] }],
    },
    chatApiSchemas,
    {
      errorsOf: chatOperationErrors,
      isPublic: (operationId) => (CHAT_API_PUBLIC_OPERATIONS as readonly string[]).includes(operationId),
      tags: CHAT_API_TAGS,
      examples: CHAT_API_EXAMPLES,
      // The two streams: the swagger plugin would describe their answer as JSON, which it is not.
      producesOf: (operationId) =>
        operationId === "tailEvents" || operationId === "listenWebhooks" ? "text/event-stream" : undefined,
      credential:
        "Called with an API key (`psk_…`, from the app's server) or a user's session token (`pcs_…`) as the bearer credential.",
      isIdempotent: (operationId) => !notIdempotent.has(operationId),
    },
    (base) => (input) => {
      const schema = input.schema as { operationId?: string; consumes?: string[] } | undefined;
      const isMultipart = schema?.consumes?.includes("multipart/form-data") ?? false;
      if (schema?.operationId && (input.route.config?.idempotency === false || isMultipart)) {
        notIdempotent.add(schema.operationId);
      }
      return base(input);
    },
  );
}

const dashboardOperations = new Map<string, DashboardOperation & { operationId: string }>(
  Object.entries(DASHBOARD_API_OPERATIONS).map(([operationId, operation]) => [
    `${operation.method} ${API_PREFIX}${operation.path}`,
    { operationId, ...operation },
  ]),
);
const dashboardOperationById = new Map([...dashboardOperations.values()].map((op) => [op.operationId, op]));

/**
 * The dashboard API's document, for the routes the contract's dashboard reference names; every other route under
 * `/api` is left out of it.
 */
export function dashboardApiDocument(config: Config): FastifyDynamicSwaggerOptions {
  return documentOptions(
    {
      info: {
        title: "Parley dashboard API",
        version: "1",
        description:
          "The dashboard's API for what an app's owner automates: apps, API keys, webhooks, the app's users and channels, exports and the audit log. Every answer that is not 2xx is `{ code, message, data? }` with a code of the error catalogue; each operation lists the codes it answers.",
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          session: {
            type: "http",
            scheme: "bearer",
            description: "A dashboard session token, from `POST /api/auth/login`.",
          },
        },
      },
      security: [{ session: [] }],
    },
    dashboardApiSchemas,
    {
      errorsOf: (operationId, options) => {
        const operation = dashboardOperationById.get(operationId);
        return operation ? dashboardOperationErrors(operation, options) : [];
      },
      isPublic: () => false,
      tags: DASHBOARD_API_TAGS,
      examples: {},
      producesOf: (operationId) => dashboardOperationById.get(operationId)?.produces,
      credential: "Called with a dashboard session token as the bearer credential.",
    },
    (base) => (input) => {
      const method = typeof input.route.method === "string" ? input.route.method : "";
      const operation = dashboardOperations.get(`${method} ${input.url}`);
      if (!operation) return { schema: { hide: true }, url: input.url };
      const { operationId, tag, summary } = operation;
      return base({ ...input, schema: { ...input.schema, operationId, tags: [tag], summary } });
    },
  );
}

/** Collects the dashboard API's document from the routes registered after it in `api`. */
export async function registerDashboardApiDocument(api: FastifyInstance, config: Config): Promise<void> {
  await api.register(fastifySwagger, dashboardApiDocument(config));
}

/** Serves the document at `/api/openapi.json`; registered after the rate limit, which counts it like any route. */
export function serveDashboardApiDocument(api: FastifyInstance): void {
  api.get(paths.openapi, { schema: { hide: true } }, async () => api.swagger());
}
