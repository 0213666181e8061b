import { V } from "@parley/contract";
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

/**
 * The path of the first string holding a NUL character, which no PostgreSQL text can store or be compared with;
 * null when there is none.
 */
export function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") : null;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, key].join(".");
    const found = nulPath(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    // reportInput lets us tell a missing field (301) from a malformed one (300) without reading messages.
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) {
      const nul = nulPath(result.data);
      if (nul !== null) {
        return { error: new RequestValidationError([{ path: nul, message: V.nulCharacter, missing: false }]) };
      }
      return { value: result.data };
    }
    const issues: FieldIssue[] = result.error.issues.map((issue) => ({
      path: issue.path.join("."),
      message: issue.message,
      missing: issue.code === "invalid_type" && (issue as { input?: unknown }).input === undefined,
    }));
    return { error: new RequestValidationError(issues) };
  };
