import { Errors, errorCatalogue } from "@parley/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors";
import { RequestValidationError, validationFailure } from "./validation";

function send(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.status(error.status).send({
    code: error.code,
    message: error.message,
    ...(error.data ? { data: error.data } : {}),
  });
}

/** Turns every failure into the `{ code, message }` envelope; 5xx bodies never carry internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, "request failed");
      return send(reply, err);
    }
    const validation = err.validation as unknown;
    if (validation instanceof RequestValidationError || err instanceof RequestValidationError) {
      const issues = err instanceof RequestValidationError ? err.issues : (validation as RequestValidationError).issues;
      return send(reply, validationFailure(issues));
    }
    if (err.statusCode === 413) return send(reply, new AppError(Errors.BODY_TOO_LARGE));
    // Fastify's own client errors: malformed JSON, wrong content type.
    if (typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500) {
      return send(reply, new AppError(Errors.INVALID_REQUEST, undefined, err.message));
    }
    request.log.error({ err }, "unexpected fault");
    return send(reply, new AppError(Errors.UNEXPECTED, undefined, errorCatalogue[Errors.UNEXPECTED].description));
  });
}
