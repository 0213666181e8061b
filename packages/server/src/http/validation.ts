import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";

export interface FieldIssue {
  path: string;
  message: string;
  missing: boolean;
}

/** Raised by the validator compiler; the error handler answers 301 when a field is absent, else 300. */
export class RequestValidationError extends Error {
  readonly issues: FieldIssue[];
  constructor(issues: FieldIssue[]) {
    super("request validation failed");
    this.issues = issues;
  }
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    // reportInput lets us tell a missing field (301) from a malformed one (300) without reading messages.
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    const issues: FieldIssue[] = result.error.issues.map((issue) => ({
      path: issue.path.join("."),
      message: issue.message,
      missing: issue.code === "invalid_type" && (issue as { input?: unknown }).input === undefined,
    }));
    return { error: new RequestValidationError(issues) };
  };
