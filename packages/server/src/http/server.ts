import { Errors } from "@parley/contract";
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from "fastify";
import type { Config } from "../config";
import { textLogStream } from "../log-text";
import { registerErrorHandler } from "./error-handler";
import { registerJsonParser } from "./json-body";
import { BODY_LIMIT_BYTES, SECRET_LOG_PATHS } from "./limits";
import { lazyRequestLogger } from "./request-logger";
import { registerSecurityHeaders, requestId, serializeRequest } from "./security";
import { serializerCompiler, validatorCompiler } from "./validation";

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The zod schemas the route validates its input with, where it has them. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
  /** A WebSocket route: its input arrives in frames, not in the request. */
  websocket: boolean;
  /** An upload route: its body is `multipart/form-data` (its schema's `consumes`), read by the handler. */
  multipart: boolean;
}

/**
 * The Fastify instance with what every route shares: logging, the client address, body limits, security headers,
 * validation and the one error envelope. `routes` fills as routes are registered.
 */
export function createServer(
  config: Config,
  logStream: { write(line: string): void } | undefined,
): { server: FastifyInstance; routes: RegisteredRoute[] } {
  const server = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      // Belt and braces: whatever object a log line carries, these fields never reach the output.
      redact: { paths: SECRET_LOG_PATHS, censor: "[redacted]" },
      ...(logStream ? { stream: logStream } : config.logFormat === "text" ? { stream: textLogStream() } : {}),
    },
    // A person at a terminal asks for request lines with LOG_LEVEL; a log collector gets them by default.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    // Every log line of a request carries its id, and the answer echoes it.
    requestIdHeader: false,
    // A hop count trusts that many proxies in front of the server, the nearest first.
    trustProxy:
      typeof config.trustProxy === "number"
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    genReqId: requestId,
    childLoggerFactory: lazyRequestLogger,
    // Fastify sets no request time-out of its own: a client that sends half a request would hold its socket for
    // good. Node checks these every `connectionsCheckingInterval` (30 s by default, which would let a 15 s limit
    // run to 45 s), so it checks a few times within the shorter one. An upgraded WebSocket has left the list it
    // checks; no idle time-out (`connectionTimeout`) is set, as it would stay on the sockets after their upgrade.
    requestTimeout: config.httpRequestTimeoutMs,
    keepAliveTimeout: config.httpKeepAliveTimeoutMs,
    http: {
      headersTimeout: config.httpHeadersTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.httpHeadersTimeoutMs / 4))),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // A path the router cannot take apart (bad percent-encoding, a segment longer than any id) is input that does
    // not match the route: 300, like any other.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply.code(400).send({ code: Errors.INVALID_REQUEST, message: error.message.slice(0, 200) });
    },
  });
  registerSecurityHeaders(server, { publicUrl: config.publicUrl });
  const routes: RegisteredRoute[] = [];
  server.addHook("onRoute", (route) => {
    const { body, querystring, params, consumes } = (route.schema ?? {}) as RegisteredRoute["schema"] & {
      consumes?: string[];
    };
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        schema: { body, querystring, params },
        websocket: route.websocket === true || route.wsHandler !== undefined,
        multipart: consumes?.includes("multipart/form-data") ?? false,
      });
    }
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(server);
  registerJsonParser(server);
  return { server, routes };
}
